//! Tests of the solver: replayed solutions, agreement with brute force on small
//! boards, probing shortcuts against naive probing, reverse-built deals.

use super::*;
use crate::solitaire::generate::uniform_faces;
use crate::solitaire::layouts::builtin;
use crate::solitaire::rng::Rng;

/// The fast path's masks (these tests drive its internals, which work in three words).
fn small(geo: &Geometry) -> &Masks<3> {
    geo.small().unwrap()
}

fn replay(geo: &Geometry, faces: &[Face], sol: &[(usize, usize)]) -> bool {
    let mut present = geo.all();
    for &(a, b) in sol {
        if !present.has(a) || !present.has(b) || a == b {
            return false;
        }
        if !geo.is_free(a, &present) || !geo.is_free(b, &present) || !faces[a].matches(faces[b]) {
            return false;
        }
        present.remove(a);
        present.remove(b);
    }
    present.is_empty()
}

#[test]
fn turtle_random_deals_solve_and_replay() {
    let l = builtin("turtle").unwrap();
    let geo = Geometry::new(&l);
    let mut s = Solver::new(&geo);
    let mut solved = 0;
    for i in 0..60 {
        let faces = uniform_faces(&mut Rng::for_index(7, i), l.len());
        let r = s.solve(&faces, geo.all(), SolveLimits { max_nodes: 100_000, max_millis: 0 });
        if r.verdict == Verdict::Solvable {
            assert!(replay(&geo, &faces, &r.solution), "deal {i}");
            solved += 1;
        }
    }
    assert!(solved >= 50, "{solved}");
}

/// Exhaustive search over plain moves, for small boards.
fn brute<const W: usize>(
    geo: &Masks<W>,
    faces: &[Face],
    present: BitSet<W>,
    seen: &mut std::collections::HashSet<BitSet<W>>,
) -> bool {
    if present.is_empty() {
        return true;
    }
    if !seen.insert(present) {
        return false;
    }
    let free: Vec<usize> = geo.free_set(present).iter().collect();
    for (k, &a) in free.iter().enumerate() {
        for &b in &free[k + 1..] {
            if faces[a].matches(faces[b]) {
                let mut p = present;
                p.remove(a);
                p.remove(b);
                if brute(geo, faces, p, seen) {
                    return true;
                }
            }
        }
    }
    false
}

/// Every search mode (the quick searches and, from the first node, the
/// propagating proof/search alternation) agrees with brute force on `rounds`
/// random boards drawn by `draw`; both verdicts must occur more than 20 times.
fn search_modes_agree_with_brute_force(seed: u64, rounds: usize, draw: BoardDraw) {
    let mut rng = Rng::new(seed);
    let mut both = [0usize; 2];
    for _ in 0..rounds {
        let Some((l, geo, faces)) = random_board(&mut rng, draw) else { continue };
        let truth = brute(small(&geo), &faces, small(&geo).all(), &mut Default::default());
        for phase in [SEARCH_PHASE, 0, 1] {
            let mut s = Solver::new(&geo).with_search_phase(phase);
            let r = s.solve(&faces, geo.all(), SolveLimits::default());
            assert_ne!(r.verdict, Verdict::Unknown);
            assert_eq!(
                r.verdict == Verdict::Solvable,
                truth,
                "phase {phase} layout {:?} faces {:?}",
                l.positions(),
                faces
            );
            if truth {
                assert!(replay(&geo, &faces, &r.solution));
            }
        }
        both[truth as usize] += 1;
    }
    assert!(both[0] > 20 && both[1] > 20, "{both:?}");
}

/// Small boards: 6..16 tiles on three layers of a 10x6 grid, three faces so that
/// groups of four are common.
#[test]
fn agrees_with_brute_force_on_small_boards() {
    search_modes_agree_with_brute_force(99, 400, BoardDraw { min_pairs: 3, columns: 9, tries: 500, kinds: 3 });
}

/// A random legal play of up to `moves` pairs from the full board.
fn random_position(geo: &Masks<3>, faces: &[Face], rng: &mut Rng, moves: usize) -> Bits {
    let mut present = geo.all();
    for _ in 0..moves {
        let free: Vec<usize> = geo.free_set(present).iter().collect();
        let mut pairs = Vec::new();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                if faces[a].matches(faces[b]) {
                    pairs.push((a, b));
                }
            }
        }
        if pairs.is_empty() {
            break;
        }
        let (a, b) = pairs[rng.below(pairs.len())];
        present.remove(a);
        present.remove(b);
    }
    present
}

