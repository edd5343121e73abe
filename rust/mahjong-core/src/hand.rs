//! Hands: concealed tile counts plus fixed melds, with no heap in the hot types.

use crate::error::{Error, Result};
use crate::tile::{counts_of, format_counts, format_mpsz, RTile, Tile, N_KINDS};
use std::fmt;

/// Tile counts by kind. Invariant of a valid hand: every entry is at most 4.
pub type Counts = [u8; N_KINDS];

/// Most melds a hand can hold: 5 sets in Taiwan's 16-tile game.
pub const MAX_MELDS: usize = 5;

/// How a meld was made.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum MeldKind {
    /// Sequence called from the player on the left (チー / 吃).
    #[default]
    Chi,
    /// Triplet called from any player (ポン / 碰).
    Pon,
    /// Open kan on a discard (大明槓).
    Daiminkan,
    /// A fourth tile added to an own pon (加槓).
    Kakan,
    /// Concealed kan of four drawn tiles (暗槓).
    Ankan,
}

impl MeldKind {
    /// Lower-case English/romaji name used by the Python API and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Daiminkan => "daiminkan",
            MeldKind::Kakan => "kakan",
            MeldKind::Ankan => "ankan",
        }
    }
    /// Parse a name; accepts the common aliases (`minkan`, `shouminkan`, ...).
    pub fn parse(s: &str) -> Result<MeldKind> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "chi" | "chii" | "chow" => MeldKind::Chi,
            "pon" | "pung" => MeldKind::Pon,
            "daiminkan" | "minkan" | "open_kan" | "kan" => MeldKind::Daiminkan,
            "kakan" | "shouminkan" | "added_kan" => MeldKind::Kakan,
            "ankan" | "closed_kan" | "concealed_kan" => MeldKind::Ankan,
            _ => {
                return Err(Error::InvalidHand(format!(
                    "unknown meld kind {s:?} (expected chi, pon, daiminkan, kakan or ankan)"
                )))
            }
        })
    }
    /// True for the three kinds of kan.
    pub const fn is_kan(self) -> bool {
        matches!(self, MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan)
    }
    /// Where the meld comes from when nobody says (relative seat: 0 self, 3 left, 2
    /// opposite): a chi from the left, an ankan from nobody, the others from opposite.
    #[inline(always)]
    pub const fn default_from(self) -> u8 {
        match self {
            MeldKind::Chi => 3,
            MeldKind::Ankan => 0,
            _ => 2,
        }
    }
}

/// A called or declared set. Invariants (checked by [`Meld::new`]): a chi is three
/// consecutive number tiles starting at `tile`; other kinds are 3 or 4 copies of `tile`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Meld {
    pub kind: MeldKind,
    /// Lowest tile of the meld.
    pub tile: Tile,
    /// The tile taken from another player (for an ankan: one of its own tiles).
    pub called: Tile,
    /// Who it came from, relative to the owner: 0 self (ankan), 1 right (shimocha),
    /// 2 opposite (toimen), 3 left (kamicha).
    pub from: u8,
    /// Red fives inside the meld.
    pub red: u8,
}

/// The `from` argument of [`Meld::new`]: 0 self, 1 right, 2 opposite, 3 left.
pub const FROM_SEAT: crate::args::IntArg = crate::args::IntArg::new("from_seat", 0, 3);

