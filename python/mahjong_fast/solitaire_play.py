"""A page to play Shanghai solitaire in the browser, served on 127.0.0.1.

The server holds the game and decides every rule (the core's free rule and
matching, seed 000); the page only draws the SVG it is sent and posts clicks.
Standard library only (``http.server``).

- click a tile: the first pick is highlighted (with the free tiles that match it);
  a second matching free pick removes the pair; the same tile again deselects; a
  blocked tile or a tile that does not match is refused with the reason shown;
- "free tiles" dims every tile that cannot be picked now;
- hint (a pair on a winning line, or "no winning line"), undo, redo, shuffle (the
  remaining faces rearranged into a winnable position);
- the four scoring variants of the seed (time, moves, penalty, none) with time
  and moves; "still winnable?" from the solver after every change;
- new deal by layout (built-in or an imported layout file), method (solvable
  uniform or reverse) and difficulty band; won and stuck screens.

Example:
    >>> s = PlayServer("turtle", seed=3)
    >>> st = s.state()
    >>> st["remaining"], st["won"], sorted(st["scores"])
    (144, False, ['moves', 'none', 'penalty', 'time'])
    >>> a, b = s.hint()["hint"]
    >>> s.click(a)["message"], s.click(b)["remaining"]
    ('selected', 142)
"""

from __future__ import annotations

import json
import socket
import threading
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional

from mahjong_fast._core import IllegalMoveError, MahjongError, SolitaireLayout, solitaire_score
from mahjong_fast.solitaire import SCORING_VARIANTS, Game, deal_in_band, layout
from mahjong_fast.solitaire_svg import board_svg

__all__ = ["PlayServer", "serve", "PAGE"]

#: Solver budget for hints, the winnable indicator and shuffles (ms).
HELP_MILLIS = 1500


class PlayServer:
    """The game state behind the page; every method returns the new state (a dict
    that the page draws) and none trusts the page for a rule.

    Example:
        >>> s = PlayServer([(0, 0, 0), (2, 0, 0)], seed=1)
        >>> s.click(0)["selected"], s.click(1)["won"]
        (0, True)
    """

    def __init__(self, layout_spec: Any = "turtle", seed: int = 0, method: str = "uniform") -> None:
        self.lock = threading.Lock()
        self.seed = seed
        self.method = method
        self.difficulty = "any"
        self.layout_name = "turtle"
        self.show_free = False
        self.message = "new deal"
        self.reason = ""
        self.hinted: List[int] = []
        self.winnable: Optional[str] = None
        self.custom: Dict[str, SolitaireLayout] = {}
        self._new(layout(layout_spec) if not isinstance(layout_spec, SolitaireLayout) else layout_spec)

    # -- game changes -----------------------------------------------------------
    def _new(self, lay: SolitaireLayout) -> None:
        self.layout = lay
        self.layout_name = lay.name
        if self.difficulty != "any":
            faces, _rating = deal_in_band(lay, self.difficulty, seed=self.seed, method=self.method)
            self.game = Game(lay, self.seed, faces=faces, scoring="none")
        else:
            self.game = Game(lay, self.seed, method=self.method, scoring="none")
        self.hinted = []
        self.reason = ""
        self._check_winnable()

    def _check_winnable(self) -> None:
        if self.game.won:
            self.winnable = "won"
            return
        r = self.game.solve(max_millis=HELP_MILLIS)
        self.winnable = {"solvable": "yes", "unsolvable": "no"}.get(r["verdict"], "unknown")

    def click(self, slot: int) -> Dict[str, Any]:
        with self.lock:
            n = len(self.layout)
            if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < n:
                self.message, self.reason = "refused", f"slot {slot!r} is not a slot of this layout (0-{n - 1})"
                return self.state()
            sel = self.game.select(slot)
            self.message, self.reason = sel.status, sel.reason
            self.hinted = []
            if sel.status == "removed":
                self._check_winnable()
            return self.state()

    def hint(self) -> Dict[str, Any]:
        with self.lock:
            h = self.game.hint(max_millis=HELP_MILLIS)
            if h.pair is not None:
                self.hinted = list(h.pair)
                self.message, self.reason = "hint", ""
            elif h.lost:
                self.hinted = []
                self.message, self.reason = "hint", "no winning line from here: undo or shuffle"
            else:
                self.hinted = []
                self.message, self.reason = "hint", "the solver ran out of time"
            st = self.state()
            st["hint"] = self.hinted
            return st

    def undo(self) -> Dict[str, Any]:
        return self._step(self.game.undo, "undone")

    def redo(self) -> Dict[str, Any]:
        return self._step(self.game.redo, "redone")

    def _step(self, fn: Any, what: str) -> Dict[str, Any]:
        with self.lock:
            try:
                fn()
                self.message, self.reason = what, ""
                self._check_winnable()
            except IllegalMoveError as e:
                self.message, self.reason = "refused", str(e)
            self.hinted = []
            return self.state()

    def shuffle(self) -> Dict[str, Any]:
        with self.lock:
            try:
                self.game.shuffle()
                self.message, self.reason = "shuffled", ""
                self._check_winnable()
            except MahjongError as e:
                self.message, self.reason = "refused", str(e)
            self.hinted = []
            return self.state()

    def toggle_free(self) -> Dict[str, Any]:
        with self.lock:
            self.show_free = not self.show_free
            return self.state()

    def new(self, layout_name: str = "", method: str = "", difficulty: str = "", seed: Optional[int] = None) -> Dict[str, Any]:
        with self.lock:
            try:
                if method:
                    if method not in ("uniform", "reverse"):
                        raise MahjongError(f"method {method!r}: use uniform or reverse")
                    self.method = method
                if difficulty:
                    if difficulty not in ("any", "easy", "medium", "hard", "expert"):
                        raise MahjongError(f"difficulty {difficulty!r}: use any, easy, medium, hard or expert")
                    self.difficulty = difficulty
                self.seed = self.seed + 1 if seed is None else int(seed)
                name = layout_name or self.layout_name
                lay = self.custom.get(name) or (self.layout if name == self.layout.name else layout(name))
                self._new(lay)
                self.message, self.reason = "new deal", ""
            except MahjongError as e:
                self.message, self.reason = "refused", str(e)
            return self.state()

    def import_layout(self, text: str, name: str = "imported", map_name: Optional[str] = None) -> Dict[str, Any]:
        with self.lock:
            try:
                lay = SolitaireLayout.read(text, name or "imported", map_name or None)
                self.custom[lay.name] = lay
                self._new(lay)
                self.message, self.reason = "new deal", f"imported layout {lay.name} ({len(lay)} tiles)"
            except MahjongError as e:
                self.message, self.reason = "refused", str(e)
            return self.state()

    # -- what the page draws -------------------------------------------------------
    def state(self) -> Dict[str, Any]:
        g = self.game
        events = g._events.items
        scores = {}
        for v in SCORING_VARIANTS:
            scores[v] = solitaire_score(v, events, g.elapsed, g.won, {})
        return {
            "svg": board_svg(
                g.board, selected=g.selected, highlighted=g.highlighted(), hint=self.hinted, show_free=self.show_free
            ),
            "layout": self.layout.name,
            "layouts": list(SolitaireLayout.builtin_names()) + sorted(self.custom),
            "tiles": len(self.layout),
            "remaining": g.remaining,
            "moves": len(g.moves),
            "elapsed": round(g.elapsed, 1),
            "selected": g.selected,
            "message": self.message,
            "reason": self.reason,
            "won": g.won,
            "stuck": g.stuck,
            "winnable": self.winnable,
            "scores": scores,
            "method": self.method,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "show_free": self.show_free,
        }


