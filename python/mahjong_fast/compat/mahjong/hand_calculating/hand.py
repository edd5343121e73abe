"""``HandCalculator.estimate_hand_value`` of the ``mahjong`` package, scored by
mahjong_fast's ``score``: the arguments are converted (136-ids, melds, winds, options
to a ``RuleSet``) and the result is given back as a ``HandResponse`` with the
``mahjong`` package's yaku objects, fu reasons, cost dict and error strings.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand import HandCalculator
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> tiles = TilesConverter.string_to_136_array(man="234789", pin="12345666")
    >>> win = TilesConverter.string_to_136_array(pin="6")[0]
    >>> r = HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(is_tsumo=True, is_riichi=True))
    >>> r.han, r.fu, r.cost["main"], r.cost["additional"], r.yaku
    (3, 20, 1300, 700, [Menzen Tsumo, Riichi, Pinfu])
"""

from __future__ import annotations

from typing import Any, Collection, Dict, List, Optional, Tuple, Type

import mahjong_fast as _mf
from mahjong_fast.compat.mahjong.constants import AKA_DORAS, EAST, NORTH, SOUTH, WEST
from mahjong_fast.compat.mahjong.hand_calculating.fu import FuCalculator, FuDetail
from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
from mahjong_fast.compat.mahjong.hand_calculating.hand_response import HandResponse
from mahjong_fast.compat.mahjong.hand_calculating.scores import (
    Aotenjou,
    ScoresCalculator,
    ScoresResult,
    yaku_level,
)
from mahjong_fast.compat.mahjong.hand_calculating.yaku import YAKU_SPECS, Yaku
from mahjong_fast.compat.mahjong.hand_calculating.yaku_config import yaku_class
from mahjong_fast.compat.mahjong.meld import Meld

__all__ = ["HandCalculator"]

# mahjong_fast yaku keys -> the mahjong package's yaku classes (renhou: by its value).
_BY_KEY: Dict[str, type] = {s.key: yaku_class(s.cls) for s in YAKU_SPECS if s.key and s.cls != "RenhouYakuman"}
_SPEC_BY_ID = {s.yaku_id: s for s in YAKU_SPECS}
_DAISHARIN_NAMES = {"daichikurin": "Daichikurin", "daisuurin": "Daisuurin"}
_RENHOU_YAKUMAN = yaku_class("RenhouYakuman")
_DORA, _AKA, _URA = yaku_class("Dora"), yaku_class("AkaDora"), yaku_class("UraDora")
_NAGASHI = yaku_class("NagashiMangan")
_MELD_KIND = {Meld.CHI: "chi", Meld.PON: "pon", Meld.SHOUMINKAN: "kakan"}
_WINDS = (EAST, SOUTH, WEST, NORTH)
# Fu items of the core -> the mahjong package's reasons, in the order it lists them.
_WAIT_REASON = {"kanchan": FuCalculator.KANCHAN, "penchan": FuCalculator.PENCHAN, "tanki": FuCalculator.PAIR_WAIT}
_SET_REASON = {
    # (kan, open, fu) -> reason
    (False, True, 2): FuCalculator.OPEN_PON,
    (False, True, 4): FuCalculator.OPEN_TERMINAL_PON,
    (False, False, 4): FuCalculator.CLOSED_PON,
    (False, False, 8): FuCalculator.CLOSED_TERMINAL_PON,
    (True, True, 8): FuCalculator.OPEN_KAN,
    (True, True, 16): FuCalculator.OPEN_TERMINAL_KAN,
    (True, False, 16): FuCalculator.CLOSED_KAN,
    (True, False, 32): FuCalculator.CLOSED_TERMINAL_KAN,
}


def _set_kind(text: str) -> int:
    """34-format kind of the tile ending a fu line's text ("open triplet 4s")."""
    tile = text.split()[-1]
    number = 5 if tile[0] == "0" else int(tile[0])
    return "mpsz".index(tile[1]) * 9 + number - 1


_FU_CACHE: Dict[Tuple[Any, ...], List[FuDetail]] = {}


def _fu_details(items: List[Tuple[str, str, int]], open_hand: bool) -> List[FuDetail]:
    """The core's fu lines as the mahjong package's (cached by the lines: few distinct)."""
    key = (open_hand, *items)
    got = _FU_CACHE.get(key)
    if got is None:
        if len(_FU_CACHE) > 100_000:
            _FU_CACHE.clear()
        got = _FU_CACHE[key] = _convert_fu(items, open_hand)
    return list(got)