impl Meld {
    /// Build and validate a meld from its tiles (any order). `called` defaults to the
    /// first tile; `from` defaults to 3 (left) for chi, 0 for ankan, 2 otherwise.
    pub fn new(kind: MeldKind, tiles: &[RTile], called: Option<Tile>, from: Option<u8>) -> Result<Meld> {
        // The tiles are written out only for an error (every scored open hand builds melds).
        let bad = |why: &str| Error::InvalidHand(format!("{} {}: {why}", kind.name(), format_mpsz(tiles)));
        let want = if kind.is_kan() { 4 } else { 3 };
        if tiles.len() != want {
            return Err(bad(&format!("needs {want} tiles, got {}", tiles.len())));
        }
        let mut sorted: [Tile; 4] = [Tile::default(); 4];
        for (i, t) in tiles.iter().enumerate() {
            sorted[i] = t.tile;
        }
        sorted[..want].sort_unstable();
        let low = sorted[0];
        match kind {
            MeldKind::Chi => {
                if low.is_honor()
                    || low.number() > 7
                    || sorted[1].index() != low.index() + 1
                    || sorted[2].index() != low.index() + 2
                {
                    return Err(bad("a chi is three consecutive tiles of one number suit"));
                }
            }
            _ => {
                if sorted[..want].iter().any(|&t| t != low) {
                    return Err(bad("a pon or kan is made of identical tiles"));
                }
            }
        }
        let called = called.unwrap_or(tiles[0].tile);
        if !sorted[..want].contains(&called) {
            return Err(bad(&format!("the called tile {called} is not in the meld")));
        }
        let from = from.unwrap_or(kind.default_from());
        match (kind, from) {
            (MeldKind::Ankan, 0) | (MeldKind::Chi, 3) => {}
            (MeldKind::Ankan, _) => return Err(bad("a closed kan comes from no other player (from = 0)")),
            (MeldKind::Chi, _) => return Err(bad("a chi can only be called from the player on the left (from = 3)")),
            (_, 1..=3) => {}
            _ => return Err(bad(&format!("from = {from}: expected 1 (right), 2 (opposite) or 3 (left)"))),
        }
        let red = tiles.iter().filter(|t| t.red).count() as u8;
        Ok(Meld { kind, tile: low, called, from, red })
    }
    /// Open melds break a concealed hand; an ankan does not.
    #[inline]
    pub const fn is_open(&self) -> bool {
        !matches!(self.kind, MeldKind::Ankan)
    }
    /// Number of physical tiles.
    #[inline]
    pub const fn len(&self) -> usize {
        if self.kind.is_kan() {
            4
        } else {
            3
        }
    }
    /// Never empty; present for clippy's `len_without_is_empty`.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        false
    }
    /// Add this meld's tiles to `counts`.
    #[inline]
    pub fn add_to(&self, counts: &mut Counts) {
        if self.kind == MeldKind::Chi {
            for i in 0..3 {
                counts[self.tile.index() + i] += 1;
            }
        } else {
            counts[self.tile.index()] += self.len() as u8;
        }
    }
    /// The meld's tiles, red fives marked.
    pub fn tiles(&self) -> Vec<RTile> {
        let mut v: Vec<RTile> = if self.kind == MeldKind::Chi {
            (0..3).map(|i| RTile::plain(Tile::from_index_unchecked(self.tile.index() + i))).collect()
        } else {
            vec![RTile::plain(self.tile); self.len()]
        };
        let mut left = self.red;
        for t in v.iter_mut() {
            if left > 0 && !t.tile.is_honor() && t.tile.number() == 5 {
                t.red = true;
                left -= 1;
            }
        }
        v
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind.name(), format_mpsz(&self.tiles()))
    }
}

/// A hand: concealed tiles as counts plus up to [`MAX_MELDS`] melds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Hand {
    /// Concealed tiles.
    pub concealed: Counts,
    /// Red fives among the concealed tiles, per suit m, p, s.
    pub red: [u8; 3],
    melds: [Meld; MAX_MELDS],
    n_melds: u8,
}

