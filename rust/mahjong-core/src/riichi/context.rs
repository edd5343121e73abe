//! The situation of a win: how it was won, who sits where, what is on the table.
//!
//! Everything a scorer needs beyond the tiles. Seats are absolute (0..n_players);
//! the seat wind follows from the winner's distance to the dealer.

use crate::error::{Error, Result};
use crate::tile::Tile;

/// Most dora indicators a hand can see: the first one plus one per kan.
pub const MAX_INDICATORS: usize = 5;

/// Up to [`MAX_INDICATORS`] indicator tiles (no heap).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Indicators {
    tiles: [Tile; MAX_INDICATORS],
    n: u8,
}

impl Indicators {
    /// Build from a slice; more than [`MAX_INDICATORS`] is an error naming the count.
    pub fn new(tiles: &[Tile]) -> Result<Indicators> {
        if tiles.len() > MAX_INDICATORS {
            return Err(Error::InvalidHand(format!(
                "{} dora indicators: at most {MAX_INDICATORS} (one plus one per kan)",
                tiles.len()
            )));
        }
        let mut out = Indicators::default();
        out.tiles[..tiles.len()].copy_from_slice(tiles);
        out.n = tiles.len() as u8;
        Ok(out)
    }
    /// From kinds already checked (the batch reader): the first `n` of `tiles` count,
    /// the rest must be `Tile::default()` so that equal sets compare equal.
    #[inline]
    pub(crate) fn from_checked_parts(tiles: [Tile; MAX_INDICATORS], n: u8) -> Indicators {
        Indicators { tiles, n: n.min(MAX_INDICATORS as u8) }
    }
    /// Add one (ignored beyond [`MAX_INDICATORS`]; callers check the count).
    #[inline]
    pub fn push(&mut self, t: Tile) {
        if (self.n as usize) < MAX_INDICATORS {
            self.tiles[self.n as usize] = t;
            self.n += 1;
        }
    }
    /// The indicator tiles.
    #[inline]
    pub fn as_slice(&self) -> &[Tile] {
        &self.tiles[..self.n as usize]
    }
}

/// The dora a tile indicates. In 3-player games the 2m..8m do not exist, so the 1m
/// indicates the 9m (and the 9m the 1m, as usual).
#[inline]
pub fn dora_of(indicator: Tile, n_players: u8) -> Tile {
    if n_players == 3 && indicator.index() == 0 {
        return Tile::from_index_unchecked(8);
    }
    indicator.dora_from_indicator()
}

/// How and where a hand was won.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct WinContext {
    /// Self-drawn (ツモ) rather than on a discard (ロン).
    pub tsumo: bool,
    /// Riichi declared (立直).
    pub riichi: bool,
    /// Riichi declared on the first turn (両立直); implies riichi.
    pub double_riichi: bool,
    /// The riichi was declared open (オープン立直), the waits shown; needs riichi (with
    /// `double_riichi`: a double open riichi).
    pub open_riichi: bool,
    /// The discarder of a ron was in riichi before the open riichi was declared: its
    /// discards were forced, so it pays as usual (`Rules::open_riichi_deal_in`).
    pub discarder_riichi: bool,
    /// Won within one go-around of the riichi (一発).
    pub ippatsu: bool,
    /// Won by drawing the last tile of the wall (海底摸月).
    pub haitei: bool,
    /// Won on the last discard (河底撈魚).
    pub houtei: bool,
    /// Won on a kan replacement tile (嶺上開花).
    pub rinshan: bool,
    /// Won by robbing a kan (槍槓).
    pub chankan: bool,
    /// Dealer's win on the dealt hand (天和).
    pub tenhou: bool,
    /// Non-dealer's win on the first draw with no calls before (地和).
    pub chiihou: bool,
    /// Non-dealer's ron before the first draw with no calls before (人和).
    pub renhou: bool,
    /// 4, or 3 for sanma.
    pub n_players: u8,
    /// Seat of the winner (0..n_players).
    pub winner: u8,
    /// Seat of the dealer.
    pub dealer: u8,
    /// Seat that dealt in (ron); ignored on tsumo.
    pub discarder: u8,
    /// The round wind (East, South, West or North).
    pub round_wind: Tile,
    /// Seat liable for a pao yakuman, if any.
    pub pao: Option<u8>,
    /// Dora indicators (表ドラ, with kan dora).
    pub dora: Indicators,
    /// Ura dora indicators (裏ドラ); they count only with riichi.
    pub ura: Indicators,
    /// Counters on the table (本場).
    pub honba: u16,
    /// Riichi sticks the winner collects (供託).
    pub riichi_sticks: u16,
    /// North tiles set aside in 3-player (抜きドラ).
    pub kita: u8,
    /// Hands the dealer has won in a row before this one (draws not counted): the
    /// count paarenchan (八連荘) reads; it matters only to a win by the dealer.
    pub dealer_wins: u8,
}

