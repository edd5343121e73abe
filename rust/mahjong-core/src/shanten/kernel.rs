//! The run-time-selected kernel of standard shanten on x86-64 CPUs with SSSE3 and
//! SSE4.1 (every x86-64 CPU since about 2008; `table.rs` asks [`available`] and
//! otherwise takes its SSE2 baseline, which gives the same numbers).
//!
//! The seven base-5 codes of a hand (each number suit's first six kinds and its last
//! three, the honors) in a dozen vector operations instead of two multiplies and a
//! multiply-add per suit: three 16-byte loads cover kinds 0..16, 2..18 and 18..34;
//! a byte shuffle lays each code's digits out in eight bytes; `pmaddubsw` with
//! weights 1, 5 gives two-digit words, `pmaddwd` weighs the words per code into two
//! 32-bit halves, and `phaddd`
//! adds the halves. The same three loads give the range check. The min-plus step's
//! reduction over 16 lanes is one `phminposuw` on the uncomplemented sums.

use super::table::{self, clamped, honor_class_of, number_class_of, pair_class, Aligned, PAIR_COMP, PAIR_REV};
use crate::hand::Counts;
use core::arch::x86_64::*;
use core::sync::atomic::{AtomicU8, Ordering};

/// 0: not asked yet, 1: absent, 2: present.
static STATE: AtomicU8 = AtomicU8::new(0);

/// True when this CPU runs the kernel (asked once, then one load a call).
#[inline(always)]
pub fn available() -> bool {
    match STATE.load(Ordering::Relaxed) {
        2 => true,
        1 => false,
        _ => detect(),
    }
}

#[cold]
fn detect() -> bool {
    let ok = is_x86_feature_detected!("ssse3") && is_x86_feature_detected!("sse4.1");
    STATE.store(1 + ok as u8, Ordering::Relaxed);
    ok
}

/// Byte shuffles (-1: a zero byte): a number suit's first six kinds in bytes 0..6 and
/// its last three in bytes 8..11, from a load that starts `at` kinds before the suit.
const fn suit_layout(at: i8) -> [i8; 16] {
    [at, at + 1, at + 2, at + 3, at + 4, at + 5, -1, -1, at + 6, at + 7, at + 8, -1, -1, -1, -1, -1]
}
/// Man from the load at kind 0, pin from the load at kind 2 (pin starts at its byte
/// 7), sou from the load at kind 18.
const MAN: [i8; 16] = suit_layout(0);
const PIN: [i8; 16] = suit_layout(7);
const SOU: [i8; 16] = suit_layout(0);
/// Honors (kinds 27..34: bytes 9..16 of the load at kind 18) in bytes 0..7.
const HONORS: [i8; 16] = [9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1];
/// Word weights of a suit's two codes: `w0 + 25 w1 + 625 w2` (the first six kinds)
/// and `w4 + 25 w5` (kinds 6, 7, 8).
const SUIT_WEIGHTS: [i16; 8] = [1, 25, 625, 0, 1, 25, 0, 0];
/// The honors' code: kinds 27..33 as a suit's first six, plus 15,625 times kind 33.
const HONOR_WEIGHTS: [i16; 8] = [1, 25, 625, 15625, 0, 0, 0, 0];

#[inline(always)]
fn v8(a: [i8; 16]) -> __m128i {
    // SAFETY: 16 bytes read from a 16-byte array.
    unsafe { _mm_loadu_si128(a.as_ptr() as *const __m128i) }
}

#[inline(always)]
fn v16(a: [i16; 8]) -> __m128i {
    // SAFETY: 16 bytes read from an 8 x i16 array.
    unsafe { _mm_loadu_si128(a.as_ptr() as *const __m128i) }
}

/// The three loads: kinds 0..16, 2..18, 18..34.
#[inline(always)]
fn loads(counts: &Counts) -> [__m128i; 3] {
    let p = counts.as_ptr();
    // SAFETY: the loads read bytes 0..16, 2..18 and 18..34 of the 34-byte array.
    unsafe {
        [
            _mm_loadu_si128(p as *const __m128i),
            _mm_loadu_si128(p.add(2) as *const __m128i),
            _mm_loadu_si128(p.add(18) as *const __m128i),
        ]
    }
}

/// True when every count of the loads is at most 4.
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
fn in_range([x, z, y]: [__m128i; 3]) -> bool {
    let max = _mm_max_epu8(_mm_max_epu8(x, z), y);
    _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(max, _mm_set1_epi8(4)), max)) == 0xFFFF
}

/// One 16-byte group of two codes: shuffled, weighed into 32-bit halves.
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
fn halves(v: __m128i, layout: [i8; 16], weights: [i16; 8]) -> __m128i {
    let digits = _mm_shuffle_epi8(v, v8(layout));
    _mm_madd_epi16(_mm_maddubs_epi16(digits, _mm_set1_epi16(0x0501)), v16(weights))
}