PAGE = r"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shanghai solitaire</title>
<style>
body { font-family: sans-serif; margin: 12px; background: #f4f1e8; }
#bar button, #bar select { margin: 2px; font-size: 14px; }
#status { margin: 6px 0; min-height: 1.4em; }
#reason { color: #a8071a; font-weight: bold; }
#board svg { max-width: 100%; height: auto; }
#over { position: fixed; inset: 0; display: none; align-items: center; justify-content: center;
        background: rgba(0,0,0,0.45); }
#over div { background: white; padding: 28px 40px; border-radius: 10px; font-size: 22px; text-align: center; }
table.scores td { padding: 0 10px; }
</style></head><body>
<div id="bar">
 <button id="hint">Hint</button><button id="undo">Undo</button><button id="redo">Redo</button>
 <button id="shuffle">Shuffle</button><button id="free">Free tiles</button>
 | layout <select id="layout"></select>
 method <select id="method"><option value="uniform">solvable uniform</option><option value="reverse">reverse</option></select>
 difficulty <select id="difficulty"><option>any</option><option>easy</option><option>medium</option><option>hard</option><option>expert</option></select>
 <button id="new">New deal</button>
 <label>import <input type="file" id="file"></label>
</div>
<div id="status"><span id="info"></span> <span id="reason"></span></div>
<table class="scores"><tr id="scores"></tr></table>
<div id="board"></div>
<div id="over"><div><div id="overtext"></div><br><button id="overnew">New deal</button>
 <button id="overundo">Undo</button></div></div>