/// Integer arguments of a win's context: the scalar call and the batch columns check
/// these same ranges.
pub mod arg {
    use crate::args::IntArg;
    pub const HONBA: IntArg = IntArg::new("honba", 0, 255);
    pub const RIICHI_STICKS: IntArg = IntArg::new("riichi_sticks", 0, 255);
    pub const KITA: IntArg = IntArg::new("kita", 0, 4);
    pub const N_PLAYERS: IntArg = IntArg::new("n_players", 3, 4);
    pub const WINNER: IntArg = IntArg::new("winner", 0, 3);
    pub const DEALER: IntArg = IntArg::new("dealer", 0, 3);
    pub const DISCARDER: IntArg = IntArg::new("discarder", 0, 3);
    pub const PAO: IntArg = IntArg::new("pao", 0, 3);
    pub const DEALER_WINS: IntArg = IntArg::new("dealer_wins", 0, 255);
}

impl Default for WinContext {
    fn default() -> Self {
        WinContext {
            tsumo: false,
            riichi: false,
            double_riichi: false,
            open_riichi: false,
            discarder_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            n_players: 4,
            winner: 0,
            dealer: 0,
            discarder: 1,
            round_wind: Tile::EAST,
            pao: None,
            dora: Indicators::default(),
            ura: Indicators::default(),
            honba: 0,
            riichi_sticks: 0,
            kita: 0,
            dealer_wins: 0,
        }
    }
}

impl WinContext {
    /// The winner's seat wind.
    #[inline]
    pub fn seat_wind(&self) -> Tile {
        // (winner - dealer) mod n without a division: both seats are below n once the
        // context is validated (the mask keeps an unvalidated one a wind).
        let d = self.winner.wrapping_add(self.n_players).wrapping_sub(self.dealer);
        let d = if d >= self.n_players { d - self.n_players } else { d };
        Tile::from_index_unchecked(Tile::EAST.index() + (d & 3) as usize)
    }
    /// Is the winner the dealer?
    #[inline]
    pub fn is_dealer(&self) -> bool {
        self.winner == self.dealer
    }
    /// Riichi of either kind.
    #[inline]
    pub fn any_riichi(&self) -> bool {
        self.riichi | self.double_riichi
    }

    /// Check seats and flags against each other. `closed` and `n_kans` describe the
    /// hand (riichi needs a closed hand, rinshan needs a kan).
    #[inline(always)]
    pub fn validate(&self, closed: bool, no_melds: bool, n_kans: usize) -> Result<()> {
        // Every win comes here: one branch-light test of the common case first; the
        // checks below (which name what is wrong) run only when it fails or a rare flag
        // is set.
        let n = self.n_players;
        let pao_ok = match self.pao {
            None => true,
            Some(p) => p < n && p != self.winner,
        };
        let common = (n == 3) | (n == 4)
            && (self.winner < n) & (self.dealer < n)
            && (self.tsumo || (self.discarder < n) & (self.discarder != self.winner))
            && pao_ok
            && self.round_wind.is_wind()
            && (closed || !self.any_riichi())
            && (self.any_riichi() || !self.ippatsu);
        let rare = self.any_rare_flag();
        if common && (!rare || self.rare_flags_ok(no_melds, n_kans)) {
            return Ok(());
        }
        self.validate_slow(closed, no_melds, n_kans)
    }

    /// Is any of the rare flags set (haitei, houtei, rinshan, chankan, the first-turn
    /// wins, open riichi, kita)? Tested with `|` rather than `||`: one combined branch, not eight.
    #[inline(always)]
    fn any_rare_flag(&self) -> bool {
        self.haitei
            | self.houtei
            | self.rinshan
            | self.chankan
            | self.tenhou
            | self.chiihou
            | self.renhou
            | self.open_riichi
            | self.discarder_riichi
            | (self.kita > 0)
    }

