//! Deals and help that know the future: uniform deals, deals guaranteed solvable
//! (reverse construction, or uniform deals kept only when proven solvable), the
//! shuffle that keeps a position winnable, hints, a difficulty rating and the
//! parallel survey.

use super::bits::Bits;
use super::board::Geometry;
use super::face::Face;
use super::rng::Rng;
use super::solver::{SolveLimits, SolveResult, Solver, Verdict};
use crate::args::IntArg;
use crate::cancel::Cancel;
use crate::error::{Error, Result};
use rayon::prelude::*;

/// Random games one [`random_playout_share`] call plays (time grows with it).
pub const PLAYOUTS: IntArg = IntArg::new("playouts", 0, 100_000_000);
/// Uniform deals a [`solvable_uniform_deal`] tries before falling back.
pub const MAX_ATTEMPTS: IntArg = IntArg::new("max_attempts", 1, 100_000);

/// Faces by slot and the removal order that clears them (pairs of slots).
type FacesAndPairs = (Vec<Face>, Vec<(usize, usize)>);

/// Faces for a layout of `n` slots, uniformly shuffled. With 144 slots this is the
/// full set; with fewer, `n / 2` of the 72 matching pairs chosen at random, so every
/// group still has an even count; with more, KMahjongg's rule ([`Face`]'s
/// `sets_for`): `n / 144` whole sets and, for the rest, whole pairs of a further
/// shuffled set. Matching stays by face, so a kind with eight copies pairs any two.
pub fn uniform_faces(rng: &mut Rng, n: usize) -> Vec<Face> {
    let mut v = if n == 144 {
        Face::full_set()
    } else if n < 144 {
        let mut pairs = full_pairs(rng);
        rng.shuffle(&mut pairs);
        pairs.truncate(n / 2);
        pairs.into_iter().flat_map(|(a, b)| [a, b]).collect()
    } else {
        deal_pairs(rng, n).into_iter().flat_map(|(a, b)| [a, b]).collect()
    };
    rng.shuffle(&mut v);
    v
}

/// The `n / 2` face pairs of a deal of `n` tiles: whole sets' pairs while 144 or
/// more tiles are left to fill, then that many pairs of a further shuffled set.
fn deal_pairs(rng: &mut Rng, n: usize) -> Vec<(Face, Face)> {
    let mut out = Vec::with_capacity(n / 2);
    while out.len() < n / 2 {
        let mut pairs = full_pairs(rng);
        rng.shuffle(&mut pairs);
        pairs.truncate(n / 2 - out.len());
        out.extend(pairs);
    }
    out
}

/// The 72 pairs of the full set with plants and seasons paired at random.
fn full_pairs(rng: &mut Rng) -> Vec<(Face, Face)> {
    let mut set = Face::full_set();
    rng.shuffle(&mut set[136..140]);
    rng.shuffle(&mut set[140..144]);
    Face::pairs_of(&set).unwrap_or_default()
}

/// A random order in which `slots` can be cleared two at a time if faces are
/// ignored (each step removes two tiles free at that moment), or `None` when the
/// random attempts all got stuck with fewer than two free tiles.
pub fn random_clearing(geo: &Geometry, slots: Bits, rng: &mut Rng, tries: usize) -> Option<Vec<(usize, usize)>> {
    let mut free_list: Vec<usize> = Vec::with_capacity(slots.count() as usize);
    'attempt: for _ in 0..tries {
        let mut present = slots;
        let mut order = Vec::with_capacity(slots.count() as usize / 2);
        while !present.is_empty() {
            free_list.clear();
            free_list.extend(geo.free_set(present).iter());
            if free_list.len() < 2 {
                continue 'attempt;
            }
            let i = rng.below(free_list.len());
            let a = free_list.swap_remove(i);
            let b = free_list[rng.below(free_list.len())];
            present.remove(a);
            present.remove(b);
            order.push((a.min(b), a.max(b)));
        }
        return Some(order);
    }
    None
}

/// How a generated deal was made.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Method {
    /// Pairs placed so that removing them in reverse order of placement clears the
    /// board (the solution is that order).
    Reverse,
    /// A uniform random deal that the solver proved solvable.
    Uniform,
    /// Uniform deals were asked for but none of the attempts was proven solvable
    /// within the budget, so reverse construction was used instead.
    ReverseFallback,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Reverse => "reverse",
            Method::Uniform => "uniform",
            Method::ReverseFallback => "reverse-fallback",
        }
    }
}