def _convert_fu(items: List[Tuple[str, str, int]], open_hand: bool) -> List[FuDetail]:
    """The core's fu lines as the mahjong package's, in its order (wait, pair, pair
    wait, sets by tile, tsumo, open hand without fu, base): one base line (20, 25, or
    30 with the closed ron's 10), sets named by kind and openness, and the 2 of an open
    hand otherwise without fu named ``hand_without_fu`` even on a tsumo."""
    out: List[Tuple[int, int, FuDetail]] = []
    base = 0
    for key, text, fu in items:
        if key in ("base", "menzen_ron", "chiitoitsu", "pinfu_tsumo"):
            base += fu
            continue
        rank, sub = 0, 0
        if key == "tsumo":
            reason, rank = FuCalculator.TSUMO, 4
        elif key == "wait":
            reason = _WAIT_REASON[text.split()[0]]
            rank = 2 if reason == FuCalculator.PAIR_WAIT else 0
        elif key == "pair":
            reason = FuCalculator.VALUED_PAIR if fu == 2 else FuCalculator.DOUBLE_VALUED_PAIR
            rank = 1
        elif key == "set":
            words = text.split()
            reason, rank, sub = _SET_REASON[(words[1] == "kan", words[0] == "open", fu)], 3, _set_kind(text)
        elif key == "open_pinfu":
            reason, rank, fu = FuCalculator.HAND_WITHOUT_FU, 5, 2
        else:  # pragma: no cover - a fu item this layer does not know
            raise _mf.InternalError(f"unknown fu item {key!r}")
        out.append((rank, sub, FuDetail(fu=fu, reason=reason)))
    if open_hand and [d["reason"] for _, _, d in out] == [FuCalculator.TSUMO]:
        out = [(5, 0, FuDetail(fu=2, reason=FuCalculator.HAND_WITHOUT_FU))]
    out.sort(key=lambda t: (t[0], t[1]))
    return [d for _, _, d in out] + [FuDetail(fu=base, reason=FuCalculator.BASE)]


# Yaku objects are shared between responses, as the mahjong package shares a config's.
_YAKU_CACHE: Dict[Tuple[str, int, bool, bool], Yaku] = {}


def _yaku_object(key: str, han: int, yakuman: bool, open_hand: bool) -> Yaku:
    """The mahjong package's object of one core yaku, han as counted in this hand."""
    if key in _DAISHARIN_NAMES:
        # The other suits' daisharin is the same yaku renamed, as in the mahjong package.
        obj = _BY_KEY["daisharin"]()
        obj.name = _DAISHARIN_NAMES[key]
    else:
        obj = _RENHOU_YAKUMAN() if key == "renhou" and yakuman else _BY_KEY[key]()
    if yakuman:
        if key == "paarenchan":
            obj.count = han  # its name shows the count ("Paarenchan 1"), as the package's does
        han = 13 * han
        obj.han_closed = han
        if obj.han_open:
            obj.han_open = han
    elif key in ("dora", "aka_dora", "ura_dora"):
        obj.han_closed = han
        if obj.han_open:
            obj.han_open = han
    elif open_hand and obj.han_open:
        obj.han_open = han
    else:
        obj.han_closed = han
    return obj


def _yaku(result: Any, open_hand: bool) -> List[Yaku]:
    """The result's yaku as the mahjong package's objects, dora last."""
    out: List[Yaku] = []
    entries = [(y.key, y.han, y.yakuman) for y in result.yaku]
    # A yakuman lists its dora only when they count (Aotenjou's, beside its other yaku).
    if not result.yakuman or result.han:
        entries += [
            (k, n, False)
            for k, n in (("dora", result.dora + result.kita), ("aka_dora", result.aka), ("ura_dora", result.ura))
            if n
        ]
    for key, han, yakuman in entries:
        ck = (key, han, yakuman, open_hand)
        obj = _YAKU_CACHE.get(ck)
        if obj is None:
            obj = _YAKU_CACHE[ck] = _yaku_object(key, han, yakuman, open_hand)
        out.append(obj)
    return out


def _free_wind(avoid: Collection[int], choices: Tuple[int, ...]) -> int:
    """A wind the hand does not hold, for a config that gives none (the mahjong package
    then scores no wind yaku or fu); the first choice when the hand holds them all."""
    return next((w for w in choices if w not in avoid), choices[0])


