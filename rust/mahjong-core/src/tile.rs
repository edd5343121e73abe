//! Tiles and their notations.
//!
//! A [`Tile`] is one of the 34 kinds, numbered in Tenhou order: `0..9` = 1m..9m,
//! `9..18` = 1p..9p, `18..27` = 1s..9s, `27..34` = East, South, West, North, White,
//! Green, Red (`1z`..`7z`). Seed 001 numbers the dragons the other way round
//! (z5 = Red, z7 = White); every real server and peer library uses the order here,
//! so we follow it and the docs say so.
//!
//! A [`TileId`] is one of the 136 physical tiles (kind = id / 4); ids 16, 52 and 88
//! are the red fives. An [`RTile`] is a kind plus a red flag: what mpsz text carries.
//! The eight flower tiles of Taiwan mahjong and solitaire are [`Flower`]s, kept out of
//! the 34-kind arrays used on every hot path.

use crate::error::{bounded, quoted, Error, Result};
use std::fmt;

/// Number of tile kinds in riichi mahjong.
pub const N_KINDS: usize = 34;

/// One of the 34 tile kinds. Invariant: `0 <= self.0 < 34`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Tile(u8);

/// The suit of a tile.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Suit {
    /// Characters (萬子), `m`.
    Man,
    /// Dots (筒子), `p`.
    Pin,
    /// Bamboo (索子), `s`.
    Sou,
    /// Winds and dragons (字牌), `z`.
    Honor,
}

impl Suit {
    /// The mpsz letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }
    /// Index 0..4 in m, p, s, z order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Tile {
    pub const EAST: Tile = Tile(27);
    pub const SOUTH: Tile = Tile(28);
    pub const WEST: Tile = Tile(29);
    pub const NORTH: Tile = Tile(30);
    pub const WHITE: Tile = Tile(31);
    pub const GREEN: Tile = Tile(32);
    pub const RED: Tile = Tile(33);

    /// The kind with index `i`, or `None` when `i >= 34`.
    #[inline]
    pub const fn new(i: u8) -> Option<Tile> {
        if (i as usize) < N_KINDS {
            Some(Tile(i))
        } else {
            None
        }
    }
    /// Build from an index known to be below 34 (internal tables, loops over kinds).
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Tile {
        debug_assert!(i < N_KINDS);
        Tile(i as u8)
    }
    /// Every kind in order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..N_KINDS as u8).map(Tile)
    }
    /// Tile from a suit and a number (1..=9, honors 1..=7).
    pub fn from_suit_number(suit: Suit, number: u8) -> Result<Tile> {
        let max = if suit == Suit::Honor { 7 } else { 9 };
        if number == 0 || number > max {
            return Err(Error::TileParse(format!(
                "no tile {number}{}: numbers run 1..={max} in that suit",
                suit.letter()
            )));
        }
        Ok(Tile(suit.index() as u8 * 9 + number - 1))
    }
    /// Index 0..34.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Index as u8.
    #[inline]
    pub const fn id(self) -> u8 {
        self.0
    }
    /// Suit of the tile.
    #[inline]
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }
    /// Number within the suit: 1..=9 for number tiles, 1..=7 for honors.
    #[inline]
    pub const fn number(self) -> u8 {
        // A table (64 entries, so any u8 masked to 6 bits is in range) instead of a
        // division: scoring asks this several times per set.
        NUMBER[(self.0 & 63) as usize]
    }
    /// Winds or dragons.
    #[inline]
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }
    /// East, South, West, North.
    #[inline]
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 < 31
    }
    /// White, Green, Red.
    #[inline]
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }
    /// A 1 or a 9 of a number suit.
    #[inline]
    pub const fn is_terminal(self) -> bool {
        (TERMINAL_KINDS >> (self.0 & 63)) & 1 != 0
    }
    /// Terminal or honor (么九牌).
    #[inline]
    pub const fn is_yaochuu(self) -> bool {
        (YAOCHUU_KINDS >> (self.0 & 63)) & 1 != 0
    }
    /// 2..8 of a number suit (中張牌).
    #[inline]
    pub const fn is_simple(self) -> bool {
        !self.is_yaochuu()
    }
    /// The tile a dora indicator points at: next number in the suit (9 → 1),
    /// E → S → W → N → E, White → Green → Red → White.
    pub const fn dora_from_indicator(self) -> Tile {
        Tile(DORA_NEXT[(self.0 & 63) as usize])
    }
    /// The tile of the Unicode "Mahjong Tiles" block (U+1F000..), for display.
    pub fn unicode(self) -> char {
        let cp = match self.suit() {
            Suit::Man => 0x1F007 + (self.number() as u32 - 1),
            Suit::Sou => 0x1F010 + (self.number() as u32 - 1),
            Suit::Pin => 0x1F019 + (self.number() as u32 - 1),
            Suit::Honor => match self.0 {
                27..=30 => 0x1F000 + (self.0 as u32 - 27),
                31 => 0x1F006, // white dragon
                32 => 0x1F005, // green dragon
                _ => 0x1F004,  // red dragon
            },
        };
        char::from_u32(cp).unwrap_or('?')
    }
    /// Parse one Unicode tile character.
    pub fn from_unicode(c: char) -> Result<Tile> {
        let cp = c as u32;
        let t = match cp {
            0x1F000..=0x1F003 => 27 + (cp - 0x1F000),
            0x1F004 => 33,
            0x1F005 => 32,
            0x1F006 => 31,
            0x1F007..=0x1F00F => cp - 0x1F007,
            0x1F010..=0x1F018 => 18 + (cp - 0x1F010),
            0x1F019..=0x1F021 => 9 + (cp - 0x1F019),
            _ => {
                return Err(Error::TileParse(format!(
                    "{c:?} (U+{cp:04X}) is not one of the 34 mahjong tile characters"
                )))
            }
        };
        Ok(Tile(t as u8))
    }
    /// English name, e.g. "5p", "East", "White".
    pub fn name(self) -> &'static str {
        const NAMES: [&str; N_KINDS] = [
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
            "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "East", "South", "West", "North", "White", "Green",
            "Red",
        ];
        NAMES[self.index()]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

