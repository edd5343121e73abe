//! Scoring many wins at once from columns (one array per field), on every core.
//!
//! Input rows are plain integers (136-ids, meld codes, seat numbers, a flag mask) so
//! that NumPy or Arrow buffers can be read in place; outputs are written into
//! preallocated columns. Rows that cannot be scored get an error code and message and
//! do not stop the others. Nothing on the per-row path allocates unless it fails.

use super::context::{Indicators, WinContext, MAX_INDICATORS};
use super::rules::Rules;
use super::score::{score, score_without_fu_items, ScoreResult};
use crate::error::{Error, Result};
use crate::hand::{Hand, Meld, MeldKind, MAX_MELDS};
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
    /// Names in bit order (for the Python layer).
    pub const NAMES: [&str; 11] = [
        "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
        "renhou",
    ];
}

/// Concealed tiles per row (padded with -1).
pub const HAND_WIDTH: usize = 14;
/// Meld slots per row.
pub const MELD_WIDTH: usize = 4;
/// Yaku slots per output row.
pub const YAKU_WIDTH: usize = 16;

/// Meld kind codes of the `meld_kind` column (0 = empty slot).
pub const MELD_CODES: [Option<MeldKind>; 6] =
    [None, Some(MeldKind::Chi), Some(MeldKind::Pon), Some(MeldKind::Daiminkan), Some(MeldKind::Kakan), Some(MeldKind::Ankan)];

/// Borrowed input columns; every slice holds `n` rows of its width.
#[derive(Copy, Clone, Debug)]
pub struct Columns<'a> {
    pub n: usize,
    /// n × 14 136-ids of the concealed tiles (winning tile included, or not), -1 pads.
    pub hand: &'a [i32],
    /// n 136-ids of the winning tile.
    pub win: &'a [i32],
    /// n × 4 meld codes (see [`MELD_CODES`]).
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
}

