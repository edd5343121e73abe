//! Scoring many wins at once from columns (one array per field), on every core.
//!
//! Input rows are plain integers (136-ids, meld codes, seat numbers, a flag mask) so
//! that NumPy or Arrow buffers can be read in place; outputs are written into
//! preallocated columns. Rows that cannot be scored get an error code and message and
//! do not stop the others. Nothing on the per-row path allocates unless it fails.

use super::context::{arg, Indicators, WinContext, MAX_INDICATORS};
use super::rules::Rules;
use super::score::{score, score_without_fu_items, ScoreResult};
use crate::args::IntArg;
use crate::batch::{meld_of_code, row_code, Column, Dtype, RowErrors};
use crate::cancel::Cancel;
use crate::error::{Error, Result};
use crate::hand::{Hand, Meld, MeldKind, MAX_MELDS};
use crate::options::RuleSet;
use crate::tile::{RTile, Tile, TileId};

use rayon::prelude::*;

/// Bits of the `flags` column.
pub mod flag {
    pub const TSUMO: u32 = 1;
    pub const RIICHI: u32 = 1 << 1;
    pub const DOUBLE_RIICHI: u32 = 1 << 2;
    pub const IPPATSU: u32 = 1 << 3;
    pub const HAITEI: u32 = 1 << 4;
    pub const HOUTEI: u32 = 1 << 5;
    pub const RINSHAN: u32 = 1 << 6;
    pub const CHANKAN: u32 = 1 << 7;
    pub const TENHOU: u32 = 1 << 8;
    pub const CHIIHOU: u32 = 1 << 9;
    pub const RENHOU: u32 = 1 << 10;
    pub const OPEN_RIICHI: u32 = 1 << 11;
    pub const DISCARDER_RIICHI: u32 = 1 << 12;
    /// Names in bit order (for the Python layer).
    pub const NAMES: [&str; 13] = [
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "tenhou",
        "chiihou",
        "renhou",
        "open_riichi",
        "discarder_riichi",
    ];
}

/// Concealed tiles per row (padded with -1).
pub const HAND_WIDTH: usize = 14;
/// Meld slots per row.
pub const MELD_WIDTH: usize = 4;
/// Yaku slots per output row.
pub const YAKU_WIDTH: usize = 16;

/// The input columns, in the order of [`Columns`]: a missing column takes its default
/// (also the pad of a narrower 2-D column).
pub const INPUT: [Column; 18] = {
    use Dtype::I32;
    [
        Column::new(
            "hand",
            I32,
            HAND_WIDTH,
            None,
            "136-ids of the concealed tiles (winning tile included or not), -1 pads",
        ),
        Column::new("win", I32, 1, None, "136-id of the winning tile"),
        Column::new(
            "meld_kind",
            I32,
            MELD_WIDTH,
            Some(0),
            "meld code of each slot (the table of meld_codes(); 0 an empty slot)",
        ),
        Column::new("meld_tile", I32, MELD_WIDTH, Some(0), "lowest tile kind (0-33) of each meld"),
        Column::new("meld_red", I32, MELD_WIDTH, Some(0), "red fives (0-1) in each meld"),
        Column::new("flags", I32, 1, Some(0), "bit mask of the win flags (see score_flag_names)"),
        Column::new("winner", I32, 1, None, "winner's seat"),
        Column::new("dealer", I32, 1, Some(0), "dealer's seat"),
        Column::new(
            "discarder",
            I32,
            1,
            Some(-1),
            "discarder's seat of a ron; -1: the winner's left-hand player, (winner + n_players - 1) % n_players, as score() takes it (ignored on tsumo)",
        ),
        Column::new("pao", I32, 1, Some(-1), "seat liable for a yakuman (pao), -1 none"),
        Column::new("round_wind", I32, 1, Some(0), "round wind 0-3 (E, S, W, N)"),
        Column::new("dora", I32, MAX_INDICATORS, Some(-1), "dora indicator kinds (0-33), -1 pads"),
        Column::new("ura", I32, MAX_INDICATORS, Some(-1), "ura dora indicator kinds (0-33), -1 pads"),
        Column::new("honba", I32, 1, Some(0), "honba counters 0-255 (as score's honba)"),
        Column::new("riichi_sticks", I32, 1, Some(0), "riichi sticks on the table 0-255 (as score's riichi_sticks)"),
        Column::new("kita", I32, 1, Some(0), "north tiles set aside 0-4 (3 players)"),
        Column::new("n_players", I32, 1, Some(4), "players: 3 or 4"),
        Column::new(
            "dealer_wins",
            I32,
            1,
            Some(0),
            "hands the dealer won in a row before this one 0-255 (as score's dealer_wins; paarenchan)",
        ),
    ]
};

/// The output columns; a failed row holds the default.
pub const OUTPUT: [Column; 14] = {
    use Dtype::{I16, I32, I8};
    [
        Column::new("error", I8, 1, Some(0), "0 scored; 1 invalid hand, 2 no yaku, 3 other (details in errors)"),
        Column::new("han", I16, 1, Some(0), "han (yakuman count times 13 for yakuman)"),
        Column::new("fu", I16, 1, Some(0), "fu"),
        Column::new("yakuman", I16, 1, Some(0), "yakuman multiple"),
        Column::new("dora", I16, 1, Some(0), "dora han"),
        Column::new("ura", I16, 1, Some(0), "ura dora han"),
        Column::new("aka", I16, 1, Some(0), "red five han"),
        Column::new("kita", I16, 1, Some(0), "kita han"),
        Column::new("limit", I8, 1, Some(0), "limit code: index into mahjong_fast.riichi.LIMITS"),
        Column::new("base", I32, 1, Some(0), "base points"),
        Column::new("points", I32, 1, Some(0), "points the winner gains before honba and sticks"),
        Column::new("deltas", I32, 4, Some(0), "score change of each seat"),
        Column::new("yaku", I8, YAKU_WIDTH, Some(-1), "Tenhou yaku ids, -1 pads"),
        Column::new("yaku_han", I8, YAKU_WIDTH, Some(0), "han of each yaku (yakuman multiple for yakuman)"),
    ]
};

/// What [`Columns::row_into`] reads a row into; one per thread, reused row after row.
#[derive(Clone, Debug)]
pub struct RowBuf {
    /// The row's hand (winning tile included).
    pub hand: Hand,
    /// The row's context.
    pub ctx: WinContext,
    /// Per 136-id (and pad slot): the number of the last row that held it.
    seen: [u32; 256],
    stamp: u32,
    /// Whether `ctx` may hold a rare flag (haitei .. renhou) set.
    rare: bool,
}

impl RowBuf {
    pub fn new() -> RowBuf {
        RowBuf {
            hand: Hand::from_checked_parts([0; 34], [0; 3], [Meld::default(); MAX_MELDS], 0),
            ctx: WinContext::default(),
            seen: [0; 256],
            stamp: 0,
            rare: false,
        }
    }
}

impl Default for RowBuf {
    fn default() -> Self {
        RowBuf::new()
    }
}