/// A tile kind plus its red-five flag. Invariant: `red` implies a five of m, p or s.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct RTile {
    pub tile: Tile,
    pub red: bool,
}

impl RTile {
    /// A plain (not red) tile.
    pub const fn plain(tile: Tile) -> RTile {
        RTile { tile, red: false }
    }
    /// A red five of `tile`'s suit; errors when `tile` is not a five of m, p or s.
    pub fn red(tile: Tile) -> Result<RTile> {
        if tile.is_honor() || tile.number() != 5 {
            return Err(Error::TileParse(format!("{tile} cannot be a red five")));
        }
        Ok(RTile { tile, red: true })
    }
}

impl fmt::Display for RTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red {
            write!(f, "0{}", self.tile.suit().letter())
        } else {
            write!(f, "{}", self.tile)
        }
    }
}

/// One of the 136 physical tiles. Invariant: `0 <= self.0 < 136`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TileId(u8);

/// The 136-ids that are red fives when red fives are in play.
pub const RED_IDS: [u8; 3] = [16, 52, 88];

impl TileId {
    /// Id `i`, or an error naming it when `i >= 136`.
    pub fn new(i: u32) -> Result<TileId> {
        if i < 136 {
            Ok(TileId(i as u8))
        } else {
            Err(Error::TileParse(format!("tile id {i} is out of range 0-135")))
        }
    }
    #[inline]
    pub const fn id(self) -> u8 {
        self.0
    }
    #[inline]
    pub const fn tile(self) -> Tile {
        Tile(self.0 / 4)
    }
    #[inline]
    pub const fn is_red(self) -> bool {
        self.0 == 16 || self.0 == 52 || self.0 == 88
    }
    #[inline]
    pub const fn rtile(self) -> RTile {
        RTile { tile: self.tile(), red: self.is_red() }
    }
    /// Id `i` taken modulo 136 (for callers that already hold a valid index).
    #[inline]
    pub const fn wrapping(i: u8) -> TileId {
        TileId(i % 136)
    }
}

/// Bit k set for each terminal kind (1 and 9 of the three number suits).
pub const TERMINAL_KINDS: u64 = (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26);
/// Bit k set for each terminal or honor kind.
pub const YAOCHUU_KINDS: u64 = TERMINAL_KINDS | (0x7F << 27);

/// `Tile::dora_from_indicator` by kind index (entries past 33 are unused).
const DORA_NEXT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = if i < 27 {
            i / 9 * 9 + (i % 9 + 1) % 9
        } else if i < 31 {
            27 + (i - 27 + 1) % 4
        } else if i < 34 {
            31 + (i - 31 + 1) % 3
        } else {
            i
        } as u8;
        i += 1;
    }
    t
};

/// `Tile::number` by kind index (entries past 33 are unused).
const NUMBER: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i % 9 + 1) as u8;
        i += 1;
    }
    t
};

/// Parse mpsz text such as `"123m406p789s11z"`; `0` is a red five. Spaces are ignored.
/// Returns tiles in text order.
pub fn parse_mpsz(text: &str) -> Result<Vec<RTile>> {
    let mut out = Vec::with_capacity(text.len());
    parse_mpsz_into(text, |t| {
        out.push(t);
        Ok(())
    })?;
    Ok(out)
}

