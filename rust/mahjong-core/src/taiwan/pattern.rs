//! The tai patterns, with the Chinese and English names results carry.

/// Declares the patterns once: each one's variant, snake-case key (used by Python,
/// JSON and the rule options), Chinese name as Taiwanese tables print it, and English
/// name; the enum, [`ALL_PATTERNS`] and the name lookups are made from the one list.
macro_rules! patterns {
    ($($p:ident = $key:literal, $zh:literal, $en:literal;)*) => {
        /// One scoring pattern of the tai table. The discriminant is the bit used in
        /// batch pattern masks (`1 << pattern as u64`).
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
        #[repr(u8)]
        pub enum Pattern {
            $($p,)*
        }

        /// Every pattern in table order.
        pub const ALL_PATTERNS: [Pattern; 35] = [$(Pattern::$p,)*];

        impl Pattern {
            /// Snake-case key used by Python, JSON and the rule options.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Pattern::$p => $key,)*
                }
            }
            /// Chinese name as Taiwanese tables print it.
            pub const fn name_zh(self) -> &'static str {
                match self {
                    $(Pattern::$p => $zh,)*
                }
            }
            /// English name.
            pub const fn name_en(self) -> &'static str {
                match self {
                    $(Pattern::$p => $en,)*
                }
            }
        }
    };
}

patterns! {
    ConcealedHand = "concealed", "門清", "concealed hand";
    SelfDraw = "self_draw", "自摸", "self-draw";
    ConcealedSelfDraw = "concealed_self_draw", "門清自摸", "concealed self-draw";
    SingleWait = "single_wait", "獨聽", "single wait";
    RoundWind = "round_wind", "圈風", "round wind set";
    SeatWind = "seat_wind", "門風", "seat wind set";
    DragonSet = "dragon_set", "三元牌", "dragon set";
    SeatFlower = "seat_flower", "正花", "seat flower";
    FlowerSet = "flower_set", "花槓", "flower set";
    RobbingKong = "robbing_kong", "搶槓", "robbing a kong";
    KongBloom = "kong_bloom", "槓上開花", "win on a replacement tile";
    LastTileDraw = "last_tile_draw", "海底撈月", "last tile self-draw";
    LastDiscard = "last_discard", "河底撈魚", "last discard";
    HalfCalling = "half_calling", "半求", "half calling";
    AllCalling = "all_calling", "全求", "all calling";
    AllChows = "all_chows", "平胡", "all chows";
    ThreeConcealedPungs = "three_concealed_pungs", "三暗刻", "three concealed pungs";
    FourConcealedPungs = "four_concealed_pungs", "四暗刻", "four concealed pungs";
    FiveConcealedPungs = "five_concealed_pungs", "五暗刻", "five concealed pungs";
    AllPungs = "all_pungs", "碰碰胡", "all pungs";
    HalfFlush = "half_flush", "混一色", "half flush";
    FullFlush = "full_flush", "清一色", "full flush";
    AllHonors = "all_honors", "字一色", "all honors";
    LittleThreeDragons = "little_three_dragons", "小三元", "little three dragons";
    BigThreeDragons = "big_three_dragons", "大三元", "big three dragons";
    LittleFourWinds = "little_four_winds", "小四喜", "little four winds";
    BigFourWinds = "big_four_winds", "大四喜", "big four winds";
    FourKongs = "four_kongs", "四槓", "four kongs";
    HeavenlyWin = "heavenly_win", "天胡", "heavenly win";
    EarthlyWin = "earthly_win", "地胡", "earthly win";
    HumanWin = "human_win", "人胡", "human win";
    SevenRobOne = "seven_rob_one", "七搶一", "seven robbing one";
    EightImmortals = "eight_immortals", "八仙過海", "eight immortals crossing the sea";
    ReadyOnFirstDiscard = "ready_on_first_discard", "地聽", "ready on the first discard";
    SevenPairsOnePung = "seven_pairs_one_pung", "嚦咕嚦咕", "seven pairs and a pung";
}

impl Pattern {
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
            ReadyOnFirstDiscard => r.ready_on_first_discard,
            SevenPairsOnePung => r.seven_pairs_one_pung,
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