/// Borrowed input columns; every slice holds `n` rows of its width.
#[derive(Copy, Clone, Debug)]
pub struct Columns<'a> {
    pub n: usize,
    /// n × 14 136-ids of the concealed tiles (winning tile included, or not), -1 pads.
    pub hand: &'a [i32],
    /// n 136-ids of the winning tile.
    pub win: &'a [i32],
    /// n × 4 meld codes (see [`crate::batch::MELD_CODES`]).
    pub meld_kind: &'a [i32],
    /// n × 4 lowest tile kind (0..34) of each meld.
    pub meld_tile: &'a [i32],
    /// n × 4 red fives inside each meld.
    pub meld_red: &'a [i32],
    /// n flag masks (see [`flag`]).
    pub flags: &'a [i32],
    /// n winner / dealer / discarder / pao (-1 none) seats.
    pub winner: &'a [i32],
    pub dealer: &'a [i32],
    pub discarder: &'a [i32],
    pub pao: &'a [i32],
    /// n round winds 0..4 (E S W N).
    pub round_wind: &'a [i32],
    /// n × 5 dora / ura indicator kinds (0..34), -1 pads.
    pub dora: &'a [i32],
    pub ura: &'a [i32],
    pub honba: &'a [i32],
    pub riichi_sticks: &'a [i32],
    pub kita: &'a [i32],
    pub n_players: &'a [i32],
    /// n counts of the dealer's wins in a row before the row's win.
    pub dealer_wins: &'a [i32],
}