/// A generated deal, its solution and how it was made.
#[derive(Clone, Debug)]
pub struct Generated {
    pub faces: Vec<Face>,
    pub solution: Vec<(usize, usize)>,
    pub method: Method,
    /// Uniform deals drawn (and solved) before one was kept; 0 for reverse construction.
    pub attempts: usize,
}

/// Reverse construction over the slots `slots` with the given face pairs (one per
/// step of a random face-blind clearing order).
pub fn reverse_deal_on(
    geo: &Geometry,
    slots: Bits,
    mut pairs: Vec<(Face, Face)>,
    rng: &mut Rng,
    base: &[Face],
) -> Result<FacesAndPairs> {
    let order = random_clearing(geo, slots, rng, 2000).ok_or_else(|| {
        Error::Layout(format!(
            "no order clears these {} slots two at a time (a stack leaves a single free tile), so no arrangement of faces is solvable",
            slots.count()
        ))
    })?;
    if pairs.len() != order.len() {
        return Err(Error::Layout(format!("{} face pairs for {} slot pairs", pairs.len(), order.len())));
    }
    rng.shuffle(&mut pairs);
    let mut faces = base.to_vec();
    faces.resize(geo.n, Face::default());
    for (&(a, b), &(fa, fb)) in order.iter().zip(pairs.iter()) {
        faces[a] = fa;
        faces[b] = fb;
    }
    Ok((faces, order))
}

/// A solvable deal by reverse construction (seeded, reproducible).
pub fn reverse_deal(geo: &Geometry, seed: u64) -> Result<Generated> {
    let mut rng = Rng::new(seed);
    let pairs = deal_pairs(&mut rng, geo.n);
    let (faces, solution) = reverse_deal_on(geo, geo.all(), pairs, &mut rng, &[])?;
    Ok(Generated { faces, solution, method: Method::Reverse, attempts: 0 })
}

/// A uniform random deal kept only when proven solvable; after `max_attempts`
/// draws without one (layouts where uniform deals are rarely solvable) it falls back
/// to reverse construction and says so in [`Generated::method`].
/// A set `cancel` stops it with [`Error::Cancelled`].
pub fn solvable_uniform_deal(
    geo: &Geometry,
    seed: u64,
    max_attempts: usize,
    limits: SolveLimits,
    cancel: &Cancel,
) -> Result<Generated> {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(geo);
    solver.set_cancel(cancel.clone());
    for attempt in 1..=max_attempts {
        let faces = uniform_faces(&mut rng, geo.n);
        let r = solver.solve(&faces, geo.all(), limits);
        cancel.check()?;
        if r.verdict == Verdict::Solvable {
            return Ok(Generated { faces, solution: r.solution, method: Method::Uniform, attempts: attempt });
        }
    }
    let mut g = reverse_deal(geo, rng.next_u64())?;
    g.method = Method::ReverseFallback;
    g.attempts = max_attempts;
    Ok(g)
}

/// Rearrange the faces of the present slots so that the position is solvable:
/// first a few uniform shuffles checked by the solver, then reverse construction on
/// the remaining slots. Returns the new faces (absent slots keep theirs) and a
/// solution from the new position. A set `cancel` stops it with [`Error::Cancelled`].
pub fn shuffle_solvable(
    geo: &Geometry,
    faces: &[Face],
    present: Bits,
    seed: u64,
    limits: SolveLimits,
    cancel: &Cancel,
) -> Result<FacesAndPairs> {
    let mut rng = Rng::new(seed);
    let slots: Vec<usize> = present.iter().collect();
    let mut remaining: Vec<Face> = slots.iter().map(|&i| faces[i]).collect();
    let mut solver = Solver::new(geo);
    solver.set_cancel(cancel.clone());
    // A few uniform shuffles with a small budget each keep the game's difficulty;
    // reverse construction below always succeeds when any arrangement can.
    let quick = SolveLimits { max_nodes: limits.max_nodes.min(20_000), max_millis: limits.max_millis };
    for _ in 0..5 {
        rng.shuffle(&mut remaining);
        let mut out = faces.to_vec();
        for (&i, &f) in slots.iter().zip(remaining.iter()) {
            out[i] = f;
        }
        let r = solver.solve(&out, present, quick);
        cancel.check()?;
        if r.verdict == Verdict::Solvable {
            return Ok((out, r.solution));
        }
    }
    let pairs = Face::pairs_of(&remaining)?;
    reverse_deal_on(geo, present, pairs, &mut rng, faces)
}

