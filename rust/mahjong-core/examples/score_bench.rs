//! Deterministic workload for instruction counts of the riichi scoring path
//! (development aid): generates N closed or open wins from a fixed seed, extracts each
//! row from columns and scores it, as `score_columns` does per row.
//! `cargo build --profile test-release -p mahjong-core --example score_bench` then
//! `valgrind --tool=callgrind target/test-release/examples/score_bench 20000 P`;
//! instructions per win = (total with P passes - total with 1 pass) / ((P - 1) x wins).
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
    hand: Vec<i32>, win: Vec<i32>, meld_kind: Vec<i32>, meld_tile: Vec<i32>, meld_red: Vec<i32>, flags: Vec<i32>,
    winner: Vec<i32>, dealer: Vec<i32>, discarder: Vec<i32>, pao: Vec<i32>, round_wind: Vec<i32>, dora: Vec<i32>,
    ura: Vec<i32>, honba: Vec<i32>, riichi_sticks: Vec<i32>, kita: Vec<i32>, n_players: Vec<i32>,
}

fn generate(n: usize) -> Cols {
    let mut r = Lcg(12345);
    let mut c = Cols::default();
    while c.win.len() < n {
        let mut counts = [0u8; 34];
        // Melds: 0 most of the time, else 1..2 pons or chis.
        let n_melds = match r.next(10) { 0..=5 => 0, 6..=8 => 1, _ => 2 };
        let mut mk = [0i32; 4];
        let mut mt = [0i32; 4];
        let mut ok = true;
        let mut groups = Vec::new();
        for g in 0..4 {
            // Sequences twice as often as triplets; honors only as triplets.
            let seq = r.next(3) != 0;
            let t = if seq { let s = r.next(3); s * 9 + r.next(7) } else { r.next(34) };
            groups.push((seq, t, g < n_melds));
        }
        let pair = r.next(34);
        let mut meld_counts = [0u8; 34];
        for &(seq, t, open) in &groups {
            let tgt = if open { &mut meld_counts } else { &mut counts };
            if seq { for k in 0..3 { tgt[(t + k) as usize] += 1; } } else { tgt[t as usize] += 3; }
        }
        counts[pair as usize] += 2;
        for k in 0..34 { if counts[k] + meld_counts[k] > 4 { ok = false; } }
        if !ok { continue; }
        for (j, &(seq, t, open)) in groups.iter().enumerate() {
            if open { mk[j] = if seq { 1 } else { 2 }; mt[j] = t as i32; }
        }
        let mut ids = Vec::new();
        for k in 0..34 {
            // Copy 0 of a five is red: start at copy 0 or 1 by chance (ids stay distinct).
            let off = if meld_counts[k] == 0 { r.next(2) as i32 } else { 1 };
            for i in 0..counts[k] { ids.push(k as i32 * 4 + (i as i32 + off) % 4); }
        }
        let w = ids[r.next(ids.len() as u32) as usize];
        while ids.len() < 14 { ids.push(-1); }
        c.hand.extend(&ids);
        c.win.push(w);
        c.meld_kind.extend(mk); c.meld_tile.extend(mt); c.meld_red.extend([0; 4]);
        let tsumo = r.next(3) == 0;
        let riichi = n_melds == 0 && r.next(2) == 0;
        c.flags.push(tsumo as i32 | (riichi as i32) << 1);
        let winner = r.next(4) as i32;
        let dealer = r.next(4) as i32;
        c.winner.push(winner); c.dealer.push(dealer);
        c.discarder.push((winner + 1 + r.next(3) as i32) % 4);
        c.pao.push(-1); c.round_wind.push(r.next(2) as i32);
        let mut d = [-1i32; 5]; d[0] = r.next(34) as i32;
        let mut u = [-1i32; 5]; u[0] = r.next(34) as i32;
        c.dora.extend(d); c.ura.extend(u);
        c.honba.push(r.next(3) as i32); c.riichi_sticks.push(r.next(2) as i32); c.kita.push(0); c.n_players.push(4);
    }
    c
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20000);
    let passes: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let v = generate(n);
    let cols = Columns {
        n, hand: &v.hand, win: &v.win, meld_kind: &v.meld_kind, meld_tile: &v.meld_tile, meld_red: &v.meld_red,
        flags: &v.flags, winner: &v.winner, dealer: &v.dealer, discarder: &v.discarder, pao: &v.pao,
        round_wind: &v.round_wind, dora: &v.dora, ura: &v.ura, honba: &v.honba, riichi_sticks: &v.riichi_sticks,
        kita: &v.kita, n_players: &v.n_players,
    };
    let rules = Rules::TENHOU;
    // Keep the rows that score (real batches are wins; error rows format messages).
    let keep: Vec<usize> = (0..n).filter(|&i| cols.row(i).and_then(|(h, w, c)| score(&h, w, &c, &rules)).is_ok()).collect();
    let (mut acc, mut ok, mut bad) = (0u64, 0usize, 0usize);
    for _ in 0..passes {
        for &i in &keep {
            match cols.row(i).and_then(|(h, w, c)| score(&h, w, &c, &rules)) {
                Ok(r) => { acc += r.pay.points as u64 + r.han as u64 * 7 + r.fu as u64 * 13; ok += 1; }
                Err(_) => bad += 1,
            }
        }
    }
    println!("rows {n} (wins {}) x{passes}: scored {ok}, errors {bad}, checksum {acc}", keep.len());
}