/// Random positions of random Turtle deals (deal `i` of `deal_seed`, then up to
/// `max_moves` random legal pairs), each with a solver set up on it and its nibble
/// numbering built: `f(i, solver, position, commitments, rng)`.
fn for_random_positions(
    geo: &Geometry,
    deal_seed: u64,
    deals: u64,
    rng: &mut Rng,
    max_moves: usize,
    mut f: impl FnMut(u64, &mut Solver, Bits, Commits, &mut Rng),
) {
    for i in 0..deals {
        let faces = uniform_faces(&mut Rng::for_index(deal_seed, i), geo.n);
        let moves = rng.below(max_moves);
        let present = random_position(small(geo), &faces, rng, moves);
        let mut s = Solver::new(geo);
        let mut commits: Commits = [NO_COMMIT; N_GROUPS];
        if s.setup(&faces, present, &mut commits).is_err() {
            continue;
        }
        s.ensure_lanes();
        f(i, &mut s, present, commits, rng);
    }
}

/// The relaxed play by definition, one tile at a time in slot order: a tile of an
/// undecided group of four leaves once free with a partner of some live split free
/// or gone; a fixed pair (decided split, or a group down to two) leaves once both
/// its tiles are free.
fn relax_reference(s: &Solver, present: Bits, commits: &Commits, eff: &[u8; N_GROUPS]) -> bool {
    let whole = s.whole_groups(&present);
    let mut pres = present;
    loop {
        let mut moved = false;
        for t in pres.iter() {
            if !pres.has(t) || !s.geo.is_free(t, &pres) {
                continue;
            }
            let g = s.group_of[t] as usize;
            let k = s.member_idx[t] as usize;
            let m = s.members[g];
            if whole >> g & 1 == 1 && commits[g] == NO_COMMIT {
                let ok = (0..3).any(|sp| {
                    let p = m[k ^ (sp + 1)] as usize;
                    eff[g] >> sp & 1 == 1 && (!pres.has(p) || s.geo.is_free(p, &pres))
                });
                if ok {
                    pres.remove(t);
                    moved = true;
                }
                continue;
            }
            let p = if whole >> g & 1 == 1 {
                m[k ^ commits[g] as usize] as usize
            } else {
                match pres.and(s.group_mask[g]).minus(Bits::single(t)).lowest() {
                    Some(p) => p,
                    None => continue,
                }
            };
            if s.geo.is_free(p, &pres) {
                pres.remove(t);
                pres.remove(p);
                moved = true;
            }
        }
        if !moved {
            return pres.is_empty();
        }
    }
}

/// The relaxed play in rounds on the nibble numbering (`lanes.rs`) ends where the
/// play by definition does, on random positions with random decided splits and
/// ruled-out splits.
#[test]
fn lane_play_matches_reference_relaxed_play() {
    let geo = Geometry::new(&builtin("turtle").unwrap());
    let (mut clears, mut fails) = (0, 0);
    for_random_positions(&geo, 13, 400, &mut Rng::new(77), 50, |i, s, present, mut commits, rng| {
        let mut eff = s.live;
        for j in 0..s.n_groups {
            let g = s.groups[j] as usize;
            if !s.four[g] || commits[g] != NO_COMMIT {
                continue;
            }
            match rng.below(4) {
                0 => {
                    let live: Vec<usize> = (0..3).filter(|&sp| eff[g] >> sp & 1 == 1).collect();
                    commits[g] = live[rng.below(live.len())] as u8 + 1;
                }
                1 if eff[g].count_ones() > 1 => eff[g] &= eff[g] - 1,
                _ => {}
            }
        }
        let free = small(&geo).free_set(present);
        let want = relax_reference(s, present, &commits, &eff);
        assert_eq!(s.relax_clears(present, free, &commits, &eff), want, "deal {i}");
        if want {
            clears += 1;
        } else {
            fails += 1;
        }
    });
    assert!(clears > 30 && fails > 30, "{clears} {fails}");
}

