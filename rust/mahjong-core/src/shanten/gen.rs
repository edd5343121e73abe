//! Table generator, shared by `build.rs` (which embeds its output in the binary) and
//! the unit tests (which check it against an independent dynamic programme).
//! Pure `std`: it is compiled as a module of the build script too.
//!
//! # The distance being tabulated
//!
//! For one suit held as counts `h` (entries 0..=4), and for `m` sets and `p` pairs
//! (`m <= 5`, `p <= 1`), `d[p][m](h)` is the fewest tiles that must be drawn (each
//! replacing a useless one) to turn the suit into exactly `m` sets and `p` pairs
//! with at most four copies of any kind:
//! `d = min over complete shapes w of sum_i max(0, w_i - h_i)`.
//! Because this cost adds up kind by kind, the whole-hand minimum is a min-plus
//! combination of the suits' vectors; standard shanten is that minimum minus one.
//!
//! Computing it: `d = 3m + 2p - max |g|` over sub-hands `g <= h` that fit inside
//! some complete shape. The shapes are enumerated, closed downwards (everything a
//! shape contains), then the best `|g|` is spread upwards with a max transform;
//! each transform is one pass per kind over the 5^len lattice.

// Index loops mirror the formulas; the generator also runs inside build.rs.
#![allow(dead_code, clippy::needless_range_loop)]

/// Callback over group multisets: the counts and the groups (is_triplet, position).
type GroupSink<'a> = &'a mut dyn FnMut(&[u8; 9], &[(bool, usize)]);

/// Most sets a hand needs (Taiwan's 16-tile game).
pub const MAX_SETS: usize = 5;
/// Distance for shapes that cannot exist (never reached with 4 copies per kind).
pub const INF: u8 = 60;

/// `d[p][m]`, padded to 8 so a vector is two 8-byte rows.
pub type Dist = [[u8; 8]; 2];

/// Min-plus product of two suit vectors for up to `n` sets: `r[0][m]` the fewest draws
/// to `m` sets without a pair, `r[1][m]` with one; lanes past `n` keep `fill`. Shared by
/// the table generator (build.rs) and the run-time scalar path (`shanten/table.rs`).
#[inline(always)]
pub fn min_plus(a: &Dist, b: &Dist, n: usize, fill: u8) -> Dist {
    let mut r = [[fill; 8]; 2];
    for m in 0..=n {
        let (mut r0, mut r1) = (u8::MAX, u8::MAX);
        for i in 0..=m {
            let j = m - i;
            r0 = r0.min(a[0][i] + b[0][j]);
            r1 = r1.min(a[1][i] + b[0][j]).min(a[0][i] + b[1][j]);
        }
        r[0][m] = r0;
        r[1][m] = r1;
    }
    r
}

/// 5^n.
pub const fn pow5(n: usize) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 5;
        i += 1;
    }
    r
}

/// Base-5 code of a suit's counts (kind i has weight 5^i).
pub fn code_of(h: &[u8]) -> usize {
    h.iter().rev().fold(0usize, |acc, &c| acc * 5 + c as usize)
}

/// Counts of a base-5 code.
pub fn counts_of_code(mut code: usize, len: usize) -> [u8; 9] {
    let mut h = [0u8; 9];
    for x in h.iter_mut().take(len) {
        *x = (code % 5) as u8;
        code /= 5;
    }
    h
}

/// Group kinds of a suit of `len` kinds: triplets first, then sequences (if allowed).
/// A group is (is_triplet, position).
fn group_types(len: usize, seqs: bool) -> Vec<(bool, usize)> {
    let mut v: Vec<(bool, usize)> = (0..len).map(|i| (true, i)).collect();
    if seqs {
        v.extend((0..len.saturating_sub(2)).map(|i| (false, i)));
    }
    v
}

/// Call `f` with every multiset of exactly `m` groups (as counts, 4-copy limit kept)
/// and the groups themselves.
fn for_each_group_multiset(len: usize, seqs: bool, m: usize, f: GroupSink<'_>) {
    let types = group_types(len, seqs);
    let mut h = [0u8; 9];
    let mut chosen: Vec<(bool, usize)> = Vec::new();
    fn rec(
        types: &[(bool, usize)],
        from: usize,
        left: usize,
        h: &mut [u8; 9],
        chosen: &mut Vec<(bool, usize)>,
        f: GroupSink<'_>,
    ) {
        if left == 0 {
            f(h, chosen);
            return;
        }
        for t in from..types.len() {
            let (trip, pos) = types[t];
            let cells: &[usize] = if trip { &[0, 0, 0] } else { &[0, 1, 2] };
            let ok = if trip { h[pos] + 3 <= 4 } else { cells.iter().all(|&o| h[pos + o] < 4) };
            if !ok {
                continue;
            }
            for &o in cells {
                h[pos + o] += 1;
            }
            chosen.push(types[t]);
            rec(types, t, left - 1, h, chosen, f);
            chosen.pop();
            for &o in cells {
                h[pos + o] -= 1;
            }
        }
    }
    rec(&types, 0, m, &mut h, &mut chosen, f);
}

