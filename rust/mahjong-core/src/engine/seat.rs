//! One player's state inside a hand: concealed tiles (ids and counts), melds, river
//! facts that matter for rules (furiten, nagashi), riichi and its ippatsu window.

use super::agari;
use crate::hand::Counts;
use crate::logs::event::LogMeld;
use crate::tile::TileId;

/// Riichi status of a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Riichi {
    #[default]
    None,
    /// Declared with the discard now on the table; the stick is paid when it passes.
    Declared { double: bool },
    /// In riichi.
    Accepted { double: bool },
}

#[derive(Clone, Debug)]
pub struct SeatState {
    pub counts: Counts,
    pub tiles: [TileId; 14],
    pub n_tiles: u8,
    pub melds: [LogMeld; 4],
    pub n_melds: u8,
    /// Kinds this seat has discarded (called-away tiles included): discard furiten.
    pub river_kinds: u64,
    pub n_discards: u8,
    pub riichi: Riichi,
    pub ippatsu: bool,
    /// Passed a winning tile since its last discard (同巡フリテン).
    pub furiten_temp: bool,
    /// Passed a winning tile while in riichi (立直後フリテン).
    pub furiten_riichi: bool,
    /// Every discard a terminal or honor, none called away.
    pub nagashi: bool,
    /// May not win this hand (wrong ron under seed 004).
    pub forfeit: bool,
    /// The player liable for this seat's yakuman (pao), if any.
    pub pao: Option<u8>,
    /// Norths pulled aside (three-player 抜きドラ), each a dora.
    pub kita: u8,
    waits_cache: Option<u64>,
}

impl SeatState {
    pub fn new(deal: &[TileId]) -> SeatState {
        let mut s = SeatState {
            counts: [0; 34],
            tiles: [TileId::wrapping(0); 14],
            n_tiles: 0,
            melds: [LogMeld {
                kind: crate::hand::MeldKind::Chi,
                tiles: [TileId::wrapping(0); 4],
                called: TileId::wrapping(0),
                from: 0,
            }; 4],
            n_melds: 0,
            river_kinds: 0,
            n_discards: 0,
            riichi: Riichi::None,
            ippatsu: false,
            furiten_temp: false,
            furiten_riichi: false,
            nagashi: true,
            forfeit: false,
            pao: None,
            kita: 0,
            waits_cache: None,
        };
        for &t in deal {
            s.add(t);
        }
        s
    }

    #[inline]
    pub fn add(&mut self, t: TileId) {
        self.tiles[self.n_tiles as usize] = t;
        self.n_tiles += 1;
        self.counts[t.tile().index()] += 1;
        self.waits_cache = None;
    }

    #[inline]
    pub fn has(&self, t: TileId) -> bool {
        self.tiles[..self.n_tiles as usize].contains(&t)
    }

    /// Remove a tile id; false when absent.
    #[inline]
    pub fn remove(&mut self, t: TileId) -> bool {
        let n = self.n_tiles as usize;
        match self.tiles[..n].iter().position(|&x| x == t) {
            Some(i) => {
                self.tiles[i] = self.tiles[n - 1];
                self.n_tiles -= 1;
                self.counts[t.tile().index()] -= 1;
                self.waits_cache = None;
                true
            }
            None => false,
        }
    }

    /// The concealed ids.
    #[inline]
    pub fn concealed(&self) -> &[TileId] {
        &self.tiles[..self.n_tiles as usize]
    }

    #[inline]
    pub fn melds(&self) -> &[LogMeld] {
        &self.melds[..self.n_melds as usize]
    }

    /// Ids of a given kind in hand, up to 4.
    pub fn ids_of(&self, kind: usize, out: &mut [TileId; 4]) -> usize {
        let mut n = 0;
        for &t in self.concealed() {
            if t.tile().index() == kind && n < 4 {
                out[n] = t;
                n += 1;
            }
        }
        n
    }

    /// True when no open meld (ankan keeps the hand closed).
    pub fn is_closed(&self) -> bool {
        self.melds().iter().all(|m| m.kind == crate::hand::MeldKind::Ankan)
    }

    pub fn in_riichi(&self) -> bool {
        !matches!(self.riichi, Riichi::None)
    }

    /// Wait kinds of a 3k+1 hand (cached until the hand changes).
    pub fn waits(&mut self) -> u64 {
        if let Some(w) = self.waits_cache {
            return w;
        }
        let w = agari::waits(&self.counts);
        self.waits_cache = Some(w);
        w
    }

    /// Discard furiten or either temporary kind.
    pub fn furiten(&mut self) -> bool {
        self.furiten_temp || self.furiten_riichi || self.waits() & self.river_kinds != 0
    }
}
