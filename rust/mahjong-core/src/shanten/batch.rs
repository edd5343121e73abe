//! Batch evaluation over many hands: rows are validated one by one (a bad row is
//! reported with its index and error kind, never sinking the batch) and evaluated in
//! parallel with rayon, in the current pool or a local one of a chosen size (see
//! [`crate::batch`] for the convention).

use super::query::sets_for_tiles;
use super::{check_counts, shanten, tile_count, valid_shanten, Forms};
use crate::batch::{row_code, Column, Dtype, RowErrors};
use crate::decompose::for_each_decomposition;
use crate::error::{Error, Result};
use crate::hand::Counts;
use crate::tile::{counts_of, parse_mpsz};
use rayon::prelude::*;

/// Shanten value written for a row that could not be evaluated.
pub const SHANTEN_ERROR: i8 = i8::MIN;
/// Decomposition count written for a row that could not be evaluated.
pub const COUNT_ERROR: i32 = -1;

/// The input column of the shanten family: concealed tile counts per row (or mpsz
/// text, one string per row).
pub const INPUT: [Column; 1] =
    [Column::new("hand", Dtype::U8, 34, None, "concealed tile counts per kind (34), or mpsz text per row")];
/// Output of `shanten_batch`.
pub const SHANTEN_OUTPUT: [Column; 1] =
    [Column::new("shanten", Dtype::I8, 1, Some(SHANTEN_ERROR as i64), "shanten number (-1 complete)")];
/// Output of `is_agari_batch`.
pub const AGARI_OUTPUT: [Column; 1] =
    [Column::new("agari", Dtype::Bool, 1, Some(0), "the hand is complete in some form")];
/// Output of `decomposition_count_batch`.
pub const COUNT_OUTPUT: [Column; 1] = [Column::new(
    "count",
    Dtype::I32,
    1,
    Some(COUNT_ERROR as i64),
    "readings: standard splits, plus seven pairs and thirteen orphans where they apply",
)];

/// Rows per parallel task: large enough to amortize scheduling, small enough to
/// balance two to a few dozen cores.
const CHUNK: usize = 2048;

pub use crate::batch::{with_threads, MAX_THREADS};

/// Fill `out[i] = eval(i)` in parallel, writing `bad` and the row's error code for
/// rows that fail.
fn par_rows<T: Send + Sync + Copy>(out: &mut [T], bad: T, eval: impl Fn(usize) -> Result<T> + Sync) -> RowErrors {
    let mut codes = RowErrors::good_rows(out.len());
    out.par_chunks_mut(CHUNK).zip(codes.par_chunks_mut(CHUNK)).enumerate().for_each(|(ci, (chunk, codes))| {
        for (j, (slot, code)) in chunk.iter_mut().zip(codes).enumerate() {
            match eval(ci * CHUNK + j) {
                Ok(v) => *slot = v,
                Err(error) => {
                    *slot = bad;
                    *code = row_code(&error);
                }
            }
        }
    });
    RowErrors::collect(codes, |i| eval(i).err())
}

/// Tile count of a row whose counts are all at most 4, in one SIMD pass (`None`
/// when some count is above 4). The common case of the batch check.
#[inline(always)]
fn valid_tiles(c: &Counts) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline; the loads read bytes 0..16 and
        // 16..32 of the 34-byte array.
        unsafe {
            let lo = _mm_loadu_si128(c.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(c.as_ptr().add(16) as *const __m128i);
            let max = _mm_max_epu8(_mm_max_epu8(lo, hi), _mm_set1_epi8(c[32].max(c[33]) as i8));
            // Any byte above 4 shows up as a difference after saturating at 4.
            let over = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(max, _mm_set1_epi8(4)), max));
            if over != 0xFFFF {
                return None;
            }
            let zero = _mm_setzero_si128();
            let s = _mm_sad_epu8(_mm_add_epi8(lo, hi), zero);
            Some(
                (_mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128::<8>(s))) as usize
                    + c[32] as usize
                    + c[33] as usize,
            )
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        if c.iter().any(|&x| x > 4) {
            return None;
        }
        Some(tile_count(c))
    }
}