/// Allocation-free core of [`parse_mpsz`]: calls `sink` for each tile in order.
pub fn parse_mpsz_into(text: &str, mut sink: impl FnMut(RTile) -> Result<()>) -> Result<()> {
    let mut pending: [u8; 64] = [0; 64];
    let mut n_pending = 0usize;
    for (pos, c) in text.char_indices() {
        match c {
            '0'..='9' => {
                if n_pending == pending.len() {
                    return Err(Error::TileParse(format!(
                        "{}: more than {} digits before a suit letter",
                        quoted(text),
                        pending.len()
                    )));
                }
                pending[n_pending] = c as u8 - b'0';
                n_pending += 1;
            }
            'm' | 'p' | 's' | 'z' => {
                if n_pending == 0 {
                    return Err(Error::TileParse(format!(
                        "{}: suit letter {c:?} at position {pos} has no digits before it",
                        quoted(text)
                    )));
                }
                let suit = match c {
                    'm' => Suit::Man,
                    'p' => Suit::Pin,
                    's' => Suit::Sou,
                    _ => Suit::Honor,
                };
                for &d in &pending[..n_pending] {
                    let rt = if d == 0 {
                        if suit == Suit::Honor {
                            return Err(Error::TileParse(format!(
                                "{}: 0z is not a tile (0 marks a red five of m, p or s)",
                                quoted(text)
                            )));
                        }
                        RTile { tile: Tile(suit.index() as u8 * 9 + 4), red: true }
                    } else {
                        match Tile::from_suit_number(suit, d) {
                            Ok(t) => RTile::plain(t),
                            Err(_) => {
                                return Err(Error::TileParse(format!(
                                    "{}: {d}{c} is not a tile (honors run 1z-7z)",
                                    quoted(text)
                                )))
                            }
                        }
                    };
                    sink(rt)?;
                }
                n_pending = 0;
            }
            ' ' | '\t' | '\n' | ',' | '_' => {}
            _ => {
                if let Ok(t) = Tile::from_unicode(c) {
                    if n_pending > 0 {
                        return Err(Error::TileParse(format!(
                            "{}: digits before the tile character {c:?} at position {pos} have no suit",
                            quoted(text)
                        )));
                    }
                    sink(RTile::plain(t))?;
                    continue;
                }
                return Err(Error::TileParse(format!(
                    "{}: unexpected character {c:?} at position {pos} (expected digits followed by m, p, s or z)",
                    quoted(text)
                )));
            }
        }
    }
    if n_pending > 0 {
        return Err(Error::TileParse(format!("{}: digits at the end have no suit letter", quoted(text))));
    }
    Ok(())
}

/// Format tiles as compact mpsz, grouped by suit in m, p, s, z order (input order is
/// kept within a suit, so sort first for the canonical form).
pub fn format_mpsz(tiles: &[RTile]) -> String {
    let mut s = String::with_capacity(tiles.len() + 4);
    for suit in [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor] {
        let mut run = 0;
        for t in tiles.iter().filter(|t| t.tile.suit() == suit) {
            // The parser takes at most 64 digits before a suit letter: longer runs
            // (a list of many tiles, not a hand) are split so that they parse back.
            if run == 64 {
                s.push(suit.letter());
                run = 0;
            }
            s.push(if t.red { '0' } else { (b'0' + t.tile.number()) as char });
            run += 1;
        }
        if run > 0 {
            s.push(suit.letter());
        }
    }
    s
}

/// Format a 34-count array as canonical mpsz (no red fives).
pub fn format_counts(counts: &[u8; N_KINDS]) -> String {
    let mut s = String::with_capacity(20);
    for suit in 0..4 {
        let len = if suit == 3 { 7 } else { 9 };
        let mut any = false;
        for n in 0..len {
            for _ in 0..counts[suit * 9 + n] {
                s.push((b'1' + n as u8) as char);
                any = true;
            }
        }
        if any {
            s.push(b"mpsz"[suit] as char);
        }
    }
    s
}

/// Count tiles into a 34-array, checking the 4-copies and 1-red-per-suit limits.
/// Returns the counts and the red-five counts per suit (m, p, s).
pub fn counts_of(tiles: &[RTile]) -> Result<([u8; N_KINDS], [u8; 3])> {
    let mut counts = [0u8; N_KINDS];
    let mut red = [0u8; 3];
    for t in tiles {
        counts[t.tile.index()] += 1;
        if counts[t.tile.index()] > 4 {
            return Err(Error::InvalidHand(format!(
                "{}: five copies of {} (there are only four)",
                bounded(&format_mpsz(tiles)),
                t.tile
            )));
        }
        if t.red {
            let s = t.tile.suit().index();
            red[s] += 1;
            if red[s] > 1 {
                return Err(Error::InvalidHand(format!(
                    "{}: two red fives of {} (there is only one)",
                    bounded(&format_mpsz(tiles)),
                    t.tile.suit().letter()
                )));
            }
        }
    }
    Ok((counts, red))
}

