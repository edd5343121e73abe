//! Deterministic workload for instruction counts of the riichi scoring path
//! (development aid): generates N closed or open wins from a fixed seed, extracts each
//! row from columns and scores it, as `score_columns` does per row.
//! `cargo build --profile test-release -p mahjong-core --example score_bench` then
//! `valgrind --tool=callgrind target/test-release/examples/score_bench 20000 P [STAGE]`;
//! instructions per win = (total with P passes - total with 1 pass) / ((P - 1) x wins).
//! STAGE: `row`, `split` or `batch` (see `main`); none: parse and score each row.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::riichi::batch::Columns;
use mahjong_core::riichi::{score, Rules};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as u32
    }
}

#[derive(Default)]
struct Cols {
    hand: Vec<i32>,
    win: Vec<i32>,
    meld_kind: Vec<i32>,
    meld_tile: Vec<i32>,
    meld_red: Vec<i32>,
    flags: Vec<i32>,
    winner: Vec<i32>,
    dealer: Vec<i32>,
    discarder: Vec<i32>,
    pao: Vec<i32>,
    round_wind: Vec<i32>,
    dora: Vec<i32>,
    ura: Vec<i32>,
    honba: Vec<i32>,
    riichi_sticks: Vec<i32>,
    kita: Vec<i32>,
    n_players: Vec<i32>,
    dealer_wins: Vec<i32>,
}