<script>
let S = null;
async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify(body || {})});
  draw(await r.json());
}
function draw(s) {
  S = s;
  document.getElementById("board").innerHTML = s.svg;
  document.querySelectorAll("#board g.tile").forEach(g => {
    g.addEventListener("click", () => post("/api/click", {slot: parseInt(g.dataset.slot)}));
  });
  document.getElementById("info").textContent =
    `${s.layout}: ${s.remaining}/${s.tiles} tiles left, ${s.moves} moves, ${s.elapsed} s — ${s.message}` +
    ` — still winnable? ${s.winnable}`;
  document.getElementById("reason").textContent = s.reason;
  const sc = document.getElementById("scores");
  sc.innerHTML = "";
  for (const [k, v] of Object.entries(s.scores)) {
    const td = document.createElement("td");
    td.textContent = `${k}: ${v === null ? "–" : v}`;
    sc.appendChild(td);
  }
  const sel = document.getElementById("layout");
  if (sel.options.length !== s.layouts.length + (s.layouts.includes(s.layout) ? 0 : 1)) {
    sel.innerHTML = "";
    const names = s.layouts.includes(s.layout) ? s.layouts : s.layouts.concat([s.layout]);
    for (const n of names) { const o = document.createElement("option"); o.textContent = n; sel.appendChild(o); }
  }
  sel.value = s.layout;
  document.getElementById("method").value = s.method;
  document.getElementById("difficulty").value = s.difficulty;
  const over = document.getElementById("over");
  if (s.won || s.stuck) {
    document.getElementById("overtext").textContent = s.won
      ? `Won in ${s.moves} moves and ${s.elapsed} s!` : "Stuck: no free pair matches.";
    over.style.display = "flex";
    over.dataset.kind = s.won ? "won" : "stuck";
  } else { over.style.display = "none"; over.dataset.kind = ""; }
}
document.getElementById("hint").onclick = () => post("/api/hint");
document.getElementById("undo").onclick = () => post("/api/undo");
document.getElementById("redo").onclick = () => post("/api/redo");
document.getElementById("shuffle").onclick = () => post("/api/shuffle");
document.getElementById("free").onclick = () => post("/api/free");
function newDeal() {
  post("/api/new", {layout: document.getElementById("layout").value,
                    method: document.getElementById("method").value,
                    difficulty: document.getElementById("difficulty").value});
}
document.getElementById("new").onclick = newDeal;
document.getElementById("overnew").onclick = newDeal;
document.getElementById("overundo").onclick = () => post("/api/undo");
document.getElementById("file").onchange = (e) => {
  const f = e.target.files[0]; if (!f) return;
  const rd = new FileReader();
  rd.onload = () => post("/api/import", {text: rd.result, name: f.name.replace(/\.[^.]*$/, "")});
  rd.readAsText(f);
};
fetch("/api/state").then(r => r.json()).then(draw);
setInterval(() => { if (S && !S.won) fetch("/api/state").then(r => r.json()).then(s => {
  if (s.moves === S.moves && s.message === S.message) {
    document.getElementById("info").textContent =
      `${s.layout}: ${s.remaining}/${s.tiles} tiles left, ${s.moves} moves, ${s.elapsed} s — ${s.message}` +
      ` — still winnable? ${s.winnable}`;
  }
}); }, 1000);
</script></body></html>
"""

#: Largest request body read (an imported layout file fits easily).
MAX_BODY = 4 << 20


def _handler(game: PlayServer) -> type:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _send(self, code: int, body: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, obj: Dict[str, Any]) -> None:
            self._send(200, json.dumps(obj).encode(), "application/json")

        def do_GET(self) -> None:
            if self.path in ("/", "/index.html"):
                self._send(200, PAGE.encode(), "text/html; charset=utf-8")
            elif self.path == "/api/state":
                with game.lock:
                    self._json(game.state())
            else:
                self._send(404, b"not found", "text/plain")

        def do_POST(self) -> None:
            n = int(self.headers.get("Content-Length") or 0)
            if n > MAX_BODY:
                self._send(413, b"too large", "text/plain")
                return
            try:
                body = json.loads(self.rfile.read(n) or b"{}")
                if not isinstance(body, dict):
                    raise ValueError("not an object")
            except ValueError:
                self._send(400, b"bad request", "text/plain")
                return
            routes = {
                "/api/click": lambda: game.click(body.get("slot")),
                "/api/hint": game.hint,
                "/api/undo": game.undo,
                "/api/redo": game.redo,
                "/api/shuffle": game.shuffle,
                "/api/free": game.toggle_free,
                "/api/new": lambda: game.new(
                    str(body.get("layout") or ""), str(body.get("method") or ""), str(body.get("difficulty") or "")
                ),
                "/api/import": lambda: game.import_layout(
                    str(body.get("text") or ""), str(body.get("name") or ""), body.get("map")
                ),
            }
            fn = routes.get(self.path)
            if fn is None:
                self._send(404, b"not found", "text/plain")
                return
            self._json(fn())

    return Handler


def free_port() -> int:
    """A free TCP port on 127.0.0.1.

    Example:
        >>> 0 < free_port() < 65536
        True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(
    layout_spec: Any = "turtle", *, seed: int = 0, port: int = 0, open_browser: bool = True, method: str = "uniform"
) -> ThreadingHTTPServer:
    """Start the page's server on 127.0.0.1 (``port`` 0 = a free one) in a
    background thread and return it (``server.server_address``, ``shutdown()``);
    opens a browser where there is one.

    Example:
        >>> srv = serve("pyramid", open_browser=False)
        >>> srv.server_address[0]
        '127.0.0.1'
        >>> srv.shutdown()
    """
    game = PlayServer(layout_spec, seed=seed, method=method)
    srv = ThreadingHTTPServer(("127.0.0.1", port), _handler(game))
    srv.game = game  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    if open_browser:
        try:
            webbrowser.open(f"http://127.0.0.1:{srv.server_address[1]}/")
        except webbrowser.Error:
            pass
    return srv