/// Probing with its shortcuts (skipping splits the unconstrained play already
/// fits, starting each probe at the group's window) rules out exactly the splits
/// that probing every split from the node's position rules out.
#[test]
fn windowed_probing_matches_naive_probing() {
    let geo = Geometry::new(&builtin("turtle").unwrap());
    let mut eliminated = 0;
    for_random_positions(&geo, 11, 150, &mut Rng::new(5), 40, |i, s, present, commits, _| {
        let free = small(&geo).free_set(present);
        let mut c1 = commits;
        let mut e1 = s.live;
        let ok1 = s.probe(present, free, s.whole_groups(&present), &mut c1, &mut e1);
        // Naive: every live split of every undecided group, each from scratch
        // under the constraints so far, the relaxation rechecked after each
        // group that changed.
        let mut c2 = commits;
        let mut e2 = s.live;
        let ok2 = 'naive: {
            if !s.relax_clears(present, free, &c2, &e2) {
                break 'naive false;
            }
            for j in 0..s.n_groups {
                let g = s.groups[j] as usize;
                if c2[g] != NO_COMMIT
                    || !s.four[g]
                    || present.and(s.group_mask[g]) != s.group_mask[g]
                    || e2[g].count_ones() < 2
                {
                    continue;
                }
                let mut changed = false;
                for sp in 0..3 {
                    if e2[g] >> sp & 1 == 1 {
                        c2[g] = sp as u8 + 1;
                        let ok = s.relax_clears(present, free, &c2, &e2);
                        c2[g] = NO_COMMIT;
                        if !ok {
                            e2[g] &= !(1 << sp);
                            changed = true;
                        }
                    }
                }
                match e2[g].count_ones() {
                    0 => break 'naive false,
                    1 => c2[g] = e2[g].trailing_zeros() as u8 + 1,
                    _ => {}
                }
                if changed && !s.relax_clears(present, free, &c2, &e2) {
                    break 'naive false;
                }
            }
            true
        };
        assert_eq!(ok1, ok2, "deal {i}");
        if ok1 {
            for j in 0..s.n_groups {
                let g = s.groups[j] as usize;
                assert_eq!((c1[g], e1[g]), (c2[g], e2[g]), "deal {i} group {g}");
                if e1[g] != s.live[g] {
                    eliminated += 1;
                }
            }
        }
    });
    assert!(eliminated > 10, "{eliminated}");
}

/// Deals built backwards from a clearing order are solvable: no proof machinery
/// may call one lost, and each solution found replays.
#[test]
fn reverse_deals_are_never_proven_unsolvable() {
    use crate::solitaire::generate::reverse_deal;
    for name in ["turtle", "pyramid", "fortress"] {
        let l = builtin(name).unwrap();
        let geo = Geometry::new(&l);
        for seed in 0..25 {
            let Ok(d) = reverse_deal(&geo, seed) else { continue };
            for phase in [0, 1] {
                let mut s = Solver::new(&geo).with_search_phase(phase);
                let r = s.solve(&d.faces, geo.all(), SolveLimits { max_nodes: 20_000, max_millis: 0 });
                assert_ne!(r.verdict, Verdict::Unsolvable, "{name} seed {seed} phase {phase}");
                if r.verdict == Verdict::Solvable {
                    assert!(replay(&geo, &d.faces, &r.solution), "{name} seed {seed}");
                }
            }
        }
    }
}

/// Mid-sized boards: 12 to 22 tiles on an 11-column grid, seven faces.
const MID_BOARD_7: BoardDraw = BoardDraw { min_pairs: 6, columns: 11, tries: 800, kinds: 7 };

/// How a random test board is drawn: `min_pairs` .. `min_pairs + 5` pairs wanted,
/// positions with x below `columns` (y below 5, three layers), at most `tries`
/// placement attempts, `kinds` faces dealt in pairs.
#[derive(Copy, Clone)]
struct BoardDraw {
    min_pairs: usize,
    columns: usize,
    tries: usize,
    kinds: u32,
}