/// Distance vectors of every suit hand of `len` kinds (9 with sequences for m/p/s,
/// 7 without for honors), indexed by base-5 code.
pub fn suit_dists(len: usize, seqs: bool) -> Vec<Dist> {
    let size = pow5(len);
    let mut sum = vec![0u8; size];
    for (code, s) in sum.iter_mut().enumerate() {
        *s = counts_of_code(code, len).iter().sum();
    }
    let mut out = vec![[[INF; 8]; 2]; size];
    let mut member = vec![false; size];
    let mut best = vec![0i8; size];
    for p in 0..2usize {
        for m in 0..=MAX_SETS {
            member.iter_mut().for_each(|x| *x = false);
            let mut any = false;
            for_each_group_multiset(len, seqs, m, &mut |h, _| {
                if p == 0 {
                    member[code_of(&h[..len])] = true;
                    any = true;
                } else {
                    for k in 0..len {
                        if h[k] + 2 <= 4 {
                            let mut w = *h;
                            w[k] += 2;
                            member[code_of(&w[..len])] = true;
                            any = true;
                        }
                    }
                }
            });
            if !any {
                continue;
            }
            // Downward closure: g is a member if g + e_i is.
            for i in 0..len {
                let stride = pow5(i);
                let block = stride * 5;
                for base in (0..size).step_by(block) {
                    for d in (0..4).rev() {
                        for lo in 0..stride {
                            let v = base + d * stride + lo;
                            if member[v + stride] {
                                member[v] = true;
                            }
                        }
                    }
                }
            }
            for v in 0..size {
                best[v] = if member[v] { sum[v] as i8 } else { -1 };
            }
            // Upward max: best |g| over g <= h.
            for i in 0..len {
                let stride = pow5(i);
                let block = stride * 5;
                for base in (0..size).step_by(block) {
                    for d in 1..5 {
                        for lo in 0..stride {
                            let v = base + d * stride + lo;
                            if best[v - stride] > best[v] {
                                best[v] = best[v - stride];
                            }
                        }
                    }
                }
            }
            let full = (3 * m + 2 * p) as i8;
            for v in 0..size {
                out[v][p][m] = (full - best[v]) as u8;
            }
        }
    }
    out
}

/// Encoded split of one number suit into sets and at most one pair:
/// bits 0..4 the pair position (15 = none), bits 4..7 the number of groups,
/// then 5 bits per group (bit 4 set = triplet, bits 0..4 = lowest position), in
/// ascending position order, triplets before sequences on the same position.
pub fn encode_split(pair: Option<usize>, groups: &[(bool, usize)]) -> u32 {
    let mut g: Vec<(usize, u8)> = groups.iter().map(|&(t, p)| (p, if t { 0 } else { 1 })).collect();
    g.sort_unstable();
    let mut x = pair.map_or(15, |p| p as u32) | ((g.len() as u32) << 4);
    for (i, &(p, kind)) in g.iter().enumerate() {
        let trip = if kind == 0 { 16 } else { 0 };
        x |= ((trip | p as u32) & 31) << (7 + 5 * i);
    }
    x
}

/// Every complete number-suit hand (at most 5 sets, at most one pair) with all its
/// splits: sorted by code, splits in a fixed order, each multiset of groups once.
pub fn suit_splits() -> Vec<(u32, Vec<u32>)> {
    let mut all: Vec<(u32, u32)> = Vec::new();
    for m in 0..=MAX_SETS {
        for_each_group_multiset(9, true, m, &mut |h, groups| {
            all.push((code_of(&h[..9]) as u32, encode_split(None, groups)));
            for k in 0..9 {
                if h[k] + 2 <= 4 {
                    let mut w = *h;
                    w[k] += 2;
                    all.push((code_of(&w[..9]) as u32, encode_split(Some(k), groups)));
                }
            }
        });
    }
    all.sort_unstable();
    let mut out: Vec<(u32, Vec<u32>)> = Vec::new();
    for (code, split) in all {
        match out.last_mut() {
            Some((c, v)) if *c == code => v.push(split),
            _ => out.push((code, vec![split])),
        }
    }
    out
}
