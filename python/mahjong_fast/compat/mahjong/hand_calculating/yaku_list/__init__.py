"""The non-yakuman yaku classes of the ``mahjong`` package's ``yaku_list`` (declared in
``hand_calculating/yaku.py``).

Example:
    >>> Riichi().yaku_id
    1
"""

from mahjong_fast.compat.mahjong.hand_calculating.yaku import make_yaku_classes

_CLASSES = make_yaku_classes(__name__, yakuman=False)

Tsumo = _CLASSES["Tsumo"]
Riichi = _CLASSES["Riichi"]
OpenRiichi = _CLASSES["OpenRiichi"]
Ippatsu = _CLASSES["Ippatsu"]
Chankan = _CLASSES["Chankan"]
Rinshan = _CLASSES["Rinshan"]
Haitei = _CLASSES["Haitei"]
Houtei = _CLASSES["Houtei"]
DaburuRiichi = _CLASSES["DaburuRiichi"]
DaburuOpenRiichi = _CLASSES["DaburuOpenRiichi"]
NagashiMangan = _CLASSES["NagashiMangan"]
Renhou = _CLASSES["Renhou"]
Pinfu = _CLASSES["Pinfu"]
Tanyao = _CLASSES["Tanyao"]
Iipeiko = _CLASSES["Iipeiko"]
Haku = _CLASSES["Haku"]
Hatsu = _CLASSES["Hatsu"]
Chun = _CLASSES["Chun"]
SeatWindEast = _CLASSES["SeatWindEast"]
SeatWindSouth = _CLASSES["SeatWindSouth"]
SeatWindWest = _CLASSES["SeatWindWest"]
SeatWindNorth = _CLASSES["SeatWindNorth"]
RoundWindEast = _CLASSES["RoundWindEast"]
RoundWindSouth = _CLASSES["RoundWindSouth"]
RoundWindWest = _CLASSES["RoundWindWest"]
RoundWindNorth = _CLASSES["RoundWindNorth"]
Sanshoku = _CLASSES["Sanshoku"]
Ittsu = _CLASSES["Ittsu"]
Chantai = _CLASSES["Chantai"]
Honroto = _CLASSES["Honroto"]
Toitoi = _CLASSES["Toitoi"]
Sanankou = _CLASSES["Sanankou"]
SanKantsu = _CLASSES["SanKantsu"]
SanshokuDoukou = _CLASSES["SanshokuDoukou"]
Chiitoitsu = _CLASSES["Chiitoitsu"]
Shosangen = _CLASSES["Shosangen"]
Honitsu = _CLASSES["Honitsu"]
Junchan = _CLASSES["Junchan"]
Ryanpeikou = _CLASSES["Ryanpeikou"]
Chinitsu = _CLASSES["Chinitsu"]
Dora = _CLASSES["Dora"]
AkaDora = _CLASSES["AkaDora"]
UraDora = _CLASSES["UraDora"]

__all__ = [
    "Tsumo",
    "Riichi",
    "OpenRiichi",
    "Ippatsu",
    "Chankan",
    "Rinshan",
    "Haitei",
    "Houtei",
    "DaburuRiichi",
    "DaburuOpenRiichi",
    "NagashiMangan",
    "Renhou",
    "Pinfu",
    "Tanyao",
    "Iipeiko",
    "Haku",
    "Hatsu",
    "Chun",
    "SeatWindEast",
    "SeatWindSouth",
    "SeatWindWest",
    "SeatWindNorth",
    "RoundWindEast",
    "RoundWindSouth",
    "RoundWindWest",
    "RoundWindNorth",
    "Sanshoku",
    "Ittsu",
    "Chantai",
    "Honroto",
    "Toitoi",
    "Sanankou",
    "SanKantsu",
    "SanshokuDoukou",
    "Chiitoitsu",
    "Shosangen",
    "Honitsu",
    "Junchan",
    "Ryanpeikou",
    "Chinitsu",
    "Dora",
    "AkaDora",
    "UraDora",
]