/// A random board drawn as `draw` says (at most four of a face), or None when the
/// draw is unusable.
fn random_board(rng: &mut Rng, draw: BoardDraw) -> Option<(crate::solitaire::layout::Layout, Geometry, Vec<Face>)> {
    use crate::solitaire::layout::{Layout, Pos};
    let n = 2 * (draw.min_pairs + rng.below(6));
    let mut ps: Vec<Pos> = Vec::new();
    let mut tries = 0;
    while ps.len() < n && tries < draw.tries {
        tries += 1;
        let p = Pos::new(rng.below(draw.columns) as u16, rng.below(5) as u16, rng.below(3) as u8);
        if ps.iter().all(|q| q.z != p.z || !q.overlaps_xy(&p)) {
            ps.push(p);
        }
    }
    if ps.len() % 2 == 1 {
        ps.pop();
    }
    let l = Layout::new("random", ps).ok()?;
    let geo = Geometry::new(&l);
    let mut faces: Vec<Face> = Vec::new();
    for j in 0..l.len() / 2 {
        let f = Face::new((j / 2) as u32 % draw.kinds).unwrap();
        faces.push(f);
        faces.push(f);
    }
    rng.shuffle(&mut faces);
    let mut count = [0; 42];
    faces.iter().for_each(|f| count[f.code() as usize] += 1);
    if count.iter().any(|&c| c > 4) {
        return None;
    }
    Some((l, geo, faces))
}

/// The relaxation is necessary for a win: on small boards, every position brute
/// force can clear passes it (with no split decided).
#[test]
fn relaxation_passes_every_clearable_small_board() {
    let mut rng = Rng::new(1234);
    let mut checked = 0;
    for _ in 0..300 {
        let Some((_, geo, faces)) = random_board(&mut rng, MID_BOARD_7) else { continue };
        if !brute(small(&geo), &faces, small(&geo).all(), &mut Default::default()) {
            continue;
        }
        let mut s = Solver::new(&geo);
        let mut commits: Commits = [NO_COMMIT; N_GROUPS];
        let all = small(&geo).all();
        assert!(s.setup(&faces, all, &mut commits).is_ok());
        s.ensure_lanes();
        let free = small(&geo).free_set(all);
        assert!(s.relax_clears(all, free, &commits, &s.live));
        let mut e = s.live;
        assert!(s.probe(all, free, s.whole_groups(&all), &mut commits, &mut e));
        checked += 1;
    }
    assert!(checked > 30, "{checked}");
}

/// Mid-sized boards (12 to 22 tiles, up to five groups of four): verdicts of
/// every search mode agree with brute force.
#[test]
fn agrees_with_brute_force_on_mid_boards() {
    search_modes_agree_with_brute_force(4321, 250, BoardDraw { kinds: 6, ..MID_BOARD_7 });
}

/// The table's subsumption test: a commitment set lies within another when every
/// group it decides is decided the same way there.
#[test]
fn commitment_sets_within() {
    use super::table::commits_within;
    let set = |pairs: &[(usize, u128)]| pairs.iter().fold(0u128, |k, &(g, c)| k | c << (2 * g));
    let a = set(&[(0, 1), (35, 3)]);
    assert!(commits_within(0, a));
    assert!(commits_within(a, a));
    assert!(commits_within(a, a | set(&[(7, 2)])));
    assert!(!commits_within(a | set(&[(7, 2)]), a));
    assert!(!commits_within(a, set(&[(0, 2), (35, 3)])));
    assert!(!commits_within(set(&[(35, 3)]), set(&[(35, 1)])));
    assert!(!commits_within(set(&[(35, 2)]), set(&[(35, 3)])));
}

#[test]
fn committed_mask_matches_a_byte_loop() {
    let mut rng = Rng::for_index(7, 0);
    for round in 0..2000u64 {
        let mut c: Commits = [NO_COMMIT; N_GROUPS];
        for (g, x) in c.iter_mut().enumerate() {
            // Every byte value, not only the splits 1..=3, and runs of zeros.
            let r = rng.next_u64() ^ round.wrapping_mul(g as u64 + 1);
            *x = if r & 3 == 0 { 0 } else { (r >> 8) as u8 };
        }
        let want = c.iter().enumerate().fold(0u64, |m, (g, &x)| m | ((x != NO_COMMIT) as u64) << g);
        assert_eq!(committed_mask(&c), want, "{c:?}");
    }
}