/// Sets a row must make: given, or inferred from its tile count; counts checked.
#[inline]
fn row_sets(c: &Counts, n_sets: Option<usize>) -> Result<usize> {
    if let Some(n) = row_sets_fast(c, n_sets) {
        return Ok(n);
    }
    let n = match n_sets {
        Some(n) => n,
        None => sets_for_tiles(tile_count(c))?,
    };
    check_counts(c, n)?;
    Ok(n)
}

/// Counts of mpsz text without allocating; `None` on any fault (bad text, a fifth
/// copy, a second red five in a suit).
#[inline]
pub fn counts_of_text(text: &str) -> Option<Counts> {
    // Plain ASCII text (digits, suit letters, separators) is read byte by byte; the
    // general parser, which also takes tile characters, decides the rest.
    ascii_counts(text.as_bytes()).or_else(|| general_counts(text))
}

/// Most tiles [`ascii_counts`] reads: past 136 some kind has a fifth copy, and below
/// it no count, pending or added, reaches 256 (so bytes added as words never carry).
const ASCII_MAX_TILES: u32 = 136;

/// [`counts_of_text`] of text made only of digits, `m`/`p`/`s`/`z` and the separators
/// the general parser skips (space, tab, newline, comma, underscore): the same counts
/// the general parser gives, without decoding characters or building tiles. Digits
/// are counted by value until their suit letter, then added to that suit at once
/// (eight kinds in one word add). `None` for anything else (other characters, a fault
/// of any kind): the caller asks the general parser, which gives the same answer or
/// names the fault.
#[inline]
pub fn ascii_counts(text: &[u8]) -> Option<Counts> {
    let mut c = [0u8; 34];
    // Pending digits by value (0 = red five), and how many.
    let mut pending = [0u8; 16];
    let mut n_pending = 0u32;
    let mut tiles = 0u32;
    let mut red = 0u32;
    let word = |b: &[u8], at: usize| {
        u64::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5], b[at + 6], b[at + 7]])
    };
    // Byte by byte (one store once compiled): copy_from_slice is a call without LTO.
    let put = |c: &mut Counts, at: usize, w: u64| {
        for (i, b) in w.to_le_bytes().into_iter().enumerate() {
            c[at + i] = b;
        }
    };
    for &b in text {
        let d = b.wrapping_sub(b'0');
        if d < 10 {
            pending[d as usize] += 1;
            n_pending += 1;
            if n_pending > ASCII_MAX_TILES {
                return None;
            }
            continue;
        }
        let base = match b {
            b'm' => 0,
            b'p' => 9,
            b's' => 18,
            b'z' => 27,
            b' ' | b'\t' | b'\n' | b',' | b'_' => continue,
            _ => return None,
        };
        tiles += n_pending;
        if n_pending == 0 || tiles > ASCII_MAX_TILES {
            return None;
        }
        // Digits 1..8 as one word (digit i + 1 in byte i).
        let digits = word(&pending, 1);
        if base == 27 {
            // 0z, 8z and 9z are no tiles.
            if pending[0] | pending[8] | pending[9] != 0 {
                return None;
            }
            // Kinds 27..34 as bytes 1..8 of the word at 26 (byte 0, the 9s, gets 0).
            let w = word(&c, 26) + (digits << 8);
            put(&mut c, 26, w);
        } else {
            let w = word(&c, base) + digits;
            put(&mut c, base, w);
            c[base + 8] += pending[9];
            c[base + 4] += pending[0];
            // Red fives of this suit, three bits a suit.
            red += (pending[0] as u32) << (base / 3);
        }
        pending = [0; 16];
        n_pending = 0;
    }
    // At most one red five a suit: each suit's three bits at most 1.
    (n_pending == 0 && red & 0o666 == 0 && valid_tiles(&c).is_some()).then_some(c)
}

/// [`counts_of_text`] through the general parser (tile characters and all).
#[cold]
fn general_counts(text: &str) -> Option<Counts> {
    let mut c = [0u8; 34];
    let mut red = [0u8; 3];
    let mut ok = true;
    crate::tile::parse_mpsz_into(text, |t| {
        let k = t.tile.index();
        c[k] += 1;
        ok &= c[k] <= 4;
        if t.red {
            let s = t.tile.suit().index().min(2);
            red[s] += 1;
            ok &= red[s] <= 1;
        }
        Ok(())
    })
    .ok()?;
    ok.then_some(c)
}

