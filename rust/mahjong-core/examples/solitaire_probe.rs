//! Quick solver probe: `cargo run --profile test-release -p mahjong-core --example
//! solitaire_probe -- turtle 1000 [max_nodes]` (a built-in name, a layout file or
//! `file#map`) solves uniform deals 0..1000 (seed 1,
//! or `SEED=n`: the survey's deal `i` of seed `n` is this deal `i`) and prints
//! verdict counts and time per deal; every solution is replayed.
//! Environment: `MS=1000` time budget per deal (ms), `LIST=1` one line per deal
//! (index, verdict, nodes, wall micros, nodes and wall micros when the first
//! propagating search began, CPU micros of the solve), `FROM=i` first deal,
//! `IDS=3,8,42` just these deals, `PHASE=n` quick-search nodes before the first
//! propagating search, `DUMP=i` prints deal i layer by layer, `VERBOSE=1` details
//! of the deals not found solvable.
use mahjong_core::solitaire::formats;
use mahjong_core::solitaire::generate::uniform_faces;
use mahjong_core::solitaire::layouts::builtin;
use mahjong_core::solitaire::rng::Rng;
use mahjong_core::solitaire::{Geometry, SolveLimits, Solver, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("turtle");
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let max_nodes: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    // A built-in name, a layout file, or `file#map` for one map of a GNOME file.
    let (path, map) = match name.split_once('#') {
        Some((p, m)) => (p, Some(m)),
        None => (name, None),
    };
    let loaded = if std::path::Path::new(path).is_file() {
        std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|text| match map {
            Some(m) => formats::read_gnome_map(&text, Some(m), name).map_err(|e| e.to_string()),
            None => formats::read(&text, name).map_err(|e| e.to_string()),
        })
    } else {
        builtin(name).map_err(|e| e.to_string())
    };
    let l = match loaded {
        Ok(l) => l,
        Err(e) => {
            eprintln!("solitaire_probe: {e}");
            std::process::exit(2);
        }
    };
    let geo = Geometry::new(&l);
    if let Ok(d) = std::env::var("DUMP") {
        let Ok(i) = d.parse::<u64>() else {
            eprintln!("solitaire_probe: DUMP={d:?} is not a deal index");
            std::process::exit(2);
        };
        let faces = uniform_faces(&mut Rng::for_index(1, i), l.len());
        let (w, h, dd) = l.extent();
        for z in 0..dd {
            println!("layer {z}");
            let mut grid = vec![vec!["   ".to_string(); w as usize]; h as usize];
            for (k, p) in l.positions().iter().enumerate() {
                if p.z == z {
                    grid[p.y as usize][p.x as usize] = format!("{:>3}", faces[k].text());
                }
            }
            for row in grid {
                println!("{}", row.join(""));
            }
        }
        return;
    }
    let mut s = Solver::new(&geo);
    if let Some(ph) = std::env::var("PHASE").ok().and_then(|v| v.parse().ok()) {
        s = s.with_search_phase(ph);
    }
    let mut times = Vec::new();
    let (mut ok, mut bad, mut unk) = (0, 0, 0);
    let mut nodes_total = 0u64;
    let mut node_list = Vec::new();
    let from: u64 = std::env::var("FROM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let ids: Vec<u64> = match std::env::var("IDS") {
        Ok(v) => v.split(',').filter_map(|x| x.parse().ok()).collect(),
        Err(_) => (from..from + n).collect(),
    };
    let seed: u64 = std::env::var("SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    for i in ids {
        let faces = uniform_faces(&mut Rng::for_index(seed, i), l.len());
        let cpu0 = cpu_ns();
        let r = s.solve(
            &faces,
            geo.all(),
            SolveLimits { max_nodes, max_millis: std::env::var("MS").ok().and_then(|v| v.parse().ok()).unwrap_or(0) },
        );
        let cpu = (cpu_ns() - cpu0) / 1000;
        nodes_total += r.nodes;
        if r.verdict == Verdict::Solvable {
            let mut present = geo.all();
            for &(a, b) in &r.solution {
                assert!(
                    present.has(a)
                        && present.has(b)
                        && a != b
                        && geo.is_free(a, &present)
                        && geo.is_free(b, &present)
                        && faces[a].matches(faces[b]),
                    "deal {i}: bad move"
                );
                present.remove(a);
                present.remove(b);
            }
            assert!(present.is_empty(), "deal {i}: not cleared");
        }
        node_list.push(r.nodes);
        match r.verdict {
            Verdict::Solvable => ok += 1,
            Verdict::Unsolvable => bad += 1,
            Verdict::Unknown => unk += 1,
        }
        if r.verdict != Verdict::Solvable && std::env::var("VERBOSE").is_ok() {
            let share = mahjong_core::solitaire::generate::random_playout_share(
                &geo,
                &faces,
                geo.all(),
                2000,
                3,
                &Default::default(),
            )
            .unwrap_or(f64::NAN);
            println!("  random playout share {share}; initial free {}", geo.free_set(geo.all()).count());
            println!("deal {i}: {:?} nodes {} {:?}", r.verdict, r.nodes, r.proof);
        }
        if std::env::var("LIST").is_ok() {
            let (sn, su) = s.proof_phase_start().unwrap_or((r.nodes, r.micros));
            println!("{i} {} {} {} {sn} {su} {cpu}", r.verdict.name(), r.nodes, r.micros);
        }
        times.push(r.micros);
    }
    times.sort();
    node_list.sort();
    println!("median nodes {} p90 nodes {}", node_list[node_list.len() / 2], node_list[node_list.len() * 9 / 10]);
    let q = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    println!(
        "{name}: solvable {ok} unsolvable {bad} unknown {unk}; median {} us p99 {} us max {} us; mean nodes {:.1}",
        q(0.5),
        q(0.99),
        q(1.0),
        nodes_total as f64 / n as f64
    );
}

/// CPU time of this thread (ns): on a shared machine it moves far less than wall
/// time. Linux `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`; 0 elsewhere.
fn cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the struct we pass.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if rc == 0 && cfg!(target_os = "linux") {
        t.sec as u64 * 1_000_000_000 + t.nsec as u64
    } else {
        0
    }
}