/// The general search (groups of any even size, any layout) agrees with brute force
/// on small random boards whose kinds have two to eight tiles, and its solutions
/// replay; both verdicts occur.
#[test]
fn general_search_agrees_with_brute_force() {
    let mut rng = Rng::new(0x5eed_6e4e);
    let mut both = [0usize; 2];
    for _ in 0..400 {
        let draw = BoardDraw { min_pairs: 5, columns: 9, tries: 600, kinds: 3 };
        let Some((l, geo, _)) = random_board(&mut rng, BoardDraw { kinds: 40, ..draw }) else { continue };
        // Two or three kinds only, so most have six or eight copies.
        let mut faces: Vec<Face> = Vec::new();
        for j in 0..l.len() / 2 {
            let f = Face::new([4u32, 20, 36][(j * 7 + rng.below(3)) % 3]).unwrap();
            faces.extend([f, f]);
        }
        rng.shuffle(&mut faces);
        let truth = brute(&*geo, &faces, geo.all(), &mut Default::default());
        let mut s = Solver::new(&geo);
        let mut lost = Vec::new();
        let r = general::solve(&geo, &mut lost, &faces, geo.all(), SolveLimits::default(), &Cancel::default());
        assert_ne!(r.verdict, Verdict::Unknown);
        assert_eq!(r.verdict == Verdict::Solvable, truth, "{:?} {faces:?}", l.positions());
        if truth {
            assert!(replay(&geo, &faces, &r.solution));
        }
        // Solver::solve sends such deals (a group over four) to the general search.
        assert_eq!(s.solve(&faces, geo.all(), SolveLimits::default()).verdict, r.verdict);
        both[truth as usize] += 1;
    }
    assert!(both[0] > 20 && both[1] > 20, "{both:?}");
}

/// Uniform deals of a layout larger than one set (a Turtle beside the lowest 84
/// slots of a Pyramid: 228, the size of the collection's largest) deal
/// KMahjongg's sets and solve with replayable solutions.
#[test]
fn deals_beyond_one_set_solve_and_replay() {
    use crate::solitaire::layout::{Layout, Pos};
    let t = builtin("turtle").unwrap();
    let p = builtin("pyramid").unwrap();
    let mut ps: Vec<Pos> = t.positions().to_vec();
    let shift = t.extent().0 + 4;
    ps.extend(p.positions().iter().take(84).map(|q| Pos::new(q.x + shift, q.y, q.z)));
    let l = Layout::new("wide", ps).unwrap();
    assert_eq!(l.len(), 228);
    let geo = Geometry::new(&l);
    assert!(geo.small().is_none());
    let mut s = Solver::new(&geo);
    let mut solved = 0;
    for i in 0..20 {
        let faces = uniform_faces(&mut Rng::for_index(3, i), l.len());
        let mut count = [0usize; N_GROUPS];
        faces.iter().for_each(|f| count[f.group() as usize] += 1);
        assert!(count.iter().all(|&c| c % 2 == 0 && (4..=8).contains(&c)), "{count:?}");
        let r = s.solve(&faces, geo.all(), SolveLimits { max_nodes: 200_000, max_millis: 0 });
        if r.verdict == Verdict::Solvable {
            assert!(replay(&geo, &faces, &r.solution), "deal {i}");
            solved += 1;
        }
    }
    assert!(solved >= 10, "{solved}");
}

#[test]
fn a_deal_searches_the_same_whatever_the_solver_solved_before() {
    // Tables are handed on between solvers of a thread and grown per solve: the
    // node count of a deal must not depend on that history.
    let geo = Geometry::new(&builtin("turtle").unwrap());
    let limits = SolveLimits { max_nodes: 200_000, max_millis: 0 };
    let deals: Vec<Vec<Face>> = (0..40).map(|i| uniform_faces(&mut Rng::for_index(2026, i), geo.n)).collect();
    let mut shared = Solver::new(&geo);
    let mut proof_phase = 0;
    for (i, faces) in deals.iter().enumerate() {
        let a = shared.solve(faces, geo.all(), limits);
        proof_phase += shared.proof_phase_start().is_some() as u32;
        let b = Solver::new(&geo).solve(faces, geo.all(), limits);
        assert_eq!((a.verdict, a.nodes), (b.verdict, b.nodes), "deal {i}");
    }
    assert!(proof_phase > 0, "no deal reached the proof phase: the test tests nothing");
}