/// Where batch rows come from: flat counts (`N * 34` bytes) or mpsz strings.
pub enum Rows<'a, S: AsRef<str> + Sync> {
    Counts(&'a [u8]),
    Mpsz(&'a [S]),
}

impl<S: AsRef<str> + Sync> Rows<'_, S> {
    pub fn len(&self) -> usize {
        match self {
            Rows::Counts(b) => b.len() / 34,
            Rows::Mpsz(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[inline]
    fn get(&self, i: usize) -> Result<Counts> {
        match self {
            Rows::Counts(b) => {
                let mut c = [0u8; 34];
                c.copy_from_slice(&b[34 * i..34 * i + 34]);
                Ok(c)
            }
            Rows::Mpsz(v) => {
                let text = v[i].as_ref();
                // Allocation-free for good rows; the general parser names the fault.
                match counts_of_text(text) {
                    Some(c) => Ok(c),
                    None => Ok(counts_of(&parse_mpsz(text)?)?.0),
                }
            }
        }
    }
}

/// Shanten of every row (riichi forms for 13/14-tile rows, standard form otherwise;
/// see [`Forms::for_game`]).
pub fn shanten_rows<S: AsRef<str> + Sync>(rows: &Rows<'_, S>, n_sets: Option<usize>, out: &mut [i8]) -> RowErrors {
    let slow = |i: usize| {
        let c = rows.get(i)?;
        let n = row_sets(&c, n_sets)?;
        Ok(shanten(&c, n))
    };
    match rows {
        // The hot case: rows read in place, validity decided without building
        // errors; only bad rows take the general path.
        Rows::Counts(bytes) => {
            #[cfg(target_arch = "x86_64")]
            if super::kernel::available() {
                // SAFETY: the CPU has the kernel's instructions.
                return par_rows_direct(out, bytes, SHANTEN_ERROR, |c| unsafe { kernel_row(c, n_sets) }, slow);
            }
            par_rows_direct(out, bytes, SHANTEN_ERROR, |c| row_sets_fast(c, n_sets).map(|n| valid_shanten(c, n)), slow)
        }
        Rows::Mpsz(_) => par_rows(out, SHANTEN_ERROR, slow),
    }
}

/// A shanten row's fast path compiled for the kernel's instructions (the row check,
/// the special forms and the kernel in one body; a call from the generic loop).
///
/// # Safety
/// The CPU has SSSE3 and SSE4.1 (`kernel::available`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,sse4.1")]
unsafe fn kernel_row(c: &Counts, n_sets: Option<usize>) -> Option<i8> {
    // SAFETY: this function's own requirement.
    row_sets_fast(c, n_sets).map(|n| unsafe { super::kernel::valid_shanten(c, n) })
}

/// [`row_sets`] without an error: `None` sends the row to the slow path.
#[inline(always)]
fn row_sets_fast(c: &Counts, n_sets: Option<usize>) -> Option<usize> {
    let t = valid_tiles(c)?;
    match n_sets {
        None if t % 3 != 0 && t <= 3 * super::MAX_SETS + 2 => Some(t / 3),
        Some(n) if n <= super::MAX_SETS && (t == 3 * n + 1 || t == 3 * n + 2) => Some(n),
        _ => None,
    }
}

/// Like [`par_rows`] over flat counts: `fast` evaluates a row in place, and rows it
/// declines go to `slow`, which reports the error.
fn par_rows_direct<T: Send + Sync + Copy>(
    out: &mut [T],
    bytes: &[u8],
    bad: T,
    fast: impl Fn(&Counts) -> Option<T> + Sync,
    slow: impl Fn(usize) -> Result<T> + Sync,
) -> RowErrors {
    let mut codes = RowErrors::good_rows(out.len());
    out.par_chunks_mut(CHUNK).zip(codes.par_chunks_mut(CHUNK)).zip(bytes.par_chunks(34 * CHUNK)).enumerate().for_each(
        |(ci, ((chunk, codes), src))| {
            for (j, (slot, row)) in chunk.iter_mut().zip(src.as_chunks::<34>().0).enumerate() {
                *slot = match fast(row) {
                    Some(v) => v,
                    None => declined(&slow, ci * CHUNK + j, codes.get_mut(j), bad),
                };
            }
        },
    );
    RowErrors::collect(codes, |i| slow(i).err())
}

/// A row the fast path declined: `slow`'s value, or `bad` and the row's error code.
/// Kept out of line so that the good rows' loop holds the fast path alone.
#[cold]
#[inline(never)]
fn declined<T>(slow: &impl Fn(usize) -> Result<T>, row: usize, code: Option<&mut u8>, bad: T) -> T {
    match slow(row) {
        Ok(v) => v,
        Err(error) => {
            if let Some(code) = code {
                *code = row_code(&error);
            }
            bad
        }
    }
}

/// Is every row (3n + 2 tiles) a complete hand?
pub fn agari_rows<S: AsRef<str> + Sync>(rows: &Rows<'_, S>, n_sets: Option<usize>, out: &mut [bool]) -> RowErrors {
    complete_rows(rows, n_sets, out, false, |c: &Counts, n: usize| valid_shanten(c, n) == -1)
}

/// Readings of every row (3n + 2 tiles): standard splits, plus one each for seven
/// pairs and thirteen orphans where they apply (as `query::splits` lists them).
pub fn decomposition_count_rows<S: AsRef<str> + Sync>(
    rows: &Rows<'_, S>,
    n_sets: Option<usize>,
    out: &mut [i32],
) -> RowErrors {
    let eval = |c: &Counts, n: usize| {
        let mut k = for_each_decomposition(c, |_| {}) as i32;
        let forms = Forms::for_game(n);
        if tile_count(c) == 14 {
            k += (forms.chiitoitsu && crate::decompose::is_chiitoitsu(c)) as i32;
            k += (forms.kokushi && crate::decompose::is_kokushi(c)) as i32;
        }
        k
    };
    complete_rows(rows, n_sets, out, COUNT_ERROR, eval)
}

/// Evaluate `eval` on every row that must be a complete hand (3n + 2 tiles): count
/// rows take the fast path, anything irregular falls back to the checked one that
/// reports why; `bad` fills the rows that errored.
fn complete_rows<S: AsRef<str> + Sync, T: Send + Sync + Copy>(
    rows: &Rows<'_, S>,
    n_sets: Option<usize>,
    out: &mut [T],
    bad: T,
    eval: impl Fn(&Counts, usize) -> T + Sync,
) -> RowErrors {
    let slow = |i: usize| {
        let c = rows.get(i)?;
        let n = row_sets(&c, n_sets)?;
        complete_size(&c, n)?;
        Ok(eval(&c, n))
    };
    match rows {
        Rows::Counts(bytes) => par_rows_direct(
            out,
            bytes,
            bad,
            |c| row_sets_fast(c, n_sets).filter(|&n| tile_count(c) == 3 * n + 2).map(|n| eval(c, n)),
            slow,
        ),
        Rows::Mpsz(_) => par_rows(out, bad, slow),
    }
}

fn complete_size(c: &Counts, n: usize) -> Result<()> {
    let t = tile_count(c);
    if t != 3 * n + 2 {
        return Err(Error::InvalidHand(format!(
            "{}: {t} tiles; a complete hand of {n} sets holds {}",
            crate::tile::format_counts(c),
            3 * n + 2
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_rows_are_reported_not_fatal() {
        let rows = ["123m456p789s1122z", "11111m", "123m", "12x", "19m19p19s12345677z"];
        let mut out = [0i8; 5];
        let errs = shanten_rows(&Rows::Mpsz(&rows), None, &mut out);
        assert_eq!(out[0], 0);
        assert_eq!(out[4], -1);
        let bad: Vec<(usize, u8)> = errs.bad().collect();
        assert_eq!(bad.iter().map(|b| b.0).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(crate::Error::KINDS[bad[2].1 as usize], "TileParseError");
        assert!(errs.messages[2].contains("12x"), "{}", errs.messages[2]);
        assert!(out[1] == SHANTEN_ERROR && out[2] == SHANTEN_ERROR);
        let flat: Vec<u8> = (0..5000)
            .flat_map(|i| {
                let mut c = [0u8; 34];
                c[i % 34] = 2;
                c
            })
            .collect();
        let mut agari = vec![false; 5000];
        assert!(with_threads(Some(2), || agari_rows(&Rows::<&str>::Counts(&flat), Some(0), &mut agari))
            .unwrap()
            .is_empty());
        assert!(agari.iter().all(|&a| a));
    }
}