/// The seven codes of counts at most 4: [man lo, man hi, pin lo, pin hi] and
/// [sou lo, sou hi, honors, 0] (lo/hi as [`number_class_of`] takes them).
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
fn codes([x, z, y]: [__m128i; 3]) -> (__m128i, __m128i) {
    let mp = _mm_hadd_epi32(halves(x, MAN, SUIT_WEIGHTS), halves(z, PIN, SUIT_WEIGHTS));
    let sh = _mm_hadd_epi32(halves(y, SOU, SUIT_WEIGHTS), halves(y, HONORS, HONOR_WEIGHTS));
    (mp, sh)
}

/// The two pair classes (man with pin, sou with the honors) of the loads.
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
fn pair_classes(loaded: [__m128i; 3]) -> (usize, usize) {
    let (mp, sh) = codes(loaded);
    let lane = |v: __m128i, i: usize| -> usize {
        (match i {
            0 => _mm_cvtsi128_si32(v),
            1 => _mm_extract_epi32::<1>(v),
            2 => _mm_extract_epi32::<2>(v),
            _ => _mm_extract_epi32::<3>(v),
        }) as u32 as usize
    };
    let man = number_class_of(lane(mp, 0), lane(mp, 1));
    let pin = number_class_of(lane(mp, 2), lane(mp, 3));
    let sou = number_class_of(lane(sh, 0), lane(sh, 1));
    let honors = honor_class_of(lane(sh, 2));
    (pair_class(man, pin), pair_class(sou, honors))
}

/// [`pair_classes`] of counts at most 4 (for the tests against the baseline's).
///
/// # Safety
/// The CPU has SSSE3 and SSE4.1 ([`available`]).
#[cfg(test)]
#[target_feature(enable = "ssse3,sse4.1")]
pub unsafe fn pair_classes_of(counts: &Counts) -> (usize, usize) {
    pair_classes(loads(counts))
}

/// The min-plus step between pair classes `a` and `b` at `n` sets: the sums of the
/// complemented and reversed vectors (`table.rs`), saturated, their minimum by
/// `phminposuw`.
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
fn pair_distance(a: usize, b: usize, n: usize) -> u8 {
    let load = |t: &Aligned<{ 16 * table::PAIR_CLASSES }>, i: usize| {
        let b = &t.0[16 * i..16 * i + 16];
        // SAFETY: 16 bytes of the table.
        unsafe { _mm_loadu_si128(b.as_ptr() as *const __m128i) }
    };
    let x = load(&PAIR_COMP, a);
    let rev = &PAIR_REV.0[16 * (6 * b + n)..16 * (6 * b + n) + 16];
    // SAFETY: 16 bytes of the table.
    let y = unsafe { _mm_loadu_si128(rev.as_ptr() as *const __m128i) };
    // 255 - r = the sum (saturated at 255; lanes past n read 255).
    let sums = _mm_xor_si128(_mm_subs_epu8(x, y), _mm_set1_epi8(-1));
    let m = _mm_min_epu8(sums, _mm_srli_si128::<8>(sums));
    (_mm_cvtsi128_si32(_mm_minpos_epu16(_mm_cvtepu8_epi16(m))) & 0xFF) as u8
}

/// `table::valid_distance` through the kernel.
///
/// # Safety
/// The CPU has SSSE3 and SSE4.1 ([`available`]).
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
pub unsafe fn valid_distance(counts: &Counts, n_sets: usize) -> u8 {
    let (mp, sh) = pair_classes(loads(counts));
    pair_distance(mp, sh, n_sets.min(5))
}

/// `table::standard_distance` through the kernel (counts above 4 read as 4).
///
/// # Safety
/// The CPU has SSSE3 and SSE4.1 ([`available`]).
#[inline]
#[target_feature(enable = "ssse3,sse4.1")]
pub unsafe fn standard_distance(counts: &Counts, n_sets: usize) -> u8 {
    let loaded = loads(counts);
    let loaded = if in_range(loaded) { loaded } else { loads(&clamped(counts)) };
    let (mp, sh) = pair_classes(loaded);
    pair_distance(mp, sh, n_sets.min(5))
}

/// `shanten::valid_shanten` through the kernel.
///
/// # Safety
/// The CPU has SSSE3 and SSE4.1 ([`available`]).
#[target_feature(enable = "ssse3,sse4.1")]
pub unsafe fn valid_shanten(counts: &Counts, n_sets: usize) -> i8 {
    // SAFETY: this function's own requirement.
    let s = unsafe { valid_distance(counts, n_sets) } as i8 - 1;
    super::with_special_forms(counts, n_sets, s)
}