/// Assign 136-ids to tiles: red fives get 16/52/88, other copies take the lowest free
/// id of their kind (skipping the red id). Errors on a fifth copy or a second red.
pub fn to_ids(tiles: &[RTile]) -> Result<Vec<TileId>> {
    let mut used = [0u8; N_KINDS]; // bitmask of the 4 copies used
    let mut out = Vec::with_capacity(tiles.len());
    for t in tiles {
        let k = t.tile.index();
        let is_five = !t.tile.is_honor() && t.tile.number() == 5;
        let copy = if t.red {
            0
        } else {
            let start = if is_five { 1 } else { 0 };
            match (start..4).find(|c| used[k] & (1 << c) == 0) {
                Some(c) => c,
                None => {
                    return Err(Error::InvalidHand(format!(
                        "{}: too many copies of {}{}",
                        bounded(&format_mpsz(tiles)),
                        t.tile,
                        if is_five { " (one of the four is the red five)" } else { "" }
                    )))
                }
            }
        };
        if used[k] & (1 << copy) != 0 {
            return Err(Error::InvalidHand(format!(
                "{}: two red fives of {}",
                bounded(&format_mpsz(tiles)),
                t.tile.suit().letter()
            )));
        }
        used[k] |= 1 << copy;
        out.push(TileId((k * 4 + copy) as u8));
    }
    Ok(out)
}

/// One of the eight unique flower tiles: plants 梅蘭菊竹 (numbers 1..4) and seasons
/// 春夏秋冬 (numbers 1..4). Invariant: `0 <= self.0 < 8`; 0..4 plants, 4..8 seasons.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Flower(u8);

impl Flower {
    /// Flower with index `i` (0..4 plants, 4..8 seasons).
    pub fn new(i: u8) -> Result<Flower> {
        if i < 8 {
            Ok(Flower(i))
        } else {
            Err(Error::TileParse(format!("flower index {i} is out of range 0-7")))
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// True for the seasons 春夏秋冬, false for the plants 梅蘭菊竹.
    #[inline]
    pub const fn is_season(self) -> bool {
        self.0 >= 4
    }
    /// The number printed on the tile, 1..=4.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 % 4 + 1
    }
    /// Chinese name, e.g. "梅" or "春".
    pub const fn name(self) -> &'static str {
        ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"][self.0 as usize]
    }
    /// Unicode tile character (the block orders plants 梅蘭竹菊).
    pub fn unicode(self) -> char {
        let cp = match self.0 {
            0 => 0x1F022,
            1 => 0x1F023,
            2 => 0x1F025, // chrysanthemum
            3 => 0x1F024, // bamboo
            s => 0x1F026 + (s as u32 - 4),
        };
        char::from_u32(cp).unwrap_or('?')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_format_to_text_that_parses() {
        // Found by fuzzing: 83 tiles of one suit formatted as one run of 83 digits,
        // which the parser refuses (more than 64 digits before a suit letter).
        let text = "1235651501354133565150135413550061213515491550061213515490621m";
        let tiles = parse_mpsz(text).unwrap();
        let again = parse_mpsz(&format_mpsz(&tiles)).unwrap();
        assert_eq!(again, tiles);
        let many = vec![RTile { tile: Tile::new(0).unwrap(), red: false }; 200];
        assert_eq!(parse_mpsz(&format_mpsz(&many)).unwrap(), many);
    }

    #[test]
    fn parse_and_format_round_trip() {
        let t = parse_mpsz("123m406p789s11z").unwrap();
        assert_eq!(t.len(), 11);
        assert!(t[4].red);
        assert_eq!(format_mpsz(&t), "123m406p789s11z");
    }

    #[test]
    fn parse_errors_name_the_input() {
        for bad in ["8z", "0z", "12", "m", "12x3m"] {
            let e = parse_mpsz(bad).unwrap_err();
            assert!(e.message().contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn dora_wraps() {
        let p = |s| parse_mpsz(s).unwrap()[0].tile;
        assert_eq!(p("9m").dora_from_indicator(), p("1m"));
        assert_eq!(p("4z").dora_from_indicator(), p("1z"));
        assert_eq!(p("7z").dora_from_indicator(), p("5z"));
        assert_eq!(p("5z").dora_from_indicator(), p("6z"));
    }

    #[test]
    fn ids_and_red() {
        let t = parse_mpsz("05m").unwrap();
        let ids = to_ids(&t).unwrap();
        assert_eq!(ids[0].id(), 16);
        assert_eq!(ids[1].id(), 17);
        assert!(to_ids(&parse_mpsz("55555m").unwrap()).is_err());
        assert!(to_ids(&parse_mpsz("00m").unwrap()).is_err());
    }

    #[test]
    fn unicode_round_trip() {
        for t in Tile::all() {
            assert_eq!(Tile::from_unicode(t.unicode()).unwrap(), t);
        }
    }
}
