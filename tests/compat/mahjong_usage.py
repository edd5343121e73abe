"""A script in the style of the ``mahjong`` package's documented examples (hand value by
ron and tsumo, an open set, kazoe as sanbaiman, a yaku's han changed, shanten, agari),
written against ``mahjong``. test_mahjong_usage.py runs it as it is and with its
imports pointed at ``mahjong_fast.compat.mahjong``, and compares what both print.

Example:
    >>> "HandCalculator" in open(__file__).read()
    True
"""

from mahjong.agari import Agari
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter


def show(result):
    print(result.error, result.han, result.fu)
    if result.cost:
        print(sorted(result.cost.items()))
    print(result.yaku)
    for item in result.fu_details or []:
        print(item)


# a closed ron: pinfu, tanyao and a red five
tiles = TilesConverter.string_to_136_array(man="234", pin="06788", sou="345678", has_aka_dora=True)
win = TilesConverter.string_to_136_array(pin="8")[0]
show(HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(options=OptionalRules(has_aka_dora=True))))

# the same hand by tsumo, dealer, riichi, with honba and sticks
config = HandConfig(
    is_tsumo=True, is_riichi=True, player_wind=EAST, round_wind=SOUTH, tsumi_number=1, kyoutaku_number=2
)
show(HandCalculator.estimate_hand_value(tiles, win, config=config, ura_dora_indicators=[tiles[0]]))

# an open pon, with and without open tanyao
tiles = TilesConverter.string_to_136_array(man="33666", pin="456", sou="234678")
win = TilesConverter.string_to_136_array(man="3")[0]
melds = [Meld(meld_type=Meld.PON, tiles=TilesConverter.string_to_136_array(man="666"))]
for kuitan in (True, False):
    config = HandConfig(options=OptionalRules(has_open_tanyao=kuitan))
    show(HandCalculator.estimate_hand_value(tiles, win, melds=melds, config=config))

# a closed kan and many dora, under both kazoe limits (a yakuman is not a counted one)
tiles = TilesConverter.string_to_136_array(pin="333355566677788")
win = TilesConverter.string_to_136_array(pin="8")[0]
melds = [Meld(Meld.KAN, TilesConverter.string_to_136_array(pin="3333"), False)]
dora = [TilesConverter.string_to_136_array(pin="2")[0]] * 4
for limit in (HandConfig.KAZOE_LIMITED, HandConfig.KAZOE_SANBAIMAN):
    config = HandConfig(is_riichi=True, options=OptionalRules(kazoe_limit=limit))
    show(HandCalculator.estimate_hand_value(tiles, win, melds, dora, config))

# a yaku's value changed: renhou worth 8 han
config = HandConfig(is_renhou=True, player_wind=SOUTH)
config.yaku.renhou.han_closed = 8
tiles = TilesConverter.string_to_136_array(man="456", pin="22444", sou="666789")
show(HandCalculator.estimate_hand_value(tiles, TilesConverter.string_to_136_array(pin="4")[0], config=config))

# a hand that does not win, and one without yaku
tiles = TilesConverter.string_to_136_array(man="1357", pin="2468", sou="135799")
show(HandCalculator.estimate_hand_value(tiles, tiles[0]))
tiles = TilesConverter.string_to_136_array(man="123", pin="789", sou="55789", honors="222")
melds = [Meld(meld_type=Meld.CHI, tiles=TilesConverter.string_to_136_array(man="123"))]
show(HandCalculator.estimate_hand_value(tiles, tiles[-1], melds=melds))

# shanten
print(Shanten.calculate_shanten(TilesConverter.string_to_34_array(man="1257", pin="2389", sou="14567")))
print(Shanten.calculate_shanten(TilesConverter.string_to_34_array(man="222", pin="345", sou="6789", honors="1155")))
print(
    Shanten.calculate_shanten_for_chiitoitsu_hand(
        TilesConverter.string_to_34_array(man="1199", pin="3388", sou="22456")
    )
)
print(
    Shanten.calculate_shanten_for_kokushi_hand(
        TilesConverter.string_to_34_array(man="19", pin="129", sou="19", honors="123456")
    )
)

# agari
print(Agari.is_agari(TilesConverter.string_to_34_array(man="234", pin="345", sou="456789", honors="77")))
print(Agari.is_agari(TilesConverter.string_to_34_array(man="2345", pin="345", sou="456789", honors="7")))
print(
    Agari.is_agari(TilesConverter.string_to_34_array(man="2222", pin="345", sou="456789", honors="77"), [[1, 1, 1, 1]])
)