/// Share of `playouts` random games (each move a uniformly chosen legal pair) that
/// clear the position: 1.0 = any play wins, near 0 = only careful play does. A set
/// `cancel` stops it with [`Error::Cancelled`].
pub fn random_playout_share(
    geo: &Geometry,
    faces: &[Face],
    present: Bits,
    playouts: usize,
    seed: u64,
    cancel: &Cancel,
) -> Result<f64> {
    if playouts == 0 {
        return Ok(0.0);
    }
    let wins: usize = (0..playouts)
        .into_par_iter()
        .map(|k| {
            cancel.check()?;
            let mut rng = Rng::for_index(seed, k as u64);
            let mut p = present;
            let mut moves: Vec<(usize, usize)> = Vec::with_capacity(64);
            loop {
                if p.is_empty() {
                    return Ok(1);
                }
                let free: Vec<usize> = geo.free_set(p).iter().collect();
                moves.clear();
                for (x, &a) in free.iter().enumerate() {
                    for &b in &free[x + 1..] {
                        if faces[a].matches(faces[b]) {
                            moves.push((a, b));
                        }
                    }
                }
                if moves.is_empty() {
                    return Ok(0);
                }
                let (a, b) = moves[rng.below(moves.len())];
                p.remove(a);
                p.remove(b);
            }
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))?;
    Ok(wins as f64 / playouts as f64)
}

/// One survey row.
#[derive(Copy, Clone, Debug)]
pub struct SurveyRow {
    pub verdict: Verdict,
    pub micros: u64,
    pub nodes: u64,
}

/// Deals one [`survey`] call takes: its rows are held in memory (and returned to
/// Python as lists), so longer surveys run in chunks of at most this many.
pub const SURVEY_COUNT: IntArg = IntArg::new("count", 0, 10_000_000);

/// Solve uniform deals `start .. start + count` of the stream `seed` on all cores.
/// Deal `i` depends only on `(seed, i)`, so chunks can be run in any order. `count`
/// is bounded by [`SURVEY_COUNT`] and `start + count` must stay within `u64`; a set
/// `cancel` stops it with [`Error::Cancelled`].
pub fn survey(
    geo: &Geometry,
    seed: u64,
    start: u64,
    count: u64,
    limits: SolveLimits,
    cancel: &Cancel,
) -> Result<Vec<SurveyRow>> {
    SURVEY_COUNT.check(count as i128)?;
    let end = start.checked_add(count).ok_or_else(|| Error::InvalidArgument {
        name: "start",
        message: format!("start + count must be at most 2**64-1, got {start} + {count}"),
    })?;
    (start..end)
        .into_par_iter()
        .map_init(
            || {
                let mut s = Solver::new(geo);
                s.set_cancel(cancel.clone());
                s
            },
            |solver, i| {
                cancel.check()?;
                let faces = uniform_faces(&mut Rng::for_index(seed, i), geo.n);
                let r: SolveResult = solver.solve(&faces, geo.all(), limits);
                cancel.check()?;
                Ok(SurveyRow { verdict: r.verdict, micros: r.micros, nodes: r.nodes })
            },
        )
        .collect()
}

/// Solve many deals (each a face list for the same layout) on all cores; a set
/// `cancel` stops it with [`Error::Cancelled`].
pub fn solve_many(
    geo: &Geometry,
    deals: &[Vec<Face>],
    limits: SolveLimits,
    cancel: &Cancel,
) -> Result<Vec<SolveResult>> {
    deals
        .par_iter()
        .map_init(
            || {
                let mut s = Solver::new(geo);
                s.set_cancel(cancel.clone());
                s
            },
            |s, f| {
                let r = s.solve(f, geo.all(), limits);
                cancel.check().map(|()| r)
            },
        )
        .collect()
}