    /// Do the rare flags (haitei, houtei, rinshan, chankan, the first-turn wins, kita)
    /// agree with each other and the hand? One win in twelve or so sets one: they are
    /// tested together here, out of line, so that only a context that is wrong pays for
    /// `validate_slow`, which names the fault. Each term is one row of its table.
    #[inline(never)]
    fn rare_flags_ok(&self, no_melds: bool, n_kans: usize) -> bool {
        let t = self.tsumo;
        let dealer = self.is_dealer();
        let first = no_melds & !dealer;
        !(self.haitei & !t)
            & !(self.houtei & t)
            & !(self.rinshan & !(t & (n_kans > 0)))
            & !(self.chankan & t)
            & !(self.tenhou & !(t & dealer & no_melds))
            & !(self.chiihou & !(t & first))
            & !(self.renhou & !(!t & first))
            & !(self.haitei & self.houtei)
            & !(self.chankan & self.houtei)
            & !(self.open_riichi & !self.any_riichi())
            & !(self.discarder_riichi & t)
            & ((self.kita == 0) | ((self.n_players == 3) & (self.kita <= 4)))
    }

    /// The checks of [`WinContext::validate`] one by one, each naming what is wrong;
    /// out of line, so that the common case above stays a few instructions inline.
    #[cold]
    #[inline(never)]
    fn validate_slow(&self, closed: bool, no_melds: bool, n_kans: usize) -> Result<()> {
        let rare = self.any_rare_flag();
        let bad = |m: String| Err(Error::InvalidHand(format!("win context: {m}")));
        if !matches!(self.n_players, 3 | 4) {
            return bad(format!("n_players = {}: expected 3 or 4", self.n_players));
        }
        let n = self.n_players;
        for (name, s) in [("winner", self.winner), ("dealer", self.dealer)] {
            if s >= n {
                return bad(format!("{name} = {s}: seats are 0-{}", n - 1));
            }
        }
        if !self.tsumo {
            if self.discarder >= n {
                return bad(format!("discarder = {}: seats are 0-{}", self.discarder, n - 1));
            }
            if self.discarder == self.winner {
                return bad(format!("a ron needs a discarder other than the winner (both are seat {})", self.winner));
            }
        }
        if let Some(p) = self.pao {
            if p >= n || p == self.winner {
                return bad(format!("pao = {p}: must be another seat in 0-{}", n - 1));
            }
        }
        if !self.round_wind.is_wind() {
            return bad(format!("round wind {} is not a wind", self.round_wind));
        }
        if self.any_riichi() && !closed {
            return bad("riichi with an open hand".into());
        }
        if self.ippatsu && !self.any_riichi() {
            return bad("ippatsu without riichi".into());
        }
        // Most wins set none of the rare flags below: skip building the table for them.
        if !rare {
            return Ok(());
        }
        // (flag set, allowed, why): checked in order, no allocation unless one fails.
        let checks: [(bool, bool, &str); 14] = [
            (self.haitei, self.tsumo, "haitei is a tsumo win"),
            (self.houtei, !self.tsumo, "houtei is a ron win"),
            (self.rinshan, self.tsumo, "rinshan is a tsumo win"),
            (self.rinshan, n_kans > 0, "rinshan needs a kan in the hand"),
            (self.chankan, !self.tsumo, "chankan is a ron win"),
            (self.tenhou, self.tsumo && self.is_dealer() && no_melds, "tenhou is the dealer's tsumo on the dealt hand"),
            (self.chiihou, self.tsumo && !self.is_dealer() && no_melds, "chiihou is a non-dealer's first-draw tsumo"),
            (
                self.renhou,
                !self.tsumo && !self.is_dealer() && no_melds,
                "renhou is a non-dealer's ron before the first draw",
            ),
            (self.haitei && self.houtei, false, "haitei and houtei exclude each other"),
            // No kan can be declared on the last tile, so none can be robbed then.
            (self.chankan && self.houtei, false, "chankan and houtei exclude each other"),
            (
                self.open_riichi,
                self.any_riichi(),
                "open_riichi needs riichi (an open riichi is a riichi declared open)",
            ),
            (self.discarder_riichi, !self.tsumo, "discarder_riichi describes the discarder of a ron"),
            (self.kita > 0, n == 3, "kita (north dora) exist only in 3-player games"),
            (self.kita > 4, false, "there are only four north tiles (kita <= 4)"),
        ];
        for (flag, ok, why) in checks {
            if flag && !ok {
                return bad(why.to_owned());
            }
        }
        Ok(())
    }
}