impl Columns<'_> {
    /// Check that every column has the length its width asks for.
    pub fn check(&self) -> Result<()> {
        let n = self.n;
        let cols: [(&str, usize, usize); 18] = [
            ("hand", self.hand.len(), n * HAND_WIDTH),
            ("win", self.win.len(), n),
            ("meld_kind", self.meld_kind.len(), n * MELD_WIDTH),
            ("meld_tile", self.meld_tile.len(), n * MELD_WIDTH),
            ("meld_red", self.meld_red.len(), n * MELD_WIDTH),
            ("flags", self.flags.len(), n),
            ("winner", self.winner.len(), n),
            ("dealer", self.dealer.len(), n),
            ("discarder", self.discarder.len(), n),
            ("pao", self.pao.len(), n),
            ("round_wind", self.round_wind.len(), n),
            ("dora", self.dora.len(), n * MAX_INDICATORS),
            ("ura", self.ura.len(), n * MAX_INDICATORS),
            ("honba", self.honba.len(), n),
            ("riichi_sticks", self.riichi_sticks.len(), n),
            ("kita", self.kita.len(), n),
            ("n_players", self.n_players.len(), n),
            ("dealer_wins", self.dealer_wins.len(), n),
        ];
        for (name, got, want) in cols {
            if got != want {
                return Err(Error::InvalidHand(format!("column {name}: {got} values, expected {want} for {n} rows")));
            }
        }
        Ok(())
    }

    // Range checks run a dozen times per row: inline the test, keep the message cold.
    #[inline(always)]
    fn small(v: i32, lo: i32, hi: i32, what: &str, row: usize) -> Result<u8> {
        if v < lo || v > hi {
            return Err(Self::out_of_range(v, lo, hi, what, row));
        }
        Ok(v as u8)
    }

    #[cold]
    #[inline(never)]
    fn out_of_range(v: i32, lo: i32, hi: i32, what: &str, row: usize) -> Error {
        Error::InvalidHand(format!("row {row}: {what} = {v}: expected {lo}-{hi}"))
    }

    /// A counter of the context (honba, riichi sticks, kita): the range its argument
    /// declares, the one the scalar `score` checks (so both accept the same values).
    #[inline(always)]
    fn counter(v: i32, a: IntArg, row: usize) -> Result<u16> {
        if (v as i128) < a.min || (v as i128) > a.max {
            return Err(Self::out_of_range(v, a.min as i32, a.max as i32, a.name, row));
        }
        Ok(v as u16)
    }

    /// Row `i` of a column `W` values wide, as an array: indexing it needs no bounds
    /// check and loops over it unroll. [`Columns::check`] has matched the lengths, so
    /// the error is only a guard.
    #[inline(always)]
    fn fixed<'c, const W: usize>(col: &'c [i32], i: usize, what: &str) -> Result<&'c [i32; W]> {
        match col.get(i * W..(i + 1) * W).and_then(|r| r.try_into().ok()) {
            Some(r) => Ok(r),
            None => Err(Self::short_column(what, i)),
        }
    }

    #[cold]
    #[inline(never)]
    fn short_column(what: &str, row: usize) -> Error {
        Error::InvalidHand(format!("row {row}: column {what} is too short"))
    }

    #[inline(always)]
    fn kind(v: i32, what: &str, row: usize) -> Result<Tile> {
        let k = Self::small(v, 0, 33, what, row)?;
        Ok(Tile::from_index_unchecked(k as usize))
    }

    /// The hand, winning tile and context of row `i`.
    ///
    /// Every row of a batch comes through here, so the common case is straight-line:
    /// ids go into counts with one bit test each for duplicates, and every message is
    /// built in a cold function only when a check fails.
    #[inline]
    pub fn row(&self, i: usize) -> Result<(Hand, RTile, WinContext)> {
        // Sized as the hand holds them, so the array moves into the hand without a copy loop.
        let mut melds = [Meld::default(); MAX_MELDS];
        let mut n_melds = 0;
        let kinds = Self::fixed::<MELD_WIDTH>(self.meld_kind, i, "meld_kind")?;
        // Most hands are closed: one test skips the four meld slots.
        if kinds.iter().any(|&k| k != 0) {
            let tiles = Self::fixed::<MELD_WIDTH>(self.meld_tile, i, "meld_tile")?;
            let reds = Self::fixed::<MELD_WIDTH>(self.meld_red, i, "meld_red")?;
            for (j, &code) in kinds.iter().enumerate() {
                let Some(kind) = meld_of_code(code) else {
                    return Err(Error::InvalidHand(format!("row {i}: meld code {code} (expected 0-5)")));
                };
                let Some(kind) = kind else { continue };
                let t = Self::kind(tiles[j], "meld tile", i)?;
                if kind == MeldKind::Chi && (t.is_honor() || t.number() > 7) {
                    return Err(Error::InvalidHand(format!("row {i}: a chi cannot start at {t}")));
                }
                let red = Self::small(reds[j], 0, 1, "meld red fives", i)?;
                let has_five = if kind == MeldKind::Chi {
                    !t.is_honor() && (3..=5).contains(&t.number())
                } else {
                    !t.is_honor() && t.number() == 5
                };
                if red > 0 && !has_five {
                    return Err(Error::InvalidHand(format!("row {i}: meld at {t} holds no five to be red")));
                }
                melds[n_melds] = column_meld(kind, t, red);
                n_melds += 1;
            }
        }
        let meld_array = melds;
        let melds = &meld_array[..n_melds];
        let want = 14 - 3 * n_melds;
        // 136-ids straight into counts; a bit set (136 bits in three words) catches a
        // physical tile given twice and afterwards tells which red fives are held.
        let mut counts = [0u8; 34];
        let mut n_tiles = 0;
        let mut seen = [0u64; 3];
        // Bits seen before being set again: non-zero when an id repeats.
        let mut repeated = 0u64;
        // A fixed-size row needs no bounds checks; one unsigned test passes the ids in
        // range, and only pads (negative) and bad ids take the second test.
        let ids = Self::fixed::<HAND_WIDTH>(self.hand, i, "hand")?;
        for &id in ids {
            if id as u32 >= 136 {
                if id < 0 {
                    continue;
                }
                return Err(Self::bad_id(i, id));
            }
            let (w, bit) = (id as usize >> 6, 1u64 << (id as u32 & 63));
            repeated |= seen[w] & bit;
            seen[w] |= bit;
            counts[id as usize >> 2] += 1;
            n_tiles += 1;
        }
        let win_id = self.win[i];
        if !(0..136).contains(&win_id) {
            return Err(Error::InvalidHand(format!("row {i}: winning tile id {win_id} is out of range 0-135")));
        }
        let win = TileId::wrapping(win_id as u8).rtile();
        if n_tiles + 1 == want {
            let (w, bit) = (win_id as usize >> 6, 1u64 << (win_id as u32 & 63));
            repeated |= seen[w] & bit;
            seen[w] |= bit;
            counts[win_id as usize >> 2] += 1;
        }
        // An id given twice: name it on the cold path.
        if repeated != 0 {
            return Err(self.repeated_id(i, n_tiles + 1 == want));
        }
        // The red fives are ids 16, 52 and 88.
        let red = [(seen[0] >> 16) as u8 & 1, (seen[0] >> 52) as u8 & 1, (seen[1] >> 24) as u8 & 1];
        // The ids were distinct, so the concealed part holds at most four of a kind and
        // one red five per suit; only what the melds add can break either.
        let n_conc: usize = n_tiles + usize::from(n_tiles + 1 == want);
        if n_conc != want {
            return Err(Error::InvalidHand(format!(
                "row {i}: {n_conc} concealed tiles (the winning tile included); with {n_melds} melds a winning hand holds {want}"
            )));
        }
        for m in melds {
            let k = m.tile.index();
            let over = if m.kind == MeldKind::Chi {
                (k..k + 3).any(|x| counts[x] + 1 > 4)
            } else {
                counts[k] as usize + m.len() > 4
            };
            // Two melds of one kind (or overlapping chi) are checked together below.
            if over {
                return Err(Error::InvalidHand(format!("row {i}: more than four copies of {} with the melds", m.tile)));
            }
            if m.red > 0 && red[m.tile.suit().index().min(2)] > 0 {
                return Err(Error::InvalidHand(format!("row {i}: two red fives of one suit")));
            }
        }
        if n_melds > 1 {
            let mut all = counts;
            let mut reds = red;
            for m in melds {
                m.add_to(&mut all);
                reds[m.tile.suit().index().min(2)] += m.red;
            }
            if all.iter().any(|&c| c > 4) || reds.iter().any(|&r| r > 1) {
                return Err(Error::InvalidHand(format!(
                    "row {i}: the melds and concealed tiles hold a fifth copy or a second red five"
                )));
            }
        }
        let hand = Hand::from_checked_parts(counts, red, meld_array, n_melds as u8);
        let f = self.flags[i] as u32;
        let has = |b: u32| f & b != 0;
        let n_players = Self::counter(self.n_players[i], arg::N_PLAYERS, i)? as u8;
        let seat = |v: i32, what: &str| Self::small(v, 0, n_players as i32 - 1, what, i);
        let mut dora = Indicators::default();
        let mut ura = Indicators::default();
        let dora_row = Self::fixed::<MAX_INDICATORS>(self.dora, i, "dora")?;
        let ura_row = Self::fixed::<MAX_INDICATORS>(self.ura, i, "ura")?;
        for (&d, &u) in dora_row.iter().zip(ura_row) {
            if d >= 0 {
                dora.push(Self::kind(d, "dora indicator", i)?);
            }
            if u >= 0 {
                ura.push(Self::kind(u, "ura indicator", i)?);
            }
        }
        let tsumo = has(flag::TSUMO);
        let winner = seat(self.winner[i], "winner")?;
        let ctx = WinContext {
            tsumo,
            riichi: has(flag::RIICHI | flag::DOUBLE_RIICHI | flag::OPEN_RIICHI),
            double_riichi: has(flag::DOUBLE_RIICHI),
            open_riichi: has(flag::OPEN_RIICHI),
            discarder_riichi: has(flag::DISCARDER_RIICHI),
            ippatsu: has(flag::IPPATSU),
            haitei: has(flag::HAITEI),
            houtei: has(flag::HOUTEI),
            rinshan: has(flag::RINSHAN),
            chankan: has(flag::CHANKAN),
            tenhou: has(flag::TENHOU),
            chiihou: has(flag::CHIIHOU),
            renhou: has(flag::RENHOU),
            n_players,
            winner,
            dealer: seat(self.dealer[i], "dealer")?,
            discarder: if tsumo {
                winner
            } else if self.discarder[i] == -1 {
                (winner + n_players - 1) % n_players
            } else {
                seat(self.discarder[i], "discarder")?
            },
            round_wind: Tile::from_index_unchecked(
                27 + Self::small(self.round_wind[i], 0, 3, "round_wind", i)? as usize,
            ),
            pao: if self.pao[i] < 0 { None } else { Some(seat(self.pao[i], "pao")?) },
            dora,
            ura,
            honba: Self::counter(self.honba[i], arg::HONBA, i)?,
            riichi_sticks: Self::counter(self.riichi_sticks[i], arg::RIICHI_STICKS, i)?,
            kita: Self::counter(self.kita[i], arg::KITA, i)? as u8,
            dealer_wins: Self::counter(self.dealer_wins[i], arg::DEALER_WINS, i)? as u8,
        };
        Ok((hand, win, ctx))
    }

    /// Row `i` read into `hand` and `ctx` in place (both overwritten), returning the
    /// winning tile: what [`Columns::row`] gives, without moving two structs per row.
    ///
    /// The common row is read by [`Rows::fast_row`], which tests all of its values
    /// together and gives up on the first surprise; a row it gives up on (an error, or
    /// something valid but unusual) goes through [`Columns::row`], so results and error
    /// messages are exactly those of `row`.
    #[inline]
    pub fn row_into(&self, i: usize, buf: &mut RowBuf) -> Result<RTile> {
        self.read_row(self.rows(i, 1).as_ref(), 0, i, buf)
    }

    /// Row `i` = row `j` of `rows` (a chunk's view, when there is one) into `buf`.
    #[inline(always)]
    fn read_row(&self, rows: Option<&Rows<'_>>, j: usize, i: usize, buf: &mut RowBuf) -> Result<RTile> {
        buf.stamp = buf.stamp.wrapping_add(1);
        if buf.stamp == 0 {
            buf.seen = [0; 256];
            buf.stamp = 1;
        }
        if let Some(win) = rows.and_then(|r| r.fast_row(j, buf)) {
            return Ok(win);
        }
        // The slow path writes every field.
        buf.rare = true;
        self.slow_row_into(i, &mut buf.hand, &mut buf.ctx)
    }

    #[cold]
    #[inline(never)]
    fn slow_row_into(&self, i: usize, hand: &mut Hand, ctx: &mut WinContext) -> Result<RTile> {
        let (h, w, c) = self.row(i)?;
        *hand = h;
        *ctx = c;
        Ok(w)
    }

    #[cold]
    #[inline(never)]
    fn bad_id(row: usize, id: i32) -> Error {
        Error::InvalidHand(format!("row {row}: tile id {id} is out of range 0-135"))
    }

    /// The error for row `i` when an id appears twice (the first one repeated).
    #[cold]
    #[inline(never)]
    fn repeated_id(&self, i: usize, with_win: bool) -> Error {
        let mut seen = [false; 136];
        let ids = self.hand[i * HAND_WIDTH..(i + 1) * HAND_WIDTH].iter().filter(|&&id| id >= 0);
        for &id in ids.chain(std::iter::once(&self.win[i]).filter(|_| with_win)) {
            let slot = &mut seen[(id as usize).min(135)];
            if *slot {
                return Error::InvalidHand(format!("row {i}: tile id {id} appears twice"));
            }
            *slot = true;
        }
        Error::InvalidHand(format!("row {i}: a tile id appears twice"))
    }
}