fn generate(n: usize) -> Cols {
    let mut r = Lcg(12345);
    let mut c = Cols::default();
    while c.win.len() < n {
        let mut counts = [0u8; 34];
        // Melds: 0 most of the time, else 1..2 pons or chis.
        let n_melds = match r.next(10) {
            0..=5 => 0,
            6..=8 => 1,
            _ => 2,
        };
        let mut mk = [0i32; 4];
        let mut mt = [0i32; 4];
        let mut ok = true;
        let mut groups = Vec::new();
        for g in 0..4 {
            // Sequences twice as often as triplets; honors only as triplets.
            let seq = r.next(3) != 0;
            let t = if seq {
                let s = r.next(3);
                s * 9 + r.next(7)
            } else {
                r.next(34)
            };
            groups.push((seq, t, g < n_melds));
        }
        let pair = r.next(34);
        let mut meld_counts = [0u8; 34];
        for &(seq, t, open) in &groups {
            let tgt = if open { &mut meld_counts } else { &mut counts };
            if seq {
                for k in 0..3 {
                    tgt[(t + k) as usize] += 1;
                }
            } else {
                tgt[t as usize] += 3;
            }
        }
        counts[pair as usize] += 2;
        for k in 0..34 {
            if counts[k] + meld_counts[k] > 4 {
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        for (j, &(seq, t, open)) in groups.iter().enumerate() {
            if open {
                mk[j] = if seq { 1 } else { 2 };
                mt[j] = t as i32;
            }
        }
        let mut ids = Vec::new();
        for k in 0..34 {
            // Copy 0 of a five is red: start at copy 0 or 1 by chance (ids stay distinct).
            let off = if meld_counts[k] == 0 { r.next(2) as i32 } else { 1 };
            for i in 0..counts[k] {
                ids.push(k as i32 * 4 + (i as i32 + off) % 4);
            }
        }
        let w = ids[r.next(ids.len() as u32) as usize];
        while ids.len() < 14 {
            ids.push(-1);
        }
        c.hand.extend(&ids);
        c.win.push(w);
        c.meld_kind.extend(mk);
        c.meld_tile.extend(mt);
        c.meld_red.extend([0; 4]);
        let tsumo = r.next(3) == 0;
        let riichi = n_melds == 0 && r.next(2) == 0;
        c.flags.push(tsumo as i32 | (riichi as i32) << 1);
        let winner = r.next(4) as i32;
        let dealer = r.next(4) as i32;
        c.winner.push(winner);
        c.dealer.push(dealer);
        c.discarder.push((winner + 1 + r.next(3) as i32) % 4);
        c.pao.push(-1);
        c.round_wind.push(r.next(2) as i32);
        let mut d = [-1i32; 5];
        d[0] = r.next(34) as i32;
        let mut u = [-1i32; 5];
        u[0] = r.next(34) as i32;
        c.dora.extend(d);
        c.ura.extend(u);
        c.honba.push(r.next(3) as i32);
        c.riichi_sticks.push(r.next(2) as i32);
        c.kita.push(0);
        c.n_players.push(4);
        c.dealer_wins.push(0);
    }
    c
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20000);
    let passes: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let v = generate(n);
    let cols = Columns {
        n,
        hand: &v.hand,
        win: &v.win,
        meld_kind: &v.meld_kind,
        meld_tile: &v.meld_tile,
        meld_red: &v.meld_red,
        flags: &v.flags,
        winner: &v.winner,
        dealer: &v.dealer,
        discarder: &v.discarder,
        pao: &v.pao,
        round_wind: &v.round_wind,
        dora: &v.dora,
        ura: &v.ura,
        honba: &v.honba,
        riichi_sticks: &v.riichi_sticks,
        kita: &v.kita,
        n_players: &v.n_players,
        dealer_wins: &v.dealer_wins,
    };
    let rules = Rules::TENHOU;
    // Keep the rows that score (real batches are wins; error rows format messages).
    let keep: Vec<usize> =
        (0..n).filter(|&i| cols.row(i).and_then(|(h, w, c)| score(&h, w, &c, &rules)).is_ok()).collect();
    let (mut acc, mut ok, mut bad) = (0u64, 0usize, 0usize);
    // Optional stage: "row" (parse only), "split" (parse and decompose), to see where
    // the instructions of a win go; or "batch": `score_columns` on one thread.
    match std::env::args().nth(3).as_deref() {
        Some("row") => {
            for _ in 0..passes {
                for &i in &keep {
                    if let Ok((h, w, c)) = cols.row(i) {
                        acc += h.concealed[w.tile.index()] as u64 + c.winner as u64;
                    }
                }
            }
            println!("row only: {acc}");
            return;
        }
        Some("batch") => {
            // The columnar batch path itself (row, score, output columns) on one thread,
            // over the rows that score.
            let sub = |v: &Vec<i32>, w: usize| -> Vec<i32> {
                keep.iter().flat_map(|&i| v[i * w..(i + 1) * w].to_vec()).collect()
            };
            let k = keep.len();
            let (hand, win, mk, mt, mr) =
                (sub(&v.hand, 14), sub(&v.win, 1), sub(&v.meld_kind, 4), sub(&v.meld_tile, 4), sub(&v.meld_red, 4));
            let (flags, winner, dealer, discarder, pao) =
                (sub(&v.flags, 1), sub(&v.winner, 1), sub(&v.dealer, 1), sub(&v.discarder, 1), sub(&v.pao, 1));
            let (rw, dora, ura, honba, sticks, kita, np) = (
                sub(&v.round_wind, 1),
                sub(&v.dora, 5),
                sub(&v.ura, 5),
                sub(&v.honba, 1),
                sub(&v.riichi_sticks, 1),
                sub(&v.kita, 1),
                sub(&v.n_players, 1),
            );
            let dw = sub(&v.dealer_wins, 1);
            let kc = Columns {
                n: k,
                hand: &hand,
                win: &win,
                meld_kind: &mk,
                meld_tile: &mt,
                meld_red: &mr,
                flags: &flags,
                winner: &winner,
                dealer: &dealer,
                discarder: &discarder,
                pao: &pao,
                round_wind: &rw,
                dora: &dora,
                ura: &ura,
                honba: &honba,
                riichi_sticks: &sticks,
                kita: &kita,
                n_players: &np,
                dealer_wins: &dw,
            };
            let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
            let (mut e, mut h16, mut f16, mut ym, mut d16, mut u16_, mut a16, mut k16) = (
                vec![0i8; k],
                vec![0i16; k],
                vec![0i16; k],
                vec![0i16; k],
                vec![0i16; k],
                vec![0i16; k],
                vec![0i16; k],
                vec![0i16; k],
            );
            let (mut lim, mut base, mut pts, mut dl, mut y, mut yh) =
                (vec![0i8; k], vec![0i32; k], vec![0i32; k], vec![0i32; 4 * k], vec![0i8; 16 * k], vec![0i8; 16 * k]);
            for _ in 0..passes {
                let out = mahjong_core::riichi::batch::OutColumns {
                    error: &mut e,
                    han: &mut h16,
                    fu: &mut f16,
                    yakuman: &mut ym,
                    dora: &mut d16,
                    ura: &mut u16_,
                    aka: &mut a16,
                    kita: &mut k16,
                    limit: &mut lim,
                    base: &mut base,
                    points: &mut pts,
                    deltas: &mut dl,
                    yaku: &mut y,
                    yaku_han: &mut yh,
                };
                let errs = pool
                    .install(|| mahjong_core::riichi::batch::score_columns(&kc, &rules, out, &Default::default()))
                    .unwrap();
                bad += errs.len();
                acc += pts.iter().map(|&p| p as u64).sum::<u64>();
            }
            println!("batch: {acc}, errors {bad}");
            return;
        }
        Some("split") => {
            for _ in 0..passes {
                for &i in &keep {
                    if let Ok((h, w, _)) = cols.row(i) {
                        mahjong_core::decompose::for_each_decomposition(&h.concealed, |d| {
                            mahjong_core::decompose::for_each_wait(d, w.tile, |s| acc += s.group.unwrap_or(9) as u64)
                        });
                    }
                }
            }
            println!("row and split: {acc}");
            return;
        }
        _ => {}
    }
    for _ in 0..passes {
        for &i in &keep {
            match cols.row(i).and_then(|(h, w, c)| score(&h, w, &c, &rules)) {
                Ok(r) => {
                    acc += r.pay.points as u64 + r.han as u64 * 7 + r.fu as u64 * 13;
                    ok += 1;
                }
                Err(_) => bad += 1,
            }
        }
    }
    println!("rows {n} (wins {}) x{passes}: scored {ok}, errors {bad}, checksum {acc}", keep.len());
}
