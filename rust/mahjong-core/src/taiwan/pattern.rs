//! The tai patterns, with the Chinese and English names results carry.

/// One scoring pattern of the tai table. The discriminant is the bit used in batch
/// pattern masks (`1 << pattern as u64`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Pattern {
    ConcealedHand = 0,
    SelfDraw,
    ConcealedSelfDraw,
    SingleWait,
    RoundWind,
    SeatWind,
    DragonSet,
    SeatFlower,
    FlowerSet,
    RobbingKong,
    KongBloom,
    LastTileDraw,
    LastDiscard,
    HalfCalling,
    AllCalling,
    AllChows,
    ThreeConcealedPungs,
    FourConcealedPungs,
    FiveConcealedPungs,
    AllPungs,
    HalfFlush,
    FullFlush,
    AllHonors,
    LittleThreeDragons,
    BigThreeDragons,
    LittleFourWinds,
    BigFourWinds,
    FourKongs,
    HeavenlyWin,
    EarthlyWin,
    HumanWin,
    SevenRobOne,
    EightImmortals,
}

/// Every pattern in table order.
pub const ALL_PATTERNS: [Pattern; 33] = {
    use Pattern::*;
    [
        ConcealedHand,
        SelfDraw,
        ConcealedSelfDraw,
        SingleWait,
        RoundWind,
        SeatWind,
        DragonSet,
        SeatFlower,
        FlowerSet,
        RobbingKong,
        KongBloom,
        LastTileDraw,
        LastDiscard,
        HalfCalling,
        AllCalling,
        AllChows,
        ThreeConcealedPungs,
        FourConcealedPungs,
        FiveConcealedPungs,
        AllPungs,
        HalfFlush,
        FullFlush,
        AllHonors,
        LittleThreeDragons,
        BigThreeDragons,
        LittleFourWinds,
        BigFourWinds,
        FourKongs,
        HeavenlyWin,
        EarthlyWin,
        HumanWin,
        SevenRobOne,
        EightImmortals,
    ]
};