/// Rows `start..start + len` of [`Columns`]: every column cut to them and the wide ones
/// viewed as fixed-width rows, so that a chunk reads row `j` without a bounds check
/// per column (each view has exactly `len` rows).
pub struct Rows<'c> {
    hand: &'c [[i32; HAND_WIDTH]],
    win: &'c [i32],
    meld_kind: &'c [[i32; MELD_WIDTH]],
    meld_tile: &'c [[i32; MELD_WIDTH]],
    meld_red: &'c [[i32; MELD_WIDTH]],
    flags: &'c [i32],
    winner: &'c [i32],
    dealer: &'c [i32],
    discarder: &'c [i32],
    pao: &'c [i32],
    round_wind: &'c [i32],
    dora: &'c [[i32; MAX_INDICATORS]],
    ura: &'c [[i32; MAX_INDICATORS]],
    honba: &'c [i32],
    riichi_sticks: &'c [i32],
    kita: &'c [i32],
    n_players: &'c [i32],
    dealer_wins: &'c [i32],
}

impl<'a> Columns<'a> {
    /// The view of rows `start..start + len` (`None` when a column is too short).
    pub fn rows(&self, start: usize, len: usize) -> Option<Rows<'a>> {
        fn one(c: &[i32], start: usize, len: usize) -> Option<&[i32]> {
            c.get(start..start.checked_add(len)?)
        }
        fn wide<const W: usize>(c: &[i32], start: usize, len: usize) -> Option<&[[i32; W]]> {
            c.get(start.checked_mul(W)?..)?.as_chunks::<W>().0.get(..len)
        }
        Some(Rows {
            hand: wide(self.hand, start, len)?,
            win: one(self.win, start, len)?,
            meld_kind: wide(self.meld_kind, start, len)?,
            meld_tile: wide(self.meld_tile, start, len)?,
            meld_red: wide(self.meld_red, start, len)?,
            flags: one(self.flags, start, len)?,
            winner: one(self.winner, start, len)?,
            dealer: one(self.dealer, start, len)?,
            discarder: one(self.discarder, start, len)?,
            pao: one(self.pao, start, len)?,
            round_wind: one(self.round_wind, start, len)?,
            dora: wide(self.dora, start, len)?,
            ura: wide(self.ura, start, len)?,
            honba: one(self.honba, start, len)?,
            riichi_sticks: one(self.riichi_sticks, start, len)?,
            kita: one(self.kita, start, len)?,
            n_players: one(self.n_players, start, len)?,
            dealer_wins: one(self.dealer_wins, start, len)?,
        })
    }
}