impl Hand {
    /// Validate and build. `n_sets` is the number of sets of a complete hand (4 for
    /// riichi, 5 for Taiwan): the concealed part must hold `3 * (n_sets - melds) + 1`
    /// tiles (waiting) or `+ 2` (complete or about to discard), and no kind may appear
    /// more than four times across the concealed tiles and the melds.
    pub fn new(concealed: &[RTile], melds: &[Meld], n_sets: usize) -> Result<Hand> {
        let (counts, red) = counts_of(concealed)?;
        Self::checked(counts, red, melds, n_sets, || format_mpsz(concealed))
    }
    /// Build from counts already taken (batch paths that read 136-ids straight into
    /// counts): the same checks as [`Hand::new`] without a tile list.
    pub fn from_counts(concealed: Counts, red: [u8; 3], melds: &[Meld], n_sets: usize) -> Result<Hand> {
        Self::checked(concealed, red, melds, n_sets, || format_counts(&concealed))
    }
    /// The checks shared by both constructors; `label` names the hand in messages
    /// (mpsz with red fives when the tiles are known, counts otherwise).
    fn checked(
        concealed: Counts,
        red: [u8; 3],
        melds: &[Meld],
        n_sets: usize,
        label: impl Fn() -> String,
    ) -> Result<Hand> {
        if melds.len() > n_sets.min(MAX_MELDS) {
            return Err(Error::InvalidHand(format!(
                "{} melds: at most {} fit a hand of {n_sets} sets",
                melds.len(),
                n_sets.min(MAX_MELDS)
            )));
        }
        let n: usize = concealed.iter().map(|&c| c as usize).sum();
        let free_sets = n_sets - melds.len();
        if n != 3 * free_sets + 1 && n != 3 * free_sets + 2 {
            return Err(Error::InvalidHand(format!(
                "{}: {n} concealed tiles; with {} melds a hand of {n_sets} sets holds {} or {}",
                label(),
                melds.len(),
                3 * free_sets + 1,
                3 * free_sets + 2
            )));
        }
        let mut all = concealed;
        let mut reds = red;
        let mut arr = [Meld::default(); MAX_MELDS];
        for (i, m) in melds.iter().enumerate() {
            m.add_to(&mut all);
            if m.red > 0 {
                reds[m.tile.suit().index().min(2)] += m.red;
            }
            arr[i] = *m;
        }
        if let Some(k) = (0..N_KINDS).find(|&k| all[k] > 4) {
            return Err(Error::InvalidHand(format!(
                "{} with melds: {} copies of {} (there are only four)",
                label(),
                all[k],
                Tile::from_index_unchecked(k)
            )));
        }
        if reds.iter().any(|&r| r > 1) {
            return Err(Error::InvalidHand(format!("{}: more than one red five in a suit", label())));
        }
        Ok(Hand { concealed, red, melds: arr, n_melds: melds.len() as u8 })
    }
    /// Build without re-checking: for callers in this crate that have already checked
    /// the tile count, at most four copies of every kind across concealed tiles and
    /// melds, and at most one red five per suit (the riichi batch reader does so while
    /// reading 136-ids, which are distinct physical tiles).
    /// The melds come in an array of the hand's size (the first `n_melds` used, the
    /// rest default), as the batch reader builds them, so they move in without a copy.
    #[inline]
    pub(crate) fn from_checked_parts(concealed: Counts, red: [u8; 3], melds: [Meld; MAX_MELDS], n_melds: u8) -> Hand {
        Hand { concealed, red, melds, n_melds: n_melds.min(MAX_MELDS as u8) }
    }
    /// Replace the melds of a hand being refilled in place (the batch reader reuses
    /// one hand per thread), under the same promise as [`Hand::from_checked_parts`].
    #[inline]
    pub(crate) fn set_checked_melds(&mut self, melds: [Meld; MAX_MELDS], n_melds: u8) {
        self.melds = melds;
        self.n_melds = n_melds.min(MAX_MELDS as u8);
    }
    /// The melds.
    #[inline]
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.n_melds as usize]
    }
    /// True when no meld is open (ankan keeps a hand concealed).
    pub fn is_closed(&self) -> bool {
        self.melds().iter().all(|m| !m.is_open())
    }
    /// Number of concealed tiles.
    pub fn concealed_len(&self) -> usize {
        // A u16 accumulator (34 × 255 fits) lets the sum vectorize; scoring calls this per win.
        self.concealed.iter().fold(0u16, |a, &c| a + c as u16) as usize
    }
    /// Counts of concealed tiles plus meld tiles.
    pub fn all_counts(&self) -> Counts {
        let mut c = self.concealed;
        for m in self.melds() {
            m.add_to(&mut c);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_mpsz;

    #[test]
    fn meld_validation() {
        let p = |s| parse_mpsz(s).unwrap();
        assert!(Meld::new(MeldKind::Chi, &p("345m"), None, None).is_ok());
        assert!(Meld::new(MeldKind::Chi, &p("123z"), None, None).is_err());
        assert!(Meld::new(MeldKind::Chi, &p("135m"), None, None).is_err());
        assert!(Meld::new(MeldKind::Pon, &p("555z"), None, Some(1)).is_ok());
        assert!(Meld::new(MeldKind::Ankan, &p("5555z"), None, Some(2)).is_err());
        assert!(Meld::new(MeldKind::Pon, &p("556z"), None, None).is_err());
        let m = Meld::new(MeldKind::Pon, &p("505m"), Some(p("0m")[0].tile), Some(1)).unwrap();
        assert_eq!(m.red, 1);
        assert_eq!(m.to_string(), "pon:055m");
    }

    #[test]
    fn hand_counts() {
        let p = |s| parse_mpsz(s).unwrap();
        let pon = Meld::new(MeldKind::Pon, &p("111z"), None, None).unwrap();
        assert!(Hand::new(&p("123456789m11p"), &[pon], 4).is_ok());
        assert!(Hand::new(&p("123456789m11p1z"), &[pon], 4).is_err());
        let kan = Meld::new(MeldKind::Daiminkan, &p("1111z"), None, None).unwrap();
        assert!(Hand::new(&p("123456789m1z1p"), &[kan], 4).is_err());
    }
}