impl Pattern {
    /// Snake-case key used by Python, JSON and the rule options.
    pub const fn key(self) -> &'static str {
        use Pattern::*;
        match self {
            ConcealedHand => "concealed",
            SelfDraw => "self_draw",
            ConcealedSelfDraw => "concealed_self_draw",
            SingleWait => "single_wait",
            RoundWind => "round_wind",
            SeatWind => "seat_wind",
            DragonSet => "dragon_set",
            SeatFlower => "seat_flower",
            FlowerSet => "flower_set",
            RobbingKong => "robbing_kong",
            KongBloom => "kong_bloom",
            LastTileDraw => "last_tile_draw",
            LastDiscard => "last_discard",
            HalfCalling => "half_calling",
            AllCalling => "all_calling",
            AllChows => "all_chows",
            ThreeConcealedPungs => "three_concealed_pungs",
            FourConcealedPungs => "four_concealed_pungs",
            FiveConcealedPungs => "five_concealed_pungs",
            AllPungs => "all_pungs",
            HalfFlush => "half_flush",
            FullFlush => "full_flush",
            AllHonors => "all_honors",
            LittleThreeDragons => "little_three_dragons",
            BigThreeDragons => "big_three_dragons",
            LittleFourWinds => "little_four_winds",
            BigFourWinds => "big_four_winds",
            FourKongs => "four_kongs",
            HeavenlyWin => "heavenly_win",
            EarthlyWin => "earthly_win",
            HumanWin => "human_win",
            SevenRobOne => "seven_rob_one",
            EightImmortals => "eight_immortals",
        }
    }

    /// Chinese name as Taiwanese tables print it.
    pub const fn name_zh(self) -> &'static str {
        use Pattern::*;
        match self {
            ConcealedHand => "門清",
            SelfDraw => "自摸",
            ConcealedSelfDraw => "門清自摸",
            SingleWait => "獨聽",
            RoundWind => "圈風",
            SeatWind => "門風",
            DragonSet => "三元牌",
            SeatFlower => "正花",
            FlowerSet => "花槓",
            RobbingKong => "搶槓",
            KongBloom => "槓上開花",
            LastTileDraw => "海底撈月",
            LastDiscard => "河底撈魚",
            HalfCalling => "半求",
            AllCalling => "全求",
            AllChows => "平胡",
            ThreeConcealedPungs => "三暗刻",
            FourConcealedPungs => "四暗刻",
            FiveConcealedPungs => "五暗刻",
            AllPungs => "碰碰胡",
            HalfFlush => "混一色",
            FullFlush => "清一色",
            AllHonors => "字一色",
            LittleThreeDragons => "小三元",
            BigThreeDragons => "大三元",
            LittleFourWinds => "小四喜",
            BigFourWinds => "大四喜",
            FourKongs => "四槓",
            HeavenlyWin => "天胡",
            EarthlyWin => "地胡",
            HumanWin => "人胡",
            SevenRobOne => "七搶一",
            EightImmortals => "八仙過海",
        }
    }

    /// English name.
    pub const fn name_en(self) -> &'static str {
        use Pattern::*;
        match self {
            ConcealedHand => "concealed hand",
            SelfDraw => "self-draw",
            ConcealedSelfDraw => "concealed self-draw",
            SingleWait => "single wait",
            RoundWind => "round wind set",
            SeatWind => "seat wind set",
            DragonSet => "dragon set",
            SeatFlower => "seat flower",
            FlowerSet => "flower set",
            RobbingKong => "robbing a kong",
            KongBloom => "win on a replacement tile",
            LastTileDraw => "last tile self-draw",
            LastDiscard => "last discard",
            HalfCalling => "half calling",
            AllCalling => "all calling",
            AllChows => "all chows",
            ThreeConcealedPungs => "three concealed pungs",
            FourConcealedPungs => "four concealed pungs",
            FiveConcealedPungs => "five concealed pungs",
            AllPungs => "all pungs",
            HalfFlush => "half flush",
            FullFlush => "full flush",
            AllHonors => "all honors",
            LittleThreeDragons => "little three dragons",
            BigThreeDragons => "big three dragons",
            LittleFourWinds => "little four winds",
            BigFourWinds => "big four winds",
            FourKongs => "four kongs",
            HeavenlyWin => "heavenly win",
            EarthlyWin => "earthly win",
            HumanWin => "human win",
            SevenRobOne => "seven robbing one",
            EightImmortals => "eight immortals crossing the sea",
        }
    }

    /// The tai of one occurrence under `rules`.
    pub const fn tai(self, r: &super::TaiwanRules) -> u16 {
        use Pattern::*;
        match self {
            ConcealedHand => r.concealed,
            SelfDraw => r.self_draw,
            ConcealedSelfDraw => r.concealed_self_draw,
            SingleWait => r.single_wait,
            RoundWind | SeatWind => r.wind_set,
            DragonSet => r.dragon_set,
            SeatFlower => r.seat_flower,
            FlowerSet => r.flower_set,
            RobbingKong => r.robbing_kong,
            KongBloom => r.kong_bloom,
            LastTileDraw => r.last_tile_draw,
            LastDiscard => r.last_discard,
            HalfCalling => r.half_calling,
            AllCalling => r.all_calling,
            AllChows => r.all_chows,
            ThreeConcealedPungs => r.three_concealed_pungs,
            FourConcealedPungs => r.four_concealed_pungs,
            FiveConcealedPungs => r.five_concealed_pungs,
            AllPungs => r.all_pungs,
            HalfFlush => r.half_flush,
            FullFlush => r.full_flush,
            AllHonors => r.all_honors,
            LittleThreeDragons => r.little_three_dragons,
            BigThreeDragons => r.big_three_dragons,
            LittleFourWinds => r.little_four_winds,
            BigFourWinds => r.big_four_winds,
            FourKongs => r.four_kongs,
            HeavenlyWin => r.heavenly_win,
            EarthlyWin => r.earthly_win,
            HumanWin => r.human_win,
            SevenRobOne => r.seven_rob_one,
            EightImmortals => r.eight_immortals,
        }
    }

    /// Pattern from its key.
    pub fn from_key(key: &str) -> Option<Pattern> {
        ALL_PATTERNS.iter().copied().find(|p| p.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_bits_fit() {
        for (i, p) in ALL_PATTERNS.iter().enumerate() {
            assert_eq!(*p as usize, i);
            assert_eq!(Pattern::from_key(p.key()), Some(*p));
        }
        assert!(ALL_PATTERNS.len() <= 64);
    }
}