impl Rows<'_> {
    /// Indicator kinds (checked to be below 34; negative = none) packed to the front,
    /// unused slots left at the default tile as `Indicators` keeps them.
    #[inline(always)]
    fn pack(row: &[i32; MAX_INDICATORS]) -> Indicators {
        let mut tiles = [Tile::default(); MAX_INDICATORS];
        let mut n = 0;
        // Most rows hold one indicator and pads (dora) or only pads (ura).
        if row[1..] == [-1; MAX_INDICATORS - 1] {
            if row[0] >= 0 {
                tiles[0] = Tile::from_index_unchecked(row[0] as usize);
                n = 1;
            }
        } else {
            for &d in row {
                if d >= 0 {
                    tiles[n.min(MAX_INDICATORS - 1)] = Tile::from_index_unchecked(d as usize);
                    n += 1;
                }
            }
        }
        Indicators::from_checked_parts(tiles, n as u8)
    }

    /// The straight-line reader behind [`Columns::row_into`] (row `j` of the view):
    /// `None` whenever `row` could fail, and for valid but unusual rows (then `hand`
    /// and `ctx` may be half written; `row` rewrites them). Range checks are vector or
    /// unsigned compares OR-ed together and tested once; ids go into counts without a
    /// branch per id; the context is written field by field into the reused buffer.
    #[inline(always)]
    fn fast_row(&self, j: usize, buf: &mut RowBuf) -> Option<RTile> {
        let ids = self.hand.get(j)?;
        let kinds = self.meld_kind.get(j)?;
        let dora_row = self.dora.get(j)?;
        let ura_row = self.ura.get(j)?;
        // The ids and indicators first; the scalar columns are read and checked after
        // the hand, so that fewer values stay live across it.
        let win_id = *self.win.get(j)?;
        let (out_of_range, pads) = scan_row(ids, dora_row, ura_row);
        if out_of_range | (win_id as u32 >= 136) {
            return None;
        }

        // Melds (most hands have none: one test skips them).
        let mut melds = [Meld::default(); MAX_MELDS];
        let mut n_melds = 0usize;
        let mut meld_counts = [0u8; 34];
        let mut meld_reds = [0u8; 3];
        if *kinds != [0; MELD_WIDTH] {
            let tiles = self.meld_tile.get(j)?;
            let reds = self.meld_red.get(j)?;
            for slot in 0..MELD_WIDTH {
                let kind = match meld_of_code(kinds[slot])? {
                    Some(k) => k,
                    None => continue,
                };
                if !(0..34).contains(&tiles[slot]) || !(0..=1).contains(&reds[slot]) {
                    return None;
                }
                let t = Tile::from_index_unchecked(tiles[slot] as usize);
                let five = !t.is_honor()
                    && if kind == MeldKind::Chi { (3..=5).contains(&t.number()) } else { t.number() == 5 };
                if (kind == MeldKind::Chi && (t.is_honor() || t.number() > 7)) || (reds[slot] > 0 && !five) {
                    return None;
                }
                let m = column_meld(kind, t, reds[slot] as u8);
                m.add_to(&mut meld_counts);
                meld_reds[t.suit().index().min(2)] += m.red;
                melds[n_melds & 3] = m;
                n_melds += 1;
            }
        }

        // 136-ids into counts. A repeated id is found by stamping its slot of `seen`
        // with this row's number (no table to clear per row). Every pad (-1 here) lands
        // on slot and count 255 past the real ones, so no test per id; the pads after
        // the first are the hits there that are not repeats.
        let (seen, stamp) = (&mut buf.seen, buf.stamp);
        let mut counts = [0u8; 64];
        let mut hits = 0usize;
        for &id in ids {
            let x = id as usize & 255;
            hits += (seen[x] == stamp) as usize;
            seen[x] = stamp;
            counts[x >> 2] += 1;
        }
        let mut repeated = hits != pads.saturating_sub(1);
        let n_tiles = HAND_WIDTH - pads;
        let want = 14 - 3 * n_melds;
        if n_tiles + 1 == want {
            let x = win_id as usize & 255;
            repeated |= seen[x] == stamp;
            seen[x] = stamp;
            counts[x >> 2] += 1;
        } else if n_tiles != want {
            return None;
        }
        if repeated {
            return None;
        }
        // The red fives are ids 16, 52 and 88.
        let red = [(seen[16] == stamp) as u8, (seen[52] == stamp) as u8, (seen[88] == stamp) as u8];
        let conc = &counts[..34];
        if n_melds > 0 {
            let mut over = false;
            for k in 0..34 {
                over |= conc[k] + meld_counts[k] > 4;
            }
            for s in 0..3 {
                over |= red[s] + meld_reds[s] > 1;
            }
            if over {
                return None;
            }
        }

        // Indicators packed to the front; a pad writes the default tile (what
        // `Indicators` keeps in unused slots) where the next indicator will go.
        // Every scalar check of `row` at once (negative values wrap to large unsigned ones).
        let f = *self.flags.get(j)? as u32;
        let (np, winner, dealer) = (*self.n_players.get(j)?, *self.winner.get(j)?, *self.dealer.get(j)?);
        let (discarder, pao, round_wind) = (*self.discarder.get(j)?, *self.pao.get(j)?, *self.round_wind.get(j)?);
        let (honba, sticks, kita) = (*self.honba.get(j)?, *self.riichi_sticks.get(j)?, *self.kita.get(j)?);
        let dealer_wins = *self.dealer_wins.get(j)?;
        let tsumo = f & flag::TSUMO != 0;
        let npu = np as u32;
        // -1: the seat before the winner (whatever the player count).
        let discarder = if (discarder == -1) & ((3..=4).contains(&np)) {
            winner.wrapping_add(np - 1).rem_euclid(np)
        } else {
            discarder
        };
        let bad = (npu.wrapping_sub(3) > 1)
            | (winner as u32 >= npu)
            | (dealer as u32 >= npu)
            | (!tsumo & (discarder as u32 >= npu))
            | ((pao >= 0) & (pao as u32 >= npu))
            | (round_wind as u32 > 3)
            | (honba as u32 > arg::HONBA.max as u32)
            | (sticks as u32 > arg::RIICHI_STICKS.max as u32)
            | (kita as u32 > arg::KITA.max as u32)
            | (dealer_wins as u32 > arg::DEALER_WINS.max as u32);
        if bad {
            return None;
        }

        // Written field by field into the reused hand and context: nothing else moves.
        let RowBuf { hand, ctx, .. } = buf;
        hand.concealed.copy_from_slice(conc);
        hand.red = red;
        if n_melds > 0 || !hand.melds().is_empty() {
            hand.set_checked_melds(melds, n_melds as u8);
        }
        let has = |b: u32| f & b != 0;
        ctx.tsumo = tsumo;
        ctx.riichi = has(flag::RIICHI | flag::DOUBLE_RIICHI | flag::OPEN_RIICHI);
        ctx.double_riichi = has(flag::DOUBLE_RIICHI);
        ctx.ippatsu = has(flag::IPPATSU);
        // The rare flags are rewritten only when this row or the last one set one.
        const RARE: u32 = flag::HAITEI
            | flag::HOUTEI
            | flag::RINSHAN
            | flag::CHANKAN
            | flag::TENHOU
            | flag::CHIIHOU
            | flag::RENHOU
            | flag::OPEN_RIICHI
            | flag::DISCARDER_RIICHI;
        if f & RARE != 0 || buf.rare {
            ctx.haitei = has(flag::HAITEI);
            ctx.houtei = has(flag::HOUTEI);
            ctx.rinshan = has(flag::RINSHAN);
            ctx.chankan = has(flag::CHANKAN);
            ctx.tenhou = has(flag::TENHOU);
            ctx.chiihou = has(flag::CHIIHOU);
            ctx.renhou = has(flag::RENHOU);
            ctx.open_riichi = has(flag::OPEN_RIICHI);
            ctx.discarder_riichi = has(flag::DISCARDER_RIICHI);
            buf.rare = f & RARE != 0;
        }
        ctx.n_players = np as u8;
        ctx.winner = winner as u8;
        ctx.dealer = dealer as u8;
        ctx.discarder = if tsumo { winner as u8 } else { discarder as u8 };
        ctx.round_wind = Tile::from_index_unchecked(27 + round_wind as usize);
        ctx.pao = if pao < 0 { None } else { Some(pao as u8) };
        ctx.dora = Rows::pack(dora_row);
        ctx.ura = Rows::pack(ura_row);
        ctx.honba = honba as u16;
        ctx.riichi_sticks = sticks as u16;
        ctx.kita = kita as u8;
        ctx.dealer_wins = dealer_wins as u8;
        Some(TileId::wrapping(win_id as u8).rtile())
    }
}

/// The range checks of one row for [`Rows::fast_row`]: `(true, _)` when an id is
/// outside -1..=135 (`row` takes any negative as a pad; the fast reader only -1) or an
/// indicator kind above 33; otherwise the number of pads among the ids.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn scan_row(ids: &[i32; HAND_WIDTH], dora: &[i32; MAX_INDICATORS], ura: &[i32; MAX_INDICATORS]) -> (bool, usize) {
    use core::arch::x86_64::*;
    #[inline(always)]
    fn load4(s: &[i32], at: usize) -> __m128i {
        match s.get(at..at + 4) {
            // SAFETY: the slice holds exactly four i32; the load is unaligned.
            Some(b) => unsafe { _mm_loadu_si128(b.as_ptr() as *const __m128i) },
            // SAFETY: SSE2 is part of the x86-64 baseline.
            None => unsafe { _mm_set1_epi32(i32::MAX) },
        }
    }
    // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched below.
    unsafe {
        // Lanes: ids 0..4, 4..8, 8..12, 10..14 (the last two overlap); indicators 0..4, 1..5.
        let (a, b, c, d) = (load4(ids, 0), load4(ids, 4), load4(ids, 8), load4(ids, 10));
        let (hi, pad) = (_mm_set1_epi32(135), _mm_set1_epi32(-1));
        let out = |v: __m128i| _mm_or_si128(_mm_cmpgt_epi32(v, hi), _mm_cmplt_epi32(v, pad));
        let mut bad = _mm_or_si128(_mm_or_si128(out(a), out(b)), _mm_or_si128(out(c), out(d)));
        let k = _mm_set1_epi32(33);
        for v in [load4(dora, 0), load4(dora, 1), load4(ura, 0), load4(ura, 1)] {
            bad = _mm_or_si128(bad, _mm_cmpgt_epi32(v, k));
        }
        // Pads: each -1 lane subtracts -1; of the last load only ids 12 and 13 count.
        let last = _mm_and_si128(_mm_cmpeq_epi32(d, pad), _mm_set_epi32(-1, -1, 0, 0));
        let sum = _mm_add_epi32(
            _mm_add_epi32(_mm_cmpeq_epi32(a, pad), _mm_cmpeq_epi32(b, pad)),
            _mm_add_epi32(_mm_cmpeq_epi32(c, pad), last),
        );
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
        (_mm_movemask_epi8(bad) != 0, _mm_cvtsi128_si32(sum).unsigned_abs() as usize)
    }
}