/// One deal of an atlas row (see [`atlas_deals`]).
#[derive(Copy, Clone, Debug)]
pub struct AtlasDeal {
    pub verdict: Verdict,
    pub micros: u64,
    pub nodes: u64,
    /// The reverse generator's first face-blind random clearing of the layout
    /// succeeded (it retries up to 2,000 times).
    pub reverse_first_try: bool,
    /// One random playout won the uniform deal.
    pub random_play_uniform: bool,
    /// One random playout won a reverse-built deal (when one could be built).
    pub random_play_reverse: bool,
}

/// The atlas's deals `start .. start + count` of a layout on all cores: uniform deal
/// `i` of `seed` solved within `limits` and played once at random, and the reverse
/// generator's deal `i` tried once and played once at random.
pub fn atlas_deals(geo: &Geometry, seed: u64, start: u64, count: u64, limits: SolveLimits) -> Vec<AtlasDeal> {
    use super::players::{play, Player};
    (start..start + count)
        .into_par_iter()
        .map_init(
            || Solver::new(geo),
            |solver, i| {
                let faces = uniform_faces(&mut Rng::for_index(seed, i), geo.n);
                let r: SolveResult = solver.solve(&faces, geo.all(), limits);
                let mut prng = Rng::for_index(seed ^ 0x05EE_D0FA_71A5, i);
                let random_play_uniform = play(geo, &faces, geo.all(), Player::Random, &mut prng);
                let reverse_first_try =
                    random_clearing(geo, geo.all(), &mut Rng::for_index(seed ^ 0x000C_1EA5, i), 1).is_some();
                let random_play_reverse = match reverse_deal(geo, seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
                    Ok(g) => play(geo, &g.faces, geo.all(), Player::Random, &mut prng),
                    Err(_) => false,
                };
                AtlasDeal {
                    verdict: r.verdict,
                    micros: r.micros,
                    nodes: r.nodes,
                    reverse_first_try,
                    random_play_uniform,
                    random_play_reverse,
                }
            },
        )
        .collect()
}

/// One rated deal (see [`rate_deals`]).
#[derive(Copy, Clone, Debug)]
pub struct RatedDeal {
    pub verdict: Verdict,
    pub nodes: u64,
    pub micros: u64,
    /// Wins of [`Player::ALL`] in order (random, greedy, careful), of `playouts` each.
    pub wins: [u32; 3],
}

/// Deals `start .. start + count` of the stream `seed` rated on all cores: uniform
/// deals kept as they are (`reverse` false) or the reverse generator's deal of
/// seed `(seed, i)`, solved within `limits`, and played `playouts` times by each
/// simple player (games seeded by `play_seed`, so two calls with different
/// `play_seed` measure the same deals independently).
#[allow(clippy::too_many_arguments)]
pub fn rate_deals(
    geo: &Geometry,
    seed: u64,
    start: u64,
    count: u64,
    reverse: bool,
    playouts: usize,
    play_seed: u64,
    limits: SolveLimits,
) -> Vec<RatedDeal> {
    use super::players::{wins, Player};
    (start..start + count)
        .into_par_iter()
        .map_init(
            || Solver::new(geo),
            |solver, i| {
                let faces = if reverse {
                    match reverse_deal(geo, Rng::for_index(seed, i).next_u64()) {
                        Ok(g) => g.faces,
                        Err(_) => uniform_faces(&mut Rng::for_index(seed, i), geo.n),
                    }
                } else {
                    uniform_faces(&mut Rng::for_index(seed, i), geo.n)
                };
                let r = solver.solve(&faces, geo.all(), limits);
                let mut w = [0u32; 3];
                for (k, &p) in Player::ALL.iter().enumerate() {
                    let s = play_seed ^ (i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ ((k as u64) << 56);
                    w[k] = wins(geo, &faces, geo.all(), p, playouts, s) as u32;
                }
                RatedDeal { verdict: r.verdict, nodes: r.nodes, micros: r.micros, wins: w }
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::layouts::{builtin, NAMES};

    #[test]
    fn reverse_deals_are_solvable_on_every_builtin() {
        for name in NAMES {
            let geo = Geometry::new(&builtin(name).unwrap());
            for seed in 0..5 {
                let g = reverse_deal(&geo, seed).unwrap();
                let mut s = Solver::new(&geo);
                let r = s.solve(&g.faces, geo.all(), SolveLimits::default());
                assert_eq!(r.verdict, Verdict::Solvable, "{name} seed {seed}");
                assert_eq!(reverse_deal(&geo, seed).unwrap().faces, g.faces, "reproducible");
            }
        }
    }
}
