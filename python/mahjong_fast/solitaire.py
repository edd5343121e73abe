"""Shanghai (mahjong) solitaire: play, solve, deal (seed 000).

The rules live in the Rust core (`mahjong_fast._core`); this module adds the game a
player or a program drives: a deal, the select / highlight / second-pick flow,
undo and redo, hints and shuffles that keep the game winnable, and the seed's four
scoring variants.

Slots are indices into the layout's positions (sorted by layer, row, column).
Faces are codes 0..42 (34 riichi kinds in Tenhou order, then the plants 梅蘭菊竹
and the seasons 春夏秋冬) or text: "5p", "7z", "1f".."4f" (plants), "5f".."8f"
(seasons).

Example:
    >>> from mahjong_fast.solitaire import Game
    >>> g = Game("turtle", seed=1)
    >>> a, b = g.hint().pair
    >>> g.remove(a, b)
    >>> g.remaining
    142
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from mahjong_fast._core import (
    ArgumentError,
    IllegalMoveError,
    LayoutError,
    SolitaireBoard,
    SolitaireLayout,
    solitaire_deal,
    solitaire_face_code,
    solitaire_face_text,
    solitaire_playout_share,
    solitaire_score,
    solitaire_shuffle,
    solitaire_solve,
)
from mahjong_fast._lazy import lazy
from mahjong_fast._toml import shown_path
from mahjong_fast.results import SolveResult

Layout = SolitaireLayout
Board = SolitaireBoard
FaceLike = Union[int, str]
Pair = Tuple[int, int]

SCORING_VARIANTS = ("time", "moves", "penalty", "none")


def face_text(code: int) -> str:
    """Text of a face code.

    Example:
        >>> face_text(0), face_text(33), face_text(34), face_text(41)
        ('1m', '7z', '1f', '8f')
    """
    return solitaire_face_text(code)


def face_code(text: str) -> int:
    """Face code of a text ("5p", "7z", "1f".."8f" or a flower's name 梅 .. 冬).

    Example:
        >>> face_code("1p"), face_code("梅"), face_code("春")
        (9, 34, 38)
    """
    return solitaire_face_code(text)


def face_group(code: int) -> int:
    """Matching group 0..36 of a face code: the kind, 34 = plants, 35 = seasons.

    Example:
        >>> face_group(5), face_group(36), face_group(40)
        (5, 34, 35)
    """
    solitaire_face_text(code)  # refuses what is not a face code 0-41, naming it
    code = int(code)
    return code if code < 34 else (34 if code < 38 else 35)


LayoutSpec = Union[str, "os.PathLike[str]", SolitaireLayout, Sequence[Tuple[int, int, int]]]


def layout(spec: LayoutSpec = "turtle", map: Optional[str] = None) -> SolitaireLayout:
    """A layout from a built-in name, a layout file (`map` picks a GNOME file's map
    by name), an existing layout or `(x, y, layer)` triples.

    Example:
        >>> len(layout("pyramid")), len(layout([(0, 0, 0), (2, 0, 0)]))
        (144, 2)
    """
    if isinstance(spec, SolitaireLayout):
        if map is not None:
            raise LayoutError(f"map={map!r} was given with a layout object; it names a map of a file")
        return spec
    if isinstance(spec, (str, os.PathLike)):
        text = os.fspath(spec)
        if map is None and text.lower() in SolitaireLayout.builtin_names():
            return SolitaireLayout.builtin(text)
        if os.path.isfile(text):
            return load_layout(text, map=map)
        raise LayoutError(
            f"layout {shown_path(text)!r} is neither a built-in ({', '.join(SolitaireLayout.builtin_names())}) nor a file"
        )
    return SolitaireLayout(spec)


def _path(path: Any) -> str:
    """A path argument as text (a str or os.PathLike), else an ArgumentError."""
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"path must be a str or os.PathLike, got {type(path).__name__}")
    return os.fspath(path)


def _read(path: str) -> str:
    """A layout file's text; a file that cannot be read is a LayoutError naming it."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)[:200]
        raise LayoutError(f"layout file {shown_path(path)}: cannot read it: {reason}") from None


def load_layout(path: Union[str, os.PathLike[str]], name: str = "", map: Optional[str] = None) -> SolitaireLayout:
    """Read a layout file (KMahjongg .layout, mahjongg-layout-v1.1, GNOME .map,
    xmahjongg, Kyodai 3.0/6.0 .lay); `map` picks a GNOME file's map by name.
    The layout is named after the file (or the map) unless `name` is given.

    Example:
        >>> load_layout("turtle.layout")  # doctest: +SKIP
        SolitaireLayout('turtle', 144 slots)
    """
    path = _path(path)
    text = _read(path)
    if not name and map is None:
        name = os.path.splitext(os.path.basename(path))[0]
    return SolitaireLayout.read(text, name, map)


def map_names(path: Union[str, os.PathLike[str]]) -> List[str]:
    """The map names of a GNOME .map file, in file order.

    Example:
        >>> map_names("mahjongg.map")[:2]  # doctest: +SKIP
        ['Turtle', 'The Ziggurat']
    """
    return SolitaireLayout.map_names(_read(_path(path)))


def solve(board: SolitaireBoard, max_nodes: int = 20_000_000, max_millis: int = 10_000) -> SolveResult:
    """Solve a board's position: verdict, solution (removal order), proof, cost.

    Example:
        >>> b = Board(layout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
        >>> solve(b)["solution"]
        [(0, 1)]
    """
    return solitaire_solve(board, max_nodes, max_millis)


@dataclass
class Selection:
    """What a pick did in the select / highlight / second-pick flow.

    `status` is one of "selected" (first pick, now highlighted), "deselected"
    (the same tile picked again, or a second pick that does not match when the
    game deselects on mismatch), "removed" (the pair went), "not_free" (a tile that
    cannot be picked), "switched" (a second free tile that does not match became the
    new selection when the game switches on mismatch).

    Example:
        >>> Selection("removed", pair=(3, 7)).status
        'removed'
    """

    status: str
    pair: Optional[Pair] = None
    reason: str = ""

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready data (`Selection.from_dict` takes it back).

        Example:
            >>> Selection.from_dict(Selection("removed", pair=(3, 7)).to_dict())
            Selection(status='removed', pair=(3, 7), reason='')
        """
        d = asdict(self)
        d["pair"] = list(self.pair) if self.pair else None
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Selection:
        """The selection of `to_dict()`.

        Example:
            >>> Selection.from_dict({"status": "selected"}).status
            'selected'
        """
        pair = d.get("pair")
        return cls(str(d["status"]), tuple(pair) if pair else None, str(d.get("reason", "")))  # type: ignore[arg-type]


@dataclass
class Hint:
    """A hint: a pair on a winning line, or `lost=True` when no line wins.

    Example:
        >>> Hint(pair=(1, 2)).pair
        (1, 2)
    """

    pair: Optional[Pair] = None
    lost: bool = False
    unknown: bool = False

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready data (`Hint.from_dict` takes it back).

        Example:
            >>> Hint(pair=(1, 2)).to_dict()
            {'pair': [1, 2], 'lost': False, 'unknown': False}
        """
        return {"pair": list(self.pair) if self.pair else None, "lost": self.lost, "unknown": self.unknown}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Hint:
        """The hint of `to_dict()`.

        Example:
            >>> Hint.from_dict({"pair": [1, 2], "lost": False, "unknown": False}) == Hint(pair=(1, 2))
            True
        """
        pair = d.get("pair")
        return cls(tuple(pair) if pair else None, bool(d.get("lost")), bool(d.get("unknown")))  # type: ignore[arg-type]


def _check_clock(clock: Any) -> None:
    if not callable(clock):
        raise ArgumentError(f"clock must be a function returning seconds, got {type(clock).__name__}")


@dataclass
class _Events:
    items: List[Tuple[str, float]] = field(default_factory=list)


class Game:
    """One game of Shanghai solitaire.

    Args:
        layout: a built-in name ("turtle", "pyramid", "fortress", "bridge",
            "spider"), a `SolitaireLayout` or a list of `(x, y, layer)` triples.
        seed: seed of the deal (reproducible); ignored when `faces` is given.
        method: "uniform" (a uniform deal proven solvable; the classic difficulty)
            or "reverse" (reverse construction).
        faces: one face per slot to play a given deal instead.
        scoring: "time", "moves", "penalty" or "none".
        scoring_options: overrides of the variant's numbers (e.g.
            `{"hint_penalty": 50, "shuffle_penalty": 100}`).
        on_mismatch: what a non-matching second pick does: "deselect" (drop the
            first pick), "switch" (select the new tile) or "error" (raise).
        clock: seconds source for the time-based variants.

    Example:
        >>> g = Game("turtle", seed=7, scoring="penalty")
        >>> pair = g.hint().pair
        >>> g.select(pair[0]).status, g.select(pair[1]).status
        ('selected', 'removed')
        >>> g.score()
        -40
    """

    def __init__(
        self,
        layout: Union[str, SolitaireLayout, Sequence[Tuple[int, int, int]]] = "turtle",
        seed: int = 0,
        *,
        method: str = "uniform",
        faces: Optional[Sequence[FaceLike]] = None,
        scoring: str = "none",
        scoring_options: Optional[dict] = None,
        on_mismatch: str = "deselect",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not isinstance(scoring_options, (Mapping, type(None))):
            raise ArgumentError(f"scoring_options must be a dict of numbers, got {type(scoring_options).__name__}")
        if not isinstance(scoring, str) or scoring not in SCORING_VARIANTS:
            raise LayoutError(f"unknown scoring variant {scoring!r}; use one of {', '.join(SCORING_VARIANTS)}")
        if not isinstance(on_mismatch, str) or on_mismatch not in ("deselect", "switch", "error"):
            raise LayoutError(f"unknown on_mismatch {on_mismatch!r}; use deselect, switch or error")
        _check_clock(clock)
        # The scoring options are checked now, not at the first score() call.
        solitaire_score(scoring, [], 0.0, False, dict(scoring_options or {}))
        lay = globals()["layout"](layout)
        self.deal_method = "given"
        self.deal_solution: Optional[List[Pair]] = None
        if faces is None:
            d = solitaire_deal(lay, seed, method)
            faces = d["faces"]
            self.deal_method = d["method"]
            self.deal_solution = [tuple(p) for p in d["solution"]]
        self._board = SolitaireBoard(lay, faces)
        self._initial_faces = self._board.faces
        self.seed = seed
        self.scoring = scoring
        self.scoring_options = dict(scoring_options or {})
        self.on_mismatch = on_mismatch
        self._clock = clock
        self._start = clock()
        self._done: List[Pair] = []
        self._undone: List[Pair] = []
        self._events = _Events()
        self._selected: Optional[int] = None
        self._shuffles = 0

    # -- state ---------------------------------------------------------------
    @property
    def board(self) -> SolitaireBoard:
        """The core board (layout, faces, present slots)."""
        return self._board

    @property
    def layout(self) -> SolitaireLayout:
        return self._board.layout

    @property
    def faces(self) -> List[str]:
        """Face text of every slot."""
        return [face_text(c) for c in self._board.faces]

    @property
    def remaining(self) -> int:
        return self._board.remaining()

    @property
    def moves(self) -> List[Pair]:
        """Pairs removed so far, in order (undone ones excluded)."""
        return list(self._done)

    @property
    def won(self) -> bool:
        return self._board.is_won()

    @property
    def stuck(self) -> bool:
        """Tiles remain but no free pair matches."""
        return self._board.is_stuck()

    @property
    def elapsed(self) -> float:
        return self._clock() - self._start

    def free_tiles(self) -> List[int]:
        return self._board.free_tiles()

    def legal_pairs(self) -> List[Pair]:
        return self._board.legal_pairs()

    # -- moves ---------------------------------------------------------------
    def remove(self, a: int, b: int) -> None:
        """Remove a free matching pair; raises `IllegalMoveError` saying why not."""
        self._board.remove(a, b)
        self._done.append((a, b))
        self._undone.clear()
        self._selected = None
        self._events.items.append(("pair", self.elapsed))

    def undo(self) -> Pair:
        """Put the last removed pair back; raises `IllegalMoveError` when none."""
        if not self._done:
            raise IllegalMoveError("nothing to undo")
        a, b = self._done.pop()
        self._board.restore(a, b)
        self._undone.append((a, b))
        self._selected = None
        self._events.items.append(("undo", self.elapsed))
        return (a, b)

    def redo(self) -> Pair:
        """Remove again the last undone pair; raises `IllegalMoveError` when none."""
        if not self._undone:
            raise IllegalMoveError("nothing to redo")
        a, b = self._undone.pop()
        self._board.remove(a, b)
        self._done.append((a, b))
        self._selected = None
        self._events.items.append(("pair", self.elapsed))
        return (a, b)

    # -- the pick flow -----------------------------------------------------------
    @property
    def selected(self) -> Optional[int]:
        """The highlighted first pick, if any."""
        return self._selected

    def highlighted(self) -> List[int]:
        """Free tiles that match the selection (where a second pick would remove)."""
        s = self._selected
        if s is None:
            return []
        g = face_group(self._board.faces[s])
        return [t for t in self.free_tiles() if t != s and face_group(self._board.faces[t]) == g]

    def select(self, slot: int) -> Selection:
        """Pick a tile: the first pick highlights it; a second matching free pick
        removes both; picking the selection again deselects it; a non-free tile is
        refused; a non-matching free second pick follows `on_mismatch`."""
        if not self._board.is_free(slot):
            reason = self._board.blocked_reason(slot) or f"slot {slot} is not free"
            if self.on_mismatch == "error":
                raise IllegalMoveError(reason)
            return Selection("not_free", reason=reason)
        first = self._selected
        if first is None:
            self._selected = slot
            return Selection("selected")
        if first == slot:
            self._selected = None
            return Selection("deselected")
        try:
            self._board.check(first, slot)
        except IllegalMoveError as e:
            if self.on_mismatch == "error":
                raise
            if self.on_mismatch == "switch":
                self._selected = slot
                return Selection("switched", reason=str(e))
            self._selected = None
            return Selection("deselected", reason=str(e))
        self.remove(first, slot)
        return Selection("removed", pair=(first, slot))

    # -- help ------------------------------------------------------------------
    def solve(self, max_nodes: int = 20_000_000, max_millis: int = 10_000) -> SolveResult:
        """Solver result for the current position (no score effect)."""
        return solitaire_solve(self._board, max_nodes, max_millis)

    def hint(self, max_nodes: int = 20_000_000, max_millis: int = 10_000) -> Hint:
        """A pair on a winning line, or `Hint(lost=True)` when the position is lost.
        Counts as a hint for scoring, once it has an answer: a call that raises (a bad
        argument, Ctrl-C) costs nothing."""
        asked = self.elapsed
        r = self.solve(max_nodes, max_millis)
        self._events.items.append(("hint", asked))
        if r["verdict"] == "solvable":
            return Hint(pair=tuple(r["solution"][0]) if r["solution"] else None)
        if r["verdict"] == "unsolvable":
            return Hint(lost=True)
        return Hint(unknown=True)

    def shuffle(self, seed: Optional[int] = None) -> List[Pair]:
        """Rearrange the remaining faces on the remaining slots into a solvable
        position; returns a solution from there. Counts as a shuffle for scoring.
        Clears the redo history (the old pairs no longer fit the new faces). A call
        that raises (a bad seed, Ctrl-C) changes nothing and is not counted."""
        s = (self.seed * 1_000_003 + self._shuffles + 1) % 2**64 if seed is None else seed
        faces, solution = solitaire_shuffle(self._board, s)
        self._board.set_faces(faces)
        self._shuffles += 1
        self._undone.clear()
        self._selected = None
        self._events.items.append(("shuffle", self.elapsed))
        return [tuple(p) for p in solution]

    def difficulty(self, playouts: int = 1000, seed: int = 0) -> float:
        """Share of random playouts that clear the current position (1.0 = easy)."""
        return solitaire_playout_share(self._board, playouts, seed)

    # -- pictures (notebooks) ----------------------------------------------------
    def _repr_svg_(self) -> str:
        """The board as the play page draws it, with the selection highlighted."""
        from mahjong_fast.solitaire_svg import board_svg

        return board_svg(self._board, selected=self._selected, highlighted=self.highlighted())

    def _repr_html_(self) -> str:
        return (
            f"<div>{self._repr_svg_()}<p>{self.remaining} of {len(self.layout)} tiles left, "
            f"{len(self._done)} moves</p></div>"
        )

    # -- score ---------------------------------------------------------------
    def score(self) -> Optional[int]:
        """The score under the game's variant (None for "none")."""
        return solitaire_score(self.scoring, self._events.items, self.elapsed, self.won, self.scoring_options)

    # -- as a value ------------------------------------------------------------
    def to_dict(self) -> Dict[str, Any]:
        """The game as JSON-ready data: the board now (`SolitaireBoard.to_dict`), the
        deal (seed, initial faces, method, solution), the options, the moves and the
        undone moves, the selection, the shuffle count, the scoring events with their
        times and the seconds elapsed. `Game.from_dict` takes it back.

        Example:
            >>> g = Game("pyramid", seed=2)
            >>> g.remove(*g.hint().pair)
            >>> d = g.to_dict()
            >>> len(d["moves"]), d["board"]["layout"]["name"], Game.from_dict(d) == g
            (1, 'pyramid', True)
        """
        return {
            "board": self._board.to_dict(),
            "initial_faces": [face_text(c) for c in self._initial_faces],
            "seed": self.seed,
            "deal_method": self.deal_method,
            "deal_solution": None if self.deal_solution is None else [list(p) for p in self.deal_solution],
            "scoring": self.scoring,
            "scoring_options": dict(self.scoring_options),
            "on_mismatch": self.on_mismatch,
            "moves": [list(p) for p in self._done],
            "undone": [list(p) for p in self._undone],
            "selected": self._selected,
            "shuffles": self._shuffles,
            "events": [[kind, t] for kind, t in self._events.items],
            "elapsed": self.elapsed,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], *, clock: Callable[[], float] = time.monotonic) -> Game:
        """The game of `to_dict()`; its clock resumes from the elapsed seconds.

        Example:
            >>> Game.from_dict(Game("turtle", seed=1).to_dict()).remaining
            144
        """
        _check_clock(clock)
        g = cls.__new__(cls)
        g._load(d, clock)
        return g

    def _load(self, d: Mapping[str, Any], clock: Callable[[], float]) -> None:
        try:
            board = SolitaireBoard.from_dict(d["board"])
            pairs = lambda key: [(int(a), int(b)) for a, b in d[key]]  # noqa: E731
            self._board = board
            self._initial_faces = [face_code(f) for f in d["initial_faces"]]
            self.seed = int(d["seed"])
            self.deal_method = str(d["deal_method"])
            self.deal_solution = None if d["deal_solution"] is None else pairs("deal_solution")
            self.scoring = str(d["scoring"])
            self.scoring_options = dict(d["scoring_options"])
            self.on_mismatch = str(d["on_mismatch"])
            self._done = pairs("moves")
            self._undone = pairs("undone")
            self._selected = None if d["selected"] is None else int(d["selected"])
            self._shuffles = int(d["shuffles"])
            self._events = _Events([(str(k), float(t)) for k, t in d["events"]])
            elapsed = float(d["elapsed"])
        except (KeyError, IndexError, TypeError, ValueError) as e:
            raise LayoutError(f"Game.from_dict: not a game's dict ({type(e).__name__}: {str(e)[:100]})") from None
        if not (isinstance(self.scoring, str) and self.scoring in SCORING_VARIANTS) or not (
            isinstance(self.on_mismatch, str) and self.on_mismatch in ("deselect", "switch", "error")
        ):
            raise LayoutError(
                f"Game.from_dict: unknown scoring {self.scoring!r:.60} or on_mismatch {self.on_mismatch!r:.60}"
            )
        self._clock = clock
        self._start = clock() - elapsed

    def _value(self) -> Dict[str, Any]:
        d = self.to_dict()
        del d["elapsed"]  # the clock runs on; equal games are equal whenever compared
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._value() == other._value()

    __hash__ = None  # type: ignore[assignment]  # a game changes as it is played

    def __getstate__(self) -> Dict[str, Any]:
        return {"game": self.to_dict(), "clock": self._clock}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self._load(state["game"], state["clock"])

    def __repr__(self) -> str:
        moves = len(self._done)
        return (f"Game({self.layout.name!r}, seed={self.seed}, {self.remaining} of {len(self.layout)} left, "
                f"{moves} move{'' if moves == 1 else 's'}, scoring={self.scoring!r})")


# Surveys, batches and ratings need NumPy: loaded on first use.
__getattr__, __dir__ = lazy(
    globals(),
    {
        **{name: f"mahjong_fast.solitaire_batch:{name}" for name in ("atlas", "solve_many", "summarize", "survey")},
        **{name: f"mahjong_fast.solitaire_difficulty:{name}" for name in ("BANDS", "deal_in_band", "rate")},
    },
)
if TYPE_CHECKING:
    from mahjong_fast.solitaire_batch import atlas, solve_many, summarize, survey
    from mahjong_fast.solitaire_difficulty import BANDS, deal_in_band, rate

__all__ = [
    "BANDS",
    "atlas",
    "deal_in_band",
    "map_names",
    "rate",
    "solve_many",
    "summarize",
    "survey",
    "Board",
    "Game",
    "Hint",
    "Layout",
    "SCORING_VARIANTS",
    "Selection",
    "face_code",
    "face_group",
    "face_text",
    "layout",
    "load_layout",
    "solve",
]