/// [`scan_row`] without SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn scan_row(ids: &[i32; HAND_WIDTH], dora: &[i32; MAX_INDICATORS], ura: &[i32; MAX_INDICATORS]) -> (bool, usize) {
    let mut bad = false;
    for &id in ids {
        bad |= id.wrapping_add(1) as u32 > 136;
    }
    for (&d, &u) in dora.iter().zip(ura) {
        bad |= (d > 33) | (u > 33);
    }
    (bad, ids.iter().filter(|&&id| id == -1).count())
}

/// The meld a row's columns describe. The columns carry no caller or called tile (the
/// score does not depend on them), so these take [`Meld::new`]'s defaults: the lowest
/// tile, and [`MeldKind::default_from`].
#[inline(always)]
fn column_meld(kind: MeldKind, tile: Tile, red: u8) -> Meld {
    Meld { kind, tile, called: tile, from: kind.default_from(), red }
}

/// Output columns (mutable slices of `n` rows each, widths as named).
pub struct OutColumns<'a> {
    /// 0 = scored; otherwise an error code (see [`error_code`]).
    pub error: &'a mut [i8],
    pub han: &'a mut [i16],
    pub fu: &'a mut [i16],
    pub yakuman: &'a mut [i16],
    pub dora: &'a mut [i16],
    pub ura: &'a mut [i16],
    pub aka: &'a mut [i16],
    pub kita: &'a mut [i16],
    pub limit: &'a mut [i8],
    pub base: &'a mut [i32],
    pub points: &'a mut [i32],
    /// n × 4.
    pub deltas: &'a mut [i32],
    /// n × [`YAKU_WIDTH`] Tenhou ids, -1 pads.
    pub yaku: &'a mut [i8],
    /// n × [`YAKU_WIDTH`] han (yakuman multiple for yakuman).
    pub yaku_han: &'a mut [i8],
}

/// Error code of a failed row (1 InvalidHand, 2 NoYaku, 3 other).
pub fn error_code(e: &Error) -> i8 {
    match e {
        Error::InvalidHand(_) | Error::TileParse(_) => 1,
        Error::NoYaku(_) => 2,
        _ => 3,
    }
}

/// One chunk's output columns, each cut to the chunk's length and the wide ones
/// viewed as rows of fixed width: indexing by a row below that length needs no
/// bounds check, and a row of yaku is one store.
struct ChunkOut<'c> {
    error: &'c mut [i8],
    han: &'c mut [i16],
    fu: &'c mut [i16],
    yakuman: &'c mut [i16],
    dora: &'c mut [i16],
    ura: &'c mut [i16],
    aka: &'c mut [i16],
    kita: &'c mut [i16],
    limit: &'c mut [i8],
    base: &'c mut [i32],
    points: &'c mut [i32],
    deltas: &'c mut [[i32; 4]],
    yaku: &'c mut [[i8; YAKU_WIDTH]],
    yaku_han: &'c mut [[i8; YAKU_WIDTH]],
}

impl<'c> ChunkOut<'c> {
    /// `None` when a column is shorter than the error column (the splitter keeps them
    /// equal; this is only a guard).
    fn new(out: OutColumns<'c>) -> Option<ChunkOut<'c>> {
        let n = out.error.len();
        Some(ChunkOut {
            error: out.error,
            han: out.han.get_mut(..n)?,
            fu: out.fu.get_mut(..n)?,
            yakuman: out.yakuman.get_mut(..n)?,
            dora: out.dora.get_mut(..n)?,
            ura: out.ura.get_mut(..n)?,
            aka: out.aka.get_mut(..n)?,
            kita: out.kita.get_mut(..n)?,
            limit: out.limit.get_mut(..n)?,
            base: out.base.get_mut(..n)?,
            points: out.points.get_mut(..n)?,
            deltas: out.deltas.as_chunks_mut::<4>().0.get_mut(..n)?,
            yaku: out.yaku.as_chunks_mut::<YAKU_WIDTH>().0.get_mut(..n)?,
            yaku_han: out.yaku_han.as_chunks_mut::<YAKU_WIDTH>().0.get_mut(..n)?,
        })
    }

    /// Row `j`: every column written once (scored values, or zeros and pads for a
    /// failed row).
    #[inline(always)]
    fn write(&mut self, j: usize, r: &Result<ScoreResult>) {
        if j >= self.error.len() {
            return;
        }
        match r {
            Ok(r) => {
                let mut ids = [-1i8; YAKU_WIDTH];
                let mut hans = [0i8; YAKU_WIDTH];
                for ((id, h), &(y, v)) in ids.iter_mut().zip(hans.iter_mut()).zip(r.yaku.as_slice()) {
                    *id = y.tenhou_id() as i8;
                    *h = v as i8;
                }
                self.error[j] = 0;
                self.han[j] = r.han.min(i16::MAX as u32) as i16;
                self.fu[j] = r.fu as i16;
                self.yakuman[j] = r.yakuman as i16;
                self.dora[j] = r.dora as i16;
                self.ura[j] = r.ura as i16;
                self.aka[j] = r.aka as i16;
                self.kita[j] = r.kita as i16;
                self.limit[j] = r.limit as i8;
                self.base[j] = r.base as i32;
                self.points[j] = r.pay.points as i32;
                self.deltas[j] = r.pay.deltas;
                self.yaku[j] = ids;
                self.yaku_han[j] = hans;
            }
            Err(e) => self.write_failed(j, error_code(e)),
        }
    }

    /// Row `j` as a failed row: its error code, zeros and pads.
    #[inline(always)]
    fn write_failed(&mut self, j: usize, code: i8) {
        if j >= self.error.len() {
            return;
        }
        self.error[j] = code;
        self.han[j] = 0;
        self.fu[j] = 0;
        self.yakuman[j] = 0;
        self.dora[j] = 0;
        self.ura[j] = 0;
        self.aka[j] = 0;
        self.kita[j] = 0;
        self.limit[j] = 0;
        self.base[j] = 0;
        self.points[j] = 0;
        self.deltas[j] = [0; 4];
        self.yaku[j] = [-1; YAKU_WIDTH];
        self.yaku_han[j] = [0; YAKU_WIDTH];
    }
}

/// Score rows `start..start + chunk length` into one chunk of the outputs, and the
/// failed rows' codes into `codes` (the chunk's part of [`RowErrors::codes`]). One hand
/// and one context are reused for every row.
fn score_chunk(cols: &Columns<'_>, rules: &Rules, start: usize, out: OutColumns<'_>, codes: &mut [u8]) {
    let Some(mut out) = ChunkOut::new(out) else {
        codes.fill(row_code(&Error::InvalidHand(String::new())));
        return;
    };
    let mut buf = RowBuf::new();
    let len = out.error.len();
    let rows = cols.rows(start, len);
    for j in 0..len {
        let i = start + j;
        let r = cols
            .read_row(rows.as_ref(), j, i, &mut buf)
            .and_then(|win| score_without_fu_items(&buf.hand, win, &buf.ctx, rules));
        out.write(j, &r);
        if let Err(e) = &r {
            if let Some(code) = codes.get_mut(j) {
                *code = row_code(e);
            }
        }
    }
}

/// Most rows per parallel task (about half a millisecond of work): large enough to
/// amortize scheduling, small enough to balance.
const CHUNK: usize = 2048;
/// Fewest rows per task (a task's own setup is a few hundred instructions).
const MIN_CHUNK: usize = 128;

/// Rows per task for `n` rows on `threads` threads: [`CHUNK`], or for smaller batches
/// about eight tasks per thread, so that every thread has work and the last tasks
/// are short.
fn chunk_rows(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.max(1) * 8).clamp(MIN_CHUNK, CHUNK)
}

