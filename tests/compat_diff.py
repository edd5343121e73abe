"""The differential run of the ``mahjong`` drop-in (``mahjong_fast.compat.mahjong``)
against the installed ``mahjong`` package: the same generated hands and configs through
both, every field of the two responses compared.

``run(setting, n, seed)`` returns (reasons, unexplained, kinds): the count of each
documented difference (docs/compat_mahjong.md), the hands that differ for no documented
reason, and how many hands of each family were drawn.

Example:
    >>> sorted(SETTINGS)[:2]
    ['default', 'kiriage_sanbaiman']
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Dict, List, Optional, Tuple

from mahjong_fast import InvalidRuleError
from riichi_gen import random_win

# OptionalRules settings compared (each maps to a RuleSet; see docs/compat_mahjong.md).
SETTINGS: Dict[str, Dict[str, Any]] = {
    "default": {},
    "tenhou_like": dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False),
    "kiriage_sanbaiman": dict(has_open_tanyao=True, kiriage=True, kazoe_limit=1, renhou_as_yakuman=True),
    "aka_renhou_mangan": dict(has_aka_dora=True, has_open_tanyao=False, renhou_as_yakuman=False),
    "three_player": dict(is_three_player=True, has_open_tanyao=True, has_aka_dora=True),
    "no_limit_fu_options": dict(
        has_open_tanyao=True, kazoe_limit=2, fu_for_open_pinfu=False, fu_for_pinfu_tsumo=True, has_double_yakuman=False
    ),
    # "aotenjou": the Aotenjou score calculator (not an OptionalRules field).
    "aotenjou": dict(aotenjou=True, has_open_tanyao=True, has_aka_dora=True),
    # "paarenchan": HandConfig.paarenchan = 1 on every dealer win (not an OptionalRules field),
    # with the package's default paarenchan_needs_yaku and without it.
    "with_paarenchan": dict(paarenchan=True, has_open_tanyao=True),
    "with_paarenchan_no_yaku": dict(paarenchan=True, paarenchan_needs_yaku=False, has_aka_dora=True),
}
# Kinds a three-player wall lacks (2m-8m).
_NOT_IN_SANMA = set(range(1, 8))


def three_player_win(rng: random.Random) -> Dict[str, Any]:
    """A generated win a three-player table can have: no 2m-8m anywhere (indicators
    included), the winner and dealer among three seats."""
    while True:
        w = random_win(rng)
        ids = list(w["hand"]) + [i for _, m in w["melds"] for i in m] + w["dora"] + w["ura"]
        if all(i // 4 not in _NOT_IN_SANMA for i in ids):
            w["winner"], w["dealer"] = w["winner"] % 3, w["dealer"] % 3
            return w


def inputs(w: Dict[str, Any], rng: random.Random, players: int = 4) -> Dict[str, Any]:
    """One generated win as the mahjong package's arguments (module-neutral: kinds of
    melds, flags and winds), with some renhou and some configs without winds."""
    seat = (w["winner"] - w["dealer"]) % players
    closed = not w["melds"]
    renhou = closed and not w["tsumo"] and seat != 0 and not w["riichi"] and rng.random() < 0.02
    return dict(
        players=players,
        tiles=list(w["hand"]) + [i for _, ids in w["melds"] for i in ids],
        win=w["win"],
        melds=[(k, list(ids)) for k, ids in w["melds"]],
        dora=w["dora"],
        ura=w["ura"] or None,
        flags=dict(
            is_tsumo=w["tsumo"],
            is_riichi=w["riichi"] or w["double_riichi"],
            is_daburu_riichi=w["double_riichi"],
            is_ippatsu=w["ippatsu"],
            is_rinshan=w["rinshan"],
            is_chankan=w["chankan"] and not renhou,
            is_haitei=w["haitei"],
            is_houtei=w["houtei"] and not renhou,
            is_tenhou=w["tenhou"],
            is_chiihou=w["chiihou"],
            is_renhou=renhou,
            player_wind=None if rng.random() < 0.03 else 27 + seat,
            round_wind=None if rng.random() < 0.03 else 27 + "ESWN".index(w["round_wind"]),
            # A three-player ron's honba (200 each in the mahjong package) is refused: none here.
            tsumi_number=w["honba"] if players == 4 or w["tsumo"] else 0,
            kyoutaku_number=w["riichi_sticks"],
        ),
    )


def evaluate(pkg: Any, x: Dict[str, Any], options: Dict[str, Any]) -> Any:
    """Score ``x`` through a module tree with the mahjong package's layout."""
    Meld = pkg.meld.Meld
    kinds = {
        "chi": (Meld.CHI, True),
        "pon": (Meld.PON, True),
        "daiminkan": (Meld.KAN, True),
        "kakan": (Meld.SHOUMINKAN, True),
        "ankan": (Meld.KAN, False),
    }
    melds = [Meld(meld_type=kinds[k][0], tiles=ids, opened=kinds[k][1]) for k, ids in x["melds"]]
    hc = pkg.hand_calculating.hand_config
    options = dict(options)
    scores = pkg.hand_calculating.scores
    factory = scores.Aotenjou if options.pop("aotenjou", False) else scores.ScoresCalculator
    flags = dict(x["flags"])
    if options.pop("paarenchan", False) and flags["player_wind"] == 27:
        flags["paarenchan"] = 1  # the dealer's (East's) eighth win in a row
    config = hc.HandConfig(options=hc.OptionalRules(**options), **flags)
    return pkg.hand_calculating.hand.HandCalculator.estimate_hand_value(
        x["tiles"],
        x["win"],
        melds=melds,
        dora_indicators=x["dora"],
        ura_dora_indicators=x["ura"],
        config=config,
        scores_calculator_factory=factory,
    )