impl Columns<'_> {
    /// Check that every column has the length its width asks for.
    pub fn check(&self) -> Result<()> {
        let n = self.n;
        let cols: [(&str, usize, usize); 17] = [
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
        Error::InvalidHand(format!("row {row}: {what} = {v} is outside {lo}..={hi}"))
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
                let kind = match MELD_CODES.get(code as usize) {
                    Some(k) if code >= 0 => *k,
                    _ => return Err(Error::InvalidHand(format!("row {i}: meld code {code} (expected 0..5)"))),
                };
                let Some(kind) = kind else { continue };
                let t = Self::kind(tiles[j], "meld tile", i)?;
                if kind == MeldKind::Chi && (t.is_honor() || t.number() > 7) {
                    return Err(Error::InvalidHand(format!("row {i}: a chi cannot start at {t}")));
                }
                let red = Self::small(reds[j], 0, 1, "meld red fives", i)?;
                let has_five = if kind == MeldKind::Chi { !t.is_honor() && (3..=5).contains(&t.number()) } else { !t.is_honor() && t.number() == 5 };
                if red > 0 && !has_five {
                    return Err(Error::InvalidHand(format!("row {i}: meld at {t} holds no five to be red")));
                }
                melds[n_melds] = Meld {
                    kind,
                    tile: t,
                    called: t,
                    from: match kind {
                        MeldKind::Ankan => 0,
                        MeldKind::Chi => 3,
                        _ => 2,
                    },
                    red,
                };
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
            return Err(Error::InvalidHand(format!("row {i}: winning tile id {win_id} is out of range 0..136")));
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
                return Err(Error::InvalidHand(format!("row {i}: the melds and concealed tiles hold a fifth copy or a second red five")));
            }
        }
        let hand = Hand::from_checked_parts(counts, red, meld_array, n_melds as u8);
        let f = self.flags[i] as u32;
        let has = |b: u32| f & b != 0;
        let n_players = Self::small(self.n_players[i], 3, 4, "n_players", i)?;
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
            riichi: has(flag::RIICHI) || has(flag::DOUBLE_RIICHI),
            double_riichi: has(flag::DOUBLE_RIICHI),
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
            discarder: if tsumo { winner } else { seat(self.discarder[i], "discarder")? },
            round_wind: Tile::from_index_unchecked(27 + Self::small(self.round_wind[i], 0, 3, "round_wind", i)? as usize),
            pao: if self.pao[i] < 0 { None } else { Some(seat(self.pao[i], "pao")?) },
            dora,
            ura,
            honba: Self::small(self.honba[i], 0, 255, "honba", i)? as u16,
            riichi_sticks: Self::small(self.riichi_sticks[i], 0, 255, "riichi_sticks", i)? as u16,
            kita: Self::small(self.kita[i], 0, 4, "kita", i)?,
        };
        Ok((hand, win, ctx))
    }

    #[cold]
    #[inline(never)]
    fn bad_id(row: usize, id: i32) -> Error {
        Error::InvalidHand(format!("row {row}: tile id {id} is out of range 0..136"))
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

/// Score one row into output position `j` of a chunk.
#[inline]
fn write(out: &mut OutColumns<'_>, j: usize, r: &Result<ScoreResult>) {
    let yw = YAKU_WIDTH;
    match r {
        Ok(r) => {
            out.error[j] = 0;
            out.han[j] = r.han.min(i16::MAX as u32) as i16;
            out.fu[j] = r.fu as i16;
            out.yakuman[j] = r.yakuman as i16;
            out.dora[j] = r.dora as i16;
            out.ura[j] = r.ura as i16;
            out.aka[j] = r.aka as i16;
            out.kita[j] = r.kita as i16;
            out.limit[j] = r.limit as i8;
            out.base[j] = r.base as i32;
            out.points[j] = r.pay.points as i32;
            out.deltas[j * 4..j * 4 + 4].copy_from_slice(&r.pay.deltas);
            let ys = r.yaku.as_slice();
            let ids = &mut out.yaku[j * yw..(j + 1) * yw];
            let hans = &mut out.yaku_han[j * yw..(j + 1) * yw];
            let n = ys.len().min(yw);
            for ((id, h), &(y, v)) in ids.iter_mut().zip(hans.iter_mut()).zip(ys) {
                *id = y.tenhou_id() as i8;
                *h = v as i8;
            }
            ids[n..].fill(-1);
            hans[n..].fill(0);
        }
        Err(e) => {
            out.error[j] = error_code(e);
            out.han[j] = 0;
            out.fu[j] = 0;
            out.yakuman[j] = 0;
            out.dora[j] = 0;
            out.ura[j] = 0;
            out.aka[j] = 0;
            out.kita[j] = 0;
            out.limit[j] = 0;
            out.base[j] = 0;
            out.points[j] = 0;
            out.deltas[j * 4..j * 4 + 4].fill(0);
            out.yaku[j * yw..(j + 1) * yw].fill(-1);
            out.yaku_han[j * yw..(j + 1) * yw].fill(0);
        }
    }
}

/// Rows per parallel task: large enough to amortize scheduling, small enough to balance.
const CHUNK: usize = 2048;

/// Score every row of `cols` into `out` using all rayon threads. Returns the failed
/// rows with their errors (in row order).
pub fn score_columns(cols: &Columns<'_>, rules: &Rules, out: OutColumns<'_>) -> Result<Vec<(usize, Error)>> {
    cols.check()?;
    rules.validate()?;
    let n = cols.n;
    let OutColumns { error, han, fu, yakuman, dora, ura, aka, kita, limit, base, points, deltas, yaku, yaku_han } = out;
    if error.len() != n || deltas.len() != 4 * n || yaku.len() != YAKU_WIDTH * n || yaku_han.len() != YAKU_WIDTH * n {
        return Err(Error::InvalidHand("output columns do not match the number of rows".into()));
    }
    // Split every output column into the same chunks, then hand chunk sets to rayon.
    let mut tasks: Vec<(usize, OutColumns<'_>)> = Vec::with_capacity(n.div_ceil(CHUNK));
    let mut it = (
        error.chunks_mut(CHUNK),
        han.chunks_mut(CHUNK),
        fu.chunks_mut(CHUNK),
        yakuman.chunks_mut(CHUNK),
        dora.chunks_mut(CHUNK),
        ura.chunks_mut(CHUNK),
        aka.chunks_mut(CHUNK),
        kita.chunks_mut(CHUNK),
        limit.chunks_mut(CHUNK),
        base.chunks_mut(CHUNK),
        points.chunks_mut(CHUNK),
        deltas.chunks_mut(CHUNK * 4),
        yaku.chunks_mut(CHUNK * YAKU_WIDTH),
        yaku_han.chunks_mut(CHUNK * YAKU_WIDTH),
    );
    let mut start = 0;
    while let (Some(e), Some(h), Some(f), Some(ym), Some(d), Some(u), Some(a), Some(k), Some(l), Some(b), Some(p), Some(dl), Some(y), Some(yh)) = (
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
            OutColumns { error: e, han: h, fu: f, yakuman: ym, dora: d, ura: u, aka: a, kita: k, limit: l, base: b, points: p, deltas: dl, yaku: y, yaku_han: yh },
        ));
        start += len;
    }
    let errors: Vec<(usize, Error)> = tasks
        .into_par_iter()
        .flat_map_iter(|(start, mut chunk)| {
            let mut errs = Vec::new();
            for j in 0..chunk.error.len() {
                let i = start + j;
                let r = cols.row(i).and_then(|(hand, win, ctx)| score_without_fu_items(&hand, win, &ctx, rules));
                write(&mut chunk, j, &r);
                if let Err(e) = r {
                    errs.push((i, e));
                }
            }
            errs
        })
        .collect();
    Ok(errors)
}

/// Score a slice of prepared wins in parallel (results in input order).
pub fn score_rows(rows: &[(Hand, RTile, WinContext)], rules: &Rules) -> Vec<Result<ScoreResult>> {
    rows.par_iter().with_min_len(256).map(|(h, w, c)| score(h, *w, c, rules)).collect()
}