# mpsz text of each 136-id, red fives (16, 52, 88) as 0.
_ID_TEXT = [("0" if t in AKA_DORAS else str(t % 36 // 4 + 1)) + "mpsz"[t // 36] for t in range(136)]


def _mpsz(ids: Collection[int]) -> str:
    """mpsz text of 136-ids: the core reads tiles by kind, so ids used twice (the
    ``mahjong`` package allows it) stay readable."""
    try:
        return "".join([_ID_TEXT[t] for t in ids])
    except (IndexError, TypeError):
        raise _mf.TileParseError(f"tile ids must be integers in 0-135, got {list(ids)!r}") from None


def _take(pool: List[int], tile: int) -> bool:
    """Remove ``tile`` from ``pool``, or another copy of its kind; False when none is left."""
    if tile in pool:
        pool.remove(tile)
        return True
    same = next((t for t in pool if t // 4 == tile // 4), None)
    if same is None:
        return False
    pool.remove(same)
    return True


def _refuse_result(options: Any, r: Any, tiles: Collection[int], is_open_hand: bool) -> None:
    """Raise InvalidRuleError when an option without a counterpart would change this
    hand's result (elsewhere the option and the core agree)."""
    if options.fu_for_open_pinfu and not options.has_daisharin:
        return
    keys = {k for k, _, _ in r.fu_items}
    what = None
    if not options.fu_for_open_pinfu and is_open_hand and r.self_draw and keys <= {"base", "tsumo"}:
        what = "fu_for_open_pinfu=False on an open tsumo without other fu (the mahjong package drops its tsumo fu)"
    elif options.has_daisharin and is_open_hand and len(tiles) == 14:
        kinds = sorted(t // 4 for t in tiles)
        suits = (0, 1, 2) if options.has_daisharin_other_suits else (1,)
        if any(kinds == [9 * s + k for k in range(1, 8) for _ in (0, 1)] for s in suits):
            what = "has_daisharin=True on an open hand (the mahjong package counts the shape with calls too)"
    if what:
        raise _mf.InvalidRuleError(
            f"OptionalRules.{what} has no counterpart in mahjong_fast's RuleSet and changes this hand's value"
        )


def _cost(r: Any, tsumo: bool, dealer: bool, winner: int, payer: int, other: int, rules: Any) -> ScoresResult:
    """The core result's payments as a ScoresResult; the honba bonuses are what each
    payer pays beyond the hand's value (from the deltas)."""
    deltas = r.deltas
    if tsumo:
        main = r.tsumo_dealer_payment
        additional = main if dealer else r.tsumo_non_dealer_payment
        main_bonus = -deltas[payer] - main
        additional_bonus = -deltas[other] - additional
    else:
        main, additional = r.ron_payment, 0
        main_bonus, additional_bonus = -deltas[payer] - main, 0
    han = r.han if not r.yakuman else 13 * r.yakuman
    return ScoresResult(
        main=main,
        additional=additional,
        main_bonus=main_bonus,
        additional_bonus=additional_bonus,
        kyoutaku_bonus=r.sticks_points,
        total=deltas[winner],
        # (the package's Aotenjou names no level, a yakuman's neither)
        yaku_level=""
        if rules.aotenjou
        else yaku_level(r.limit, han, r.fu, r.yakuman, rules.kiriage_mangan, rules.kazoe == "multiple"),
    )


def _context_error(config: HandConfig, is_open_hand: bool, has_melds: bool) -> Optional[str]:
    """The mahjong package's refusal of an impossible context, checked in its order."""
    c = config
    if not (
        c.is_riichi
        or c.is_daburu_riichi
        or c.is_ippatsu
        or c.is_chankan
        or c.is_rinshan
        or c.is_haitei
        or c.is_houtei
        or c.is_tenhou
        or c.is_chiihou
        or c.is_renhou
    ):
        return None
    wind_known = bool(c.player_wind)
    checks = (
        (c.is_riichi and not c.is_daburu_riichi and is_open_hand, HandCalculator.ERR_OPEN_HAND_RIICHI),
        (c.is_daburu_riichi and is_open_hand, HandCalculator.ERR_OPEN_HAND_DABURI),
        (c.is_ippatsu and not c.is_riichi and not c.is_daburu_riichi, HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI),
        (c.is_chankan and c.is_tsumo, HandCalculator.ERR_CHANKAN_WITH_TSUMO),
        (c.is_rinshan and not c.is_tsumo, HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO),
        (c.is_haitei and not c.is_tsumo, HandCalculator.ERR_HAITEI_WITHOUT_TSUMO),
        (c.is_houtei and c.is_tsumo, HandCalculator.ERR_HOUTEI_WITH_TSUMO),
        (c.is_haitei and c.is_rinshan, HandCalculator.ERR_HAITEI_WITH_RINSHAN),
        (c.is_houtei and c.is_chankan, HandCalculator.ERR_HOUTEI_WITH_CHANKAN),
        (c.is_tenhou and wind_known and not c.is_dealer, HandCalculator.ERR_TENHOU_NOT_AS_DEALER),
        (c.is_tenhou and not c.is_tsumo, HandCalculator.ERR_TENHOU_WITHOUT_TSUMO),
        (c.is_tenhou and has_melds, HandCalculator.ERR_TENHOU_WITH_MELD),
        (c.is_chiihou and wind_known and c.is_dealer, HandCalculator.ERR_CHIIHOU_AS_DEALER),
        (c.is_chiihou and not c.is_tsumo, HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO),
        (c.is_chiihou and has_melds, HandCalculator.ERR_CHIIHOU_WITH_MELD),
        (c.is_renhou and wind_known and c.is_dealer, HandCalculator.ERR_RENHOU_AS_DEALER),
        (c.is_renhou and c.is_tsumo, HandCalculator.ERR_RENHOU_WITH_TSUMO),
        (c.is_renhou and has_melds, HandCalculator.ERR_RENHOU_WITH_MELD),
    )
    return next((err for bad, err in checks if bad), None)


def _renhou_han(config: HandConfig) -> Optional[int]:
    """The renhou han set in ``config.yaku`` (the rule option it maps to), or None; any
    other yaku whose han was changed there has no counterpart and is refused."""
    changed = getattr(config.yaku, "_changed", ())
    renhou = None
    for y in changed:
        spec = _SPEC_BY_ID[y.yaku_id]
        if (y.han_open, y.han_closed) == (spec.han_open, spec.han_closed):
            continue
        if spec.attr == "renhou" and y.han_open == 0 and 1 <= y.han_closed <= 12:
            renhou = y.han_closed
            continue
        raise _mf.InvalidRuleError(
            f"HandConfig.yaku.{spec.attr}: han changed to {y.han_closed} closed / {y.han_open} open; only the"
            " renhou yaku's han (1-12, closed) has a counterpart in mahjong_fast's RuleSet"
        )
    return renhou


def _refuse(config: HandConfig, factory: Type[ScoresCalculator]) -> None:
    """Raise InvalidRuleError for a context without a counterpart in the core's rules."""
    if config.is_open_riichi and config.options.has_sashikomi_yakuman and not config.is_tsumo:
        raise _mf.InvalidRuleError(
            "OptionalRules.has_sashikomi_yakuman on an open riichi ron: mahjong_fast's open_riichi_deal_in pays the"
            " hand as a yakuman (keeping its yaku) rather than adding a sashikomi yakuman"
        )
    if config.paarenchan > 1:
        raise _mf.InvalidRuleError(
            f"HandConfig.paarenchan = {config.paarenchan}: mahjong_fast's paarenchan rule is one yakuman"
            " (HandConfig.paarenchan 0 or 1)"
        )
    if config.paarenchan and config.player_wind != EAST:
        raise _mf.InvalidRuleError(
            "HandConfig.paarenchan for a non-dealer (player_wind is not EAST): mahjong_fast's paarenchan is the"
            " dealer's eighth win in a row"
        )
    if config.num_nuki_dora > 0 and not config.options.is_three_player:
        raise _mf.InvalidRuleError(
            "HandConfig.num_nuki_dora in a four-player game: nuki dora exist only in three-player mahjong_fast"
        )


class HandCalculator:
    """The value of a winning hand (the ``mahjong`` package's interface), with its error
    names (``ERR_*``: the strings ``HandResponse.error`` holds).

    Example:
        >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
        >>> tiles = TilesConverter.string_to_136_array(man="12345")
        >>> HandCalculator.estimate_hand_value(tiles, tiles[0]).error
        'hand_not_winning'
    """

    ERR_NO_WINNING_TILE = "winning_tile_not_in_hand"
    ERR_HAND_NOT_WINNING = "hand_not_winning"
    ERR_NO_YAKU = "no_yaku"
    ERR_OPEN_HAND_RIICHI = "open_hand_riichi_not_allowed"
    ERR_OPEN_HAND_DABURI = "open_hand_daburi_not_allowed"
    ERR_IPPATSU_WITHOUT_RIICHI = "ippatsu_without_riichi_not_allowed"
    ERR_CHANKAN_WITH_TSUMO = "chankan_with_tsumo_not_allowed"
    ERR_RINSHAN_WITHOUT_TSUMO = "rinshan_without_tsumo_not_allowed"
    ERR_HAITEI_WITHOUT_TSUMO = "haitei_without_tsumo_not_allowed"
    ERR_HOUTEI_WITH_TSUMO = "houtei_with_tsumo_not_allowed"
    ERR_HAITEI_WITH_RINSHAN = "haitei_with_rinshan_not_allowed"
    ERR_HOUTEI_WITH_CHANKAN = "houtei_with_chankan_not_allowed"
    ERR_TENHOU_NOT_AS_DEALER = "tenhou_not_as_dealer_not_allowed"
    ERR_TENHOU_WITHOUT_TSUMO = "tenhou_without_tsumo_not_allowed"
    ERR_TENHOU_WITH_MELD = "tenhou_with_meld_not_allowed"
    ERR_CHIIHOU_AS_DEALER = "chiihou_as_dealer_not_allowed"
    ERR_CHIIHOU_WITHOUT_TSUMO = "chiihou_without_tsumo_not_allowed"
    ERR_CHIIHOU_WITH_MELD = "chiihou_with_meld_not_allowed"
    ERR_RENHOU_AS_DEALER = "renhou_as_dealer_not_allowed"
    ERR_RENHOU_WITH_TSUMO = "renhou_with_tsumo_not_allowed"
    ERR_RENHOU_WITH_MELD = "renhou_with_meld_not_allowed"

    @staticmethod
    def estimate_hand_value(
        tiles: Collection[int],
        win_tile: int,
        melds: Optional[Collection[Meld]] = None,
        dora_indicators: Optional[Collection[int]] = None,
        config: Optional[HandConfig] = None,
        scores_calculator_factory: Type[ScoresCalculator] = ScoresCalculator,
        ura_dora_indicators: Optional[Collection[int]] = None,
    ) -> HandResponse:
        """Score a hand: ``tiles`` are all its 136-ids (called ones too), ``win_tile`` one
        of them. A hand that cannot win, or a context the ``mahjong`` package refuses, comes
        back as ``HandResponse(error=...)``; rule options and contexts mahjong_fast has no
        counterpart for raise ``InvalidRuleError``.

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> from mahjong_fast.compat.mahjong.meld import Meld
            >>> tiles = TilesConverter.string_to_136_array(man="234567", pin="22", sou="234", honors="555")
            >>> win = TilesConverter.string_to_136_array(man="7")[0]
            >>> melds = [Meld(meld_type=Meld.PON, tiles=TilesConverter.string_to_136_array(honors="555"))]
            >>> dora = [TilesConverter.string_to_136_array(man="6")[0]]
            >>> r = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora)
            >>> r.han, r.fu, r.yaku
            (2, 30, [Yakuhai (haku), Dora 1])
        """
        melds = [m for m in (melds or []) if m.type != Meld.NUKI]
        config = config or HandConfig()
        options = config.options
        factory = scores_calculator_factory
        _refuse(config, factory)
        # Aotenjou is the core's aotenjou rule; like the mahjong package's, it pays no honba or sticks.
        aotenjou = isinstance(factory, type) and issubclass(factory, Aotenjou)
        # HandConfig.paarenchan (1) is the core's paarenchan rule on the dealer's eighth win in a row.
        paarenchan = config.paarenchan > 0
        rules = options.to_rules(_renhou_han(config), aotenjou, paarenchan)
        is_open_hand = any(m.opened for m in melds)
        three = bool(options.is_three_player)
        n = 3 if three else 4
        custom_scores = factory is not ScoresCalculator and not aotenjou

        if config.is_nagashi_mangan:
            nagashi = _NAGASHI()
            cost = factory().calculate_scores(nagashi.han_closed, 30, config, False)
            return HandResponse(cost, nagashi.han_closed, 30, [nagashi])
        if win_tile not in tiles:
            return HandResponse(error=HandCalculator.ERR_NO_WINNING_TILE)
        error = _context_error(config, is_open_hand, bool(melds))
        if error:
            return HandResponse(error=error)

        concealed = list(tiles)
        core_melds = []
        for m in melds:
            if not all(_take(concealed, t) for t in m.tiles) or m.type not in _MELD_KIND and m.type != Meld.KAN:
                return HandResponse(error=HandCalculator.ERR_HAND_NOT_WINNING)
            kind = ("daiminkan" if m.opened else "ankan") if m.type == Meld.KAN else _MELD_KIND[str(m.type)]
            core_melds.append(f"{kind}:{_mpsz(m.tiles)}")
        # The core adds the winning tile to a 13-tile hand; here it must be among the tiles.
        if len(concealed) + 3 * len(melds) != 14:
            return HandResponse(error=HandCalculator.ERR_HAND_NOT_WINNING)

        kinds = {t // 4 for t in tiles} if config.round_wind not in _WINDS or config.player_wind not in _WINDS else ()
        round_wind = config.round_wind if config.round_wind in _WINDS else _free_wind(kinds, _WINDS)
        if config.player_wind in _WINDS:
            seat = _WINDS.index(config.player_wind)
        elif config.is_tenhou:
            seat = 0  # the mahjong package allows tenhou without a seat wind; only the dealer has it here
        else:
            seat = _WINDS.index(_free_wind(kinds, _WINDS[1:n]))
        tsumo = bool(config.is_tsumo)
        riichi = bool(config.is_riichi or config.is_daburu_riichi)
        discarder = None if tsumo else (seat + 1) % n
        payer = 0 if seat else 1
        other = next(s for s in range(n) if s not in (0, seat))
        call = dict(
            hand=_mpsz(concealed),
            win_tile=_mpsz([win_tile]),
            melds=core_melds,
            rules=rules.core,
            self_draw=tsumo,
            riichi=riichi,
            double_riichi=bool(config.is_daburu_riichi),
            # As in the mahjong package, an open riichi counts only with riichi.
            open_riichi=bool(config.is_open_riichi) and riichi,
            ippatsu=bool(config.is_ippatsu),
            haitei=bool(config.is_haitei),
            houtei=bool(config.is_houtei),
            rinshan=bool(config.is_rinshan),
            chankan=bool(config.is_chankan),
            tenhou=bool(config.is_tenhou),
            chiihou=bool(config.is_chiihou),
            renhou=bool(config.is_renhou),
            round_wind="ESWN"[_WINDS.index(round_wind)],
            winner=seat,
            dealer=0,
            discarder=discarder,
            dora=_mpsz(dora_indicators or []),
            ura=_mpsz(ura_dora_indicators or []) if riichi else "",
            honba=0 if aotenjou else config.tsumi_number,
            riichi_sticks=0 if aotenjou else config.kyoutaku_number,
            kita=max(0, config.num_nuki_dora),
            n_players=n,
            dealer_wins=7 if paarenchan else 0,
        )
        try:
            r = _mf.score(**call)
        except _mf.NoYakuError:
            return HandResponse(error=HandCalculator.ERR_NO_YAKU)
        except _mf.InvalidHandError as e:
            message = str(e)
            return HandResponse(
                error=message if message.startswith("win context") else HandCalculator.ERR_HAND_NOT_WINNING
            )
        except (_mf.TileParseError, _mf.ArgumentError) as e:
            return HandResponse(error=str(e))

        _refuse_result(options, r, tiles, is_open_hand)
        if paarenchan and options.paarenchan_needs_yaku and [y.key for y in r.yaku] == ["paarenchan"]:
            # The package adds paarenchan only beside another yaku (dora apart) under this option;
            # the yakuman list hides the others, so the hand is asked again without it.
            try:
                _mf.score(**dict(call, rules=options.to_rules(_renhou_han(config), aotenjou).core, dealer_wins=0))
            except _mf.NoYakuError:
                return HandResponse(error=HandCalculator.ERR_NO_YAKU)
        yaku = _yaku(r, is_open_hand)
        # Thirteen orphans has 0 fu (yakuman_fu "tenhou") and, as in the mahjong package, no breakdown.
        fu = r.fu
        details = _fu_details(r.fu_items, is_open_hand) if r.fu_items else None
        # (under Aotenjou a yakuman's han is its 13 a multiple, other yaku and dora: the result's own)
        han = 13 * r.yakuman if r.yakuman and not aotenjou else r.han
        if custom_scores:
            cost = factory().calculate_scores(han, fu, config, bool(r.yakuman))
        else:
            cost = _cost(r, tsumo, seat == 0, seat, discarder if discarder is not None else payer, other, rules)
        return HandResponse(cost, han, fu, yaku, None, details, is_open_hand)