def fields(r: Any) -> Dict[str, Any]:
    """Every field of a response, as plain values."""
    return dict(
        error=r.error,
        han=r.han,
        fu=r.fu,
        cost=dict(r.cost) if r.cost else None,
        yaku=[(y.yaku_id, y.name, y.han_open, y.han_closed, y.is_yakuman) for y in r.yaku] if r.yaku else None,
        fu_details=[(d["reason"], d["fu"]) for d in r.fu_details] if r.fu_details else None,
        is_open_hand=r.is_open_hand,
    )


def explained(x: Dict[str, Any], theirs: Dict[str, Any], ours: Dict[str, Any]) -> Optional[str]:
    """The documented reason for a difference, if any (docs/compat_mahjong.md)."""
    if "refused" in ours:
        # An option without a counterpart, refused on a hand whose value it changes.
        message = ours["refused"]
        documented = message.startswith("OptionalRules.")
        return "refused: " + message.split(" (")[0].split(": ")[0][:60] if documented else None
    differ = {k for k in theirs if theirs[k] != ours[k]}
    raw_theirs = sum(f for _, f in theirs["fu_details"] or [])
    raw_ours = sum(f for _, f in ours["fu_details"] or [])
    yakuman = bool(theirs["yaku"]) and all(y[4] for y in theirs["yaku"])
    kinds = {t // 4 for t in x["tiles"]}
    seats = {28, 29, 30} if x["players"] == 4 else {28, 29}
    no_seat = x["flags"]["player_wind"] is None and seats <= kinds
    # A config without a seat wind: the core always has one, and a hand holding every
    # non-dealer wind (South, West, North; South, West at three) gets a wind it holds.
    # A tenhou without a seat wind: the mahjong package pays it as a non-dealer's (its
    # dealer is the East seat, and no wind was given); only a dealer has tenhou here.
    if (
        x["flags"]["is_tenhou"]
        and x["flags"]["player_wind"] is None
        and "cost" in differ <= {"cost", "fu", "fu_details"}
    ):
        return "tenhou without a seat wind: paid as the dealer's"
    no_round = x["flags"]["round_wind"] is None and {27, 28, 29, 30} <= kinds
    if no_seat or no_round:
        return "no seat (round) wind given and the hand holds every non-dealer wind (every wind)"
    # The mahjong package takes, among readings of equal value, the one of most fu
    # (then most fu before rounding); the core reports the reading it ranked first.
    if yakuman and differ <= {"fu", "fu_details"} and (theirs["fu"], raw_theirs) >= (ours["fu"], raw_ours):
        return "yakuman hand: the mahjong package reports the reading of most fu"
    # Paarenchan needing another yaku (the package's default): the package reads the
    # hand only where a yaku stands beside it, the core reports the yakuman reading it ranked first.
    if (
        yakuman
        and differ <= {"fu", "fu_details"}
        and x.get("paarenchan_needs_yaku")
        and x["flags"]["player_wind"] == 27
    ):
        return "paarenchan needing a yaku: the mahjong package reports a reading that has one"
    if not yakuman and differ == {"fu_details"} and raw_theirs >= raw_ours:
        return "equal-value readings: another breakdown of the same fu"
    return None


def run(setting: str, n: int, seed: int) -> Tuple[Counter, List[str], Counter]:
    """Compare ``n`` hands under one setting (see the module docstring)."""
    import mahjong
    import mahjong_fast.compat.mahjong as ours_pkg
    from mahjong_fast.compat.mahjong.hand_calculating import hand as _h  # noqa: F401 (loads the tree)

    _load(mahjong)
    _load(ours_pkg)
    options = SETTINGS[setting]
    rng = random.Random(seed)
    reasons: Counter = Counter()
    kinds: Counter = Counter()
    unexplained: List[str] = []
    for _ in range(n):
        three = options.get("is_three_player", False)
        w = three_player_win(rng) if three else random_win(rng)
        x = inputs(w, rng, 3 if three else 4)
        x["paarenchan_needs_yaku"] = options.get("paarenchan", False) and options.get("paarenchan_needs_yaku", True)
        try:
            a = fields(evaluate(mahjong, x, options))
        except ValueError as e:  # the package's own failure (its aotenjou yaku filter)
            reasons[f"the mahjong package raises {type(e).__name__}"] += 1
            continue
        try:
            b = fields(evaluate(ours_pkg, x, options))
        except InvalidRuleError as e:
            b = {"refused": str(e)}
        kinds["error" if a["error"] else "scored"] += 1
        kinds["yakuman"] += bool(a["yaku"] and any(y[4] for y in a["yaku"]))
        if a != b:
            why = explained(x, a, b)
            if why:
                reasons[why] += 1
            else:
                diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
                unexplained.append(f"{x}: {diff}")
    return reasons, unexplained, kinds


def _load(pkg: Any) -> None:
    import importlib

    for sub in ("meld", "hand_calculating.hand", "hand_calculating.hand_config"):
        importlib.import_module(f"{pkg.__name__}.{sub}")


def table(n: int, settings: Optional[List[str]] = None, out: Any = None) -> str:
    """The docs table of a run of ``n`` hands per setting (seeds as the test uses);
    with ``out``, each row is written there as soon as it is done.

    Example:
        >>> table(2, ["default"]).splitlines()[2].startswith("| `default` | 2 |")
        True
    """
    rows = [
        "| setting | hands | scored | errors | yakuman | equal-value readings | yakuman fu | wind not given | refused |"
        " package raises | unexplained |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for setting in settings or sorted(SETTINGS):
        reasons, unexplained, kinds = run(setting, n, sorted(SETTINGS).index(setting) + 11)
        by: Counter = Counter()
        for k, v in reasons.items():
            by[k.split(":")[0].split(" ")[0]] += v
        rows.append(
            f"| `{setting}` | {n:,} | {kinds['scored']:,} | {kinds['error']:,} | {kinds['yakuman']:,} |"
            f" {by.get('equal-value', 0):,} | {by.get('yakuman', 0) + by.get('paarenchan', 0):,} | {by.get('no', 0) + by.get('tenhou', 0):,} | {by.get('refused', 0):,} |"
            f" {by.get('the', 0):,} | {len(unexplained)} |"
        )
        if out is not None:
            print(rows[-1], dict(reasons), unexplained[:3], file=out, flush=True)
    return "\n".join(rows)


if __name__ == "__main__":
    import sys

    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 3000, sys.argv[2:] or None, sys.stdout))