/// `out` (checked to hold `n` rows in every column) cut into tasks of `chunk` rows,
/// each with its first row.
fn split_out(out: OutColumns<'_>, n: usize, chunk: usize) -> Result<Vec<(usize, OutColumns<'_>)>> {
    let OutColumns { error, han, fu, yakuman, dora, ura, aka, kita, limit, base, points, deltas, yaku, yaku_han } = out;
    // Every output value of every row is written (callers may pass columns they have
    // not initialized), so every length must match.
    let narrow = [han.len(), fu.len(), yakuman.len(), dora.len(), ura.len(), aka.len(), kita.len()];
    let lengths_ok = error.len() == n
        && limit.len() == n
        && base.len() == n
        && points.len() == n
        && narrow.iter().all(|&l| l == n)
        && deltas.len() == 4 * n
        && yaku.len() == YAKU_WIDTH * n
        && yaku_han.len() == YAKU_WIDTH * n;
    if !lengths_ok {
        return Err(Error::InvalidHand("output columns do not match the number of rows".into()));
    }
    let mut tasks: Vec<(usize, OutColumns<'_>)> = Vec::with_capacity(n.div_ceil(chunk));
    let mut it = (
        error.chunks_mut(chunk),
        han.chunks_mut(chunk),
        fu.chunks_mut(chunk),
        yakuman.chunks_mut(chunk),
        dora.chunks_mut(chunk),
        ura.chunks_mut(chunk),
        aka.chunks_mut(chunk),
        kita.chunks_mut(chunk),
        limit.chunks_mut(chunk),
        base.chunks_mut(chunk),
        points.chunks_mut(chunk),
        deltas.chunks_mut(chunk * 4),
        yaku.chunks_mut(chunk * YAKU_WIDTH),
        yaku_han.chunks_mut(chunk * YAKU_WIDTH),
    );
    let mut start = 0;
    while let (
        Some(e),
        Some(h),
        Some(f),
        Some(ym),
        Some(d),
        Some(u),
        Some(a),
        Some(k),
        Some(l),
        Some(b),
        Some(p),
        Some(dl),
        Some(y),
        Some(yh),
    ) = (
        it.0.next(),
        it.1.next(),
        it.2.next(),
        it.3.next(),
        it.4.next(),
        it.5.next(),
        it.6.next(),
        it.7.next(),
        it.8.next(),
        it.9.next(),
        it.10.next(),
        it.11.next(),
        it.12.next(),
        it.13.next(),
    ) {
        let len = e.len();
        tasks.push((
            start,
            OutColumns {
                error: e,
                han: h,
                fu: f,
                yakuman: ym,
                dora: d,
                ura: u,
                aka: a,
                kita: k,
                limit: l,
                base: b,
                points: p,
                deltas: dl,
                yaku: y,
                yaku_han: yh,
            },
        ));
        start += len;
    }
    Ok(tasks)
}

/// Score every row of `cols` into `out` using all rayon threads. Returns the failed
/// rows (every row's code; the messages of the first [`crate::batch::MAX_MESSAGES`],
/// found by reading and scoring those rows again). Once the lengths are checked,
/// every value of every output row is written (a failed row gets zeros and -1 pads),
/// so the outputs need no initialization.
///
/// `cancel` is polled before each task (a few thousand rows, about a millisecond): once
/// it is set the remaining tasks are skipped and the call returns [`Error::Cancelled`].
pub fn score_columns(cols: &Columns<'_>, rules: &Rules, out: OutColumns<'_>, cancel: &Cancel) -> Result<RowErrors> {
    cols.check()?;
    rules.validate()?;
    let n = cols.n;
    let chunk = chunk_rows(n, rayon::current_num_threads());
    let tasks = split_out(out, n, chunk)?;
    let mut codes = RowErrors::good_rows(n);
    tasks.into_par_iter().zip(codes.par_chunks_mut(chunk)).for_each(|((start, out), codes)| {
        if !cancel.is_cancelled() {
            score_chunk(cols, rules, start, out, codes);
        }
    });
    cancel.check()?;
    Ok(RowErrors::collect(codes, |i| cols.row(i).and_then(|(h, w, c)| score(&h, w, &c, rules)).err()))
}

/// A win prepared apart from the columns (a row of `score()` keywords, read by a
/// binding), or the error column's code of a row refused while it was read.
pub type Prepared = std::result::Result<(Hand, RTile, WinContext), i8>;

/// Score prepared rows into `out` in parallel, as [`score_columns`] scores columns. A
/// refused row gets the failed row's values and its code; the others are scored, and
/// those that fail get their [`row_code`] in `codes` (one per row: the binding has
/// written the refused rows' codes there). Their messages are what [`score`] says on
/// them again.
pub fn score_prepared(
    rows: &[Prepared],
    rules: &Rules,
    out: OutColumns<'_>,
    codes: &mut [u8],
    cancel: &Cancel,
) -> Result<()> {
    rules.validate()?;
    let n = rows.len();
    if codes.len() != n {
        return Err(Error::InvalidHand(format!("{} error codes for {n} rows", codes.len())));
    }
    let chunk = chunk_rows(n, rayon::current_num_threads());
    let tasks = split_out(out, n, chunk)?;
    tasks.into_par_iter().zip(codes.par_chunks_mut(chunk)).for_each(|((start, chunk), codes)| {
        if cancel.is_cancelled() {
            return;
        }
        let Some(mut out) = ChunkOut::new(chunk) else {
            codes.fill(row_code(&Error::InvalidHand(String::new())));
            return;
        };
        for (j, code) in codes.iter_mut().enumerate().take(out.error.len()) {
            match rows.get(start + j) {
                Some(Ok((h, w, c))) => {
                    let r = score_without_fu_items(h, *w, c, rules);
                    out.write(j, &r);
                    if let Err(e) = r {
                        *code = row_code(&e);
                    }
                }
                Some(Err(c)) => out.write_failed(j, *c),
                None => out.write_failed(j, 3),
            }
        }
    });
    cancel.check()?;
    Ok(())
}

/// Score a slice of prepared wins in parallel (results in input order); stops with
/// [`Error::Cancelled`] once `cancel` is set (a relaxed load per win).
pub fn score_rows(
    rows: &[(Hand, RTile, WinContext)],
    rules: &Rules,
    cancel: &Cancel,
) -> Result<Vec<Result<ScoreResult>>> {
    let out: Vec<Result<ScoreResult>> = rows
        .par_iter()
        .with_min_len(256)
        .map(|(h, w, c)| if cancel.is_cancelled() { Err(Error::Cancelled) } else { score(h, *w, c, rules) })
        .collect();
    cancel.check()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{parse_mpsz, to_ids};

    /// Columns owned by a test: one Vec per column, rows appended with `push`.
    #[derive(Default, Clone)]
    struct Owned {
        c: [Vec<i32>; 18],
    }

    const WIDTHS: [usize; 18] = [HAND_WIDTH, 1, 4, 4, 4, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1, 1];

    impl Owned {
        /// A row: concealed mpsz (winning tile last or left out), winning tile, melds as
        /// (code, lowest kind, red), flags, and the rest of the context.
        #[allow(clippy::too_many_arguments)]
        fn push(
            &mut self,
            hand: &str,
            with_win: bool,
            win: &str,
            melds: &[(i32, i32, i32)],
            flags: u32,
            seats: [i32; 4],
            dora: &[i32],
            ura: &[i32],
        ) {
            let tiles = parse_mpsz(&format!("{hand}{}", if with_win { win } else { "" })).unwrap();
            let ids: Vec<i32> = to_ids(&tiles).unwrap().iter().map(|t| t.id() as i32).collect();
            let win_id = if with_win {
                *ids.last().unwrap()
            } else {
                let mut all = tiles.clone();
                all.extend(parse_mpsz(win).unwrap());
                to_ids(&all).unwrap().last().unwrap().id() as i32
            };
            let mut row = vec![-1; HAND_WIDTH];
            row[..ids.len()].copy_from_slice(&ids);
            self.c[0].extend(row);
            self.c[1].push(win_id);
            for j in 0..4 {
                let (k, t, r) = melds.get(j).copied().unwrap_or((0, 0, 0));
                self.c[2].push(k);
                self.c[3].push(t);
                self.c[4].push(r);
            }
            self.c[5].push(flags as i32);
            for (col, v) in [6, 7, 8, 9].into_iter().zip(seats) {
                self.c[col].push(v);
            }
            self.c[10].push(0);
            for (col, ind) in [(11, dora), (12, ura)] {
                let mut r = vec![-1; 5];
                r[..ind.len()].copy_from_slice(ind);
                self.c[col].extend(r);
            }
            self.c[13].push(1);
            self.c[14].push(0);
            self.c[15].push(0);
            self.c[16].push(4);
            self.c[17].push(0);
        }
        fn cols(&self) -> Columns<'_> {
            let c = &self.c;
            Columns {
                n: c[1].len(),
                hand: &c[0],
                win: &c[1],
                meld_kind: &c[2],
                meld_tile: &c[3],
                meld_red: &c[4],
                flags: &c[5],
                winner: &c[6],
                dealer: &c[7],
                discarder: &c[8],
                pao: &c[9],
                round_wind: &c[10],
                dora: &c[11],
                ura: &c[12],
                honba: &c[13],
                riichi_sticks: &c[14],
                kita: &c[15],
                n_players: &c[16],
                dealer_wins: &c[17],
            }
        }
    }

    fn base() -> Owned {
        let mut o = Owned::default();
        o.push("123m406p789s2345s", true, "5s", &[], flag::TSUMO | flag::RIICHI, [1, 0, 1, -1], &[3], &[7]);
        o.push("123m456p789s2345s", false, "5s", &[], 0, [2, 0, 1, -1], &[3, 30], &[]);
        o.push("234m456p2s", true, "2s", &[(1, 20, 0), (2, 31, 0)], 0, [0, 0, 3, 2], &[4, 5, 6], &[]);
        o.push(
            "1z",
            true,
            "1z",
            &[(5, 0, 0), (3, 4, 1), (4, 13, 1), (1, 20, 1)],
            flag::TSUMO | flag::RINSHAN,
            [3, 0, 3, -1],
            &[4, 5, 6, 7, 8],
            &[],
        );
        o.push(
            "1199m1199p1199s1z",
            true,
            "1z",
            &[],
            flag::DOUBLE_RIICHI | flag::IPPATSU | flag::HOUTEI,
            [1, 1, 2, -1],
            &[0],
            &[1, 2],
        );
        o
    }

    #[test]
    fn chunks_are_bounded_and_spread_small_batches() {
        assert_eq!(chunk_rows(1_000_000, 2), CHUNK);
        assert_eq!(chunk_rows(4000, 2), 250);
        assert_eq!(chunk_rows(10, 2), MIN_CHUNK);
        assert_eq!(chunk_rows(0, 0), MIN_CHUNK);
    }

    #[test]
    fn row_into_equals_row_on_valid_and_mutated_rows() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |m: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % m
        };
        let start = base();
        let mut buf = RowBuf::new();
        let (mut same_ok, mut same_err, mut fast_taken) = (0, 0, 0);
        for round in 0..4000 {
            let mut o = start.clone();
            // A few values of one row changed: to boundaries, to other ids of the row
            // (repeats), or to anything in -3..140.
            let row = next(o.c[1].len() as u64) as usize;
            for _ in 0..(round % 4) {
                let col = next(17) as usize;
                let w = WIDTHS[col];
                let at = row * w + next(w as u64) as usize;
                let pick = next(8);
                o.c[col][at] = match pick {
                    0 => -1,
                    1 => 0,
                    2 => o.c[0][row * HAND_WIDTH + next(HAND_WIDTH as u64) as usize],
                    3 => [33, 34, 135, 136, 3, 4, 5, 255, 256, -2][next(10) as usize],
                    _ => next(144) as i32 - 3,
                };
            }
            let cols = o.cols();
            // Every row in turn through one buffer, as a chunk reads them.
            for i in 0..cols.n {
                let slow = cols.row(i);
                if round % 4 == 0 {
                    assert!(slow.is_ok(), "base row {i}: {slow:?}");
                }
                // The fast reader alone, on a fresh stamp: when it takes a row, the row is valid.
                buf.stamp += 1;
                if let Some(w) = cols.rows(i, 1).and_then(|r| r.fast_row(0, &mut buf)) {
                    let (h, sw, c) = slow
                        .as_ref()
                        .map_err(|e| format!("round {round} row {i}: fast reader took a bad row: {e}"))
                        .unwrap();
                    assert_eq!((h, sw, c), (&buf.hand, &w, &buf.ctx));
                    fast_taken += 1;
                }
                let fast = cols.row_into(i, &mut buf);
                match (slow, fast) {
                    (Ok((h, w, c)), Ok(fw)) => {
                        assert_eq!((h, w, c), (buf.hand, fw, buf.ctx), "round {round} row {i}");
                        same_ok += 1;
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(a.message(), b.message(), "round {round} row {i}");
                        same_err += 1;
                    }
                    (a, b) => panic!("round {round} row {i}: row gives {a:?}, row_into {b:?}"),
                }
            }
        }
        // Both kinds of outcome were exercised.
        assert!(same_ok > 5000 && same_err > 1000 && fast_taken > 5000, "{same_ok} {same_err} {fast_taken}");
    }
}
