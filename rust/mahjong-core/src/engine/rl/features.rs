//! Observation planes of the RL environments: what one seat may know, from its
//! [`SeatView`], as [`N_PLANES`] planes of 34 values (one per tile kind, 1m..9m,
//! 1p..9p, 1s..9s, E S W N P F C), `f32`, row-major `(plane, kind)`. Counts are
//! divided by 4 (so a plane of counts reads 0.25 per copy); a *flag* plane is all
//! ones or all zeros; a *scalar* plane holds one number in every column.
//!
//! Seats are relative to the observer: `self`, `next` (shimocha, who plays after it),
//! `across` (toimen) and `prev` (kamicha). With three players the `across` planes
//! stay zero (the third seat is `prev`), so one network reads both table sizes.
//! Every plane is named and described in [`PLANES`] (the binding exports it; the
//! Python module's documentation lists it).

use crate::engine::view::SeatView;
use crate::tile::TileId;

/// Relative seat names, in plane order.
pub const SEATS: [&str; 4] = ["self", "next", "across", "prev"];

/// Planes per relative seat (river, tsumogiri, recent, riichi tile, melds, riichi,
/// score, nuki, dealer).
const PER_SEAT: usize = 9;
/// Discards of a river that count as recent.
pub const RECENT: usize = 6;

/// Planes before the per-seat blocks.
const HEAD: usize = 7;
/// First plane after the per-seat blocks.
const TAIL: usize = HEAD + 4 * PER_SEAT;

/// Number of planes.
pub const N_PLANES: usize = TAIL + 10;
/// Values per observation.
pub const OBS_LEN: usize = N_PLANES * 34;

/// Per-seat plane names (prefix `<seat>_`) and what they hold.
const SEAT_PLANES: [(&str, &str); PER_SEAT] = [
    ("river", "counts of the kinds the seat discarded (called-away tiles included) / 4"),
    ("river_tsumogiri", "counts of its discards made straight from the draw / 4"),
    ("river_recent", "1 at the kinds among its last 6 discards"),
    ("riichi_tile", "1 at the kind of its riichi declaration tile"),
    ("melds", "counts of the kinds in its melds (open calls and closed kans) / 4"),
    ("riichi", "flag: the seat declared riichi"),
    ("score", "scalar: its score / 100,000"),
    ("nuki", "scalar: norths it set aside / 4 (three players)"),
    ("dealer", "flag: the seat is the dealer"),
];

/// Every plane's name and description, in order.
pub fn planes() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = vec![
        ("hand_1".into(), "1 at the kinds the seat holds at least one of (concealed, drawn tile included)".into()),
        ("hand_2".into(), "1 at the kinds it holds at least two of".into()),
        ("hand_3".into(), "1 at the kinds it holds at least three of".into()),
        ("hand_4".into(), "1 at the kinds it holds four of".into()),
        ("hand_red".into(), "1 at 5m / 5p / 5s when it holds that red five".into()),
        ("drawn".into(), "1 at the kind it just drew (its turn after a draw)".into()),
        ("offer".into(), "1 at the kind on offer to claim (a discard, an added kan, a north)".into()),
    ];
    for seat in SEATS {
        for (name, doc) in SEAT_PLANES {
            v.push((format!("{seat}_{name}"), doc.into()));
        }
    }
    let tail: [(&str, &str); 10] = [
        ("dora_indicators", "counts of the dora indicators shown / 4"),
        ("dora", "counts of the dora kinds they point to / 4"),
        ("visible", "counts of every copy the seat can see (own hand, rivers not called, melds, indicators) / 4"),
        ("round_wind", "1 at the round wind (27 + wind)"),
        ("seat_wind", "1 at the seat's wind (27 + wind)"),
        ("honba", "scalar: honba / 8"),
        ("sticks", "scalar: riichi sticks on the table / 8"),
        ("live_left", "scalar: live tiles left to draw / 70"),
        ("hand_number", "scalar: hands into the match (4 x round wind + hand number) / 16"),
        ("three_players", "flag: a three-player table"),
    ];
    v.extend(tail.iter().map(|(a, b)| (a.to_string(), b.to_string())));
    v
}

/// Writes the planes in order, each exactly once (no zero fill first: every plane
/// is a whole row of 34 from small per-kind tables, stored straight into the
/// caller's row; fixed-size rows let the compiler vectorize every one).
struct Writer<'a> {
    planes: &'a mut [[f32; 34]; N_PLANES],
    at: usize,
}

impl Writer<'_> {
    #[inline(always)]
    fn next(&mut self) -> &mut [f32; 34] {
        // `at` counts the planes written; `encode` writes exactly N_PLANES.
        let p = &mut self.planes[self.at % N_PLANES];
        self.at += 1;
        p
    }
    /// Counts / 4.
    #[inline(always)]
    fn counts(&mut self, c: &[u8; 34]) {
        let p = self.next();
        for k in 0..34 {
            p[k] = c[k] as f32 * 0.25;
        }
    }
    /// 1 where `c` is at least `min`.
    #[inline(always)]
    fn at_least(&mut self, c: &[u8; 34], min: u8) {
        let p = self.next();
        for k in 0..34 {
            p[k] = if c[k] >= min { 1.0 } else { 0.0 };
        }
    }
    /// 1 at kind `k`, if any.
    #[inline(always)]
    fn one_hot(&mut self, k: Option<usize>) {
        let p = self.next();
        *p = [0.0; 34];
        if let Some(k) = k {
            p[k % 34] = 1.0;
        }
    }
    #[inline(always)]
    fn scalar(&mut self, v: f32) {
        *self.next() = [v; 34];
    }
}

/// One seat's river and meld tables.
#[derive(Copy, Clone)]
struct SeatTables {
    river: [u8; 34],
    tsumogiri: [u8; 34],
    recent: [u8; 34],
    riichi_tile: Option<usize>,
    melds: [u8; 34],
}

/// Write `view`'s planes into `out` (length [`OBS_LEN`]); `offer` is the tile on
/// offer to claim, public to every seat.
pub fn encode(view: &SeatView, offer: Option<TileId>, out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        unsafe { encode_avx2(view, offer, out) };
        return;
    }
    encode_rows(view, offer, out)
}

/// [`encode_rows`] compiled for AVX2: eight floats a store instead of four, which
/// halves the cost of the 53 rows (the same values: only the instructions differ).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn encode_avx2(view: &SeatView, offer: Option<TileId>, out: &mut [f32]) {
    encode_rows(view, offer, out)
}

#[inline(always)]
fn encode_rows(view: &SeatView, offer: Option<TileId>, out: &mut [f32]) {
    let n = view.players.max(1) as usize;
    let mut hand = [0u8; 34];
    let mut red = [0u8; 34];
    for t in &view.hand {
        hand[t.tile().index()] += 1;
        if t.is_red() {
            red[t.tile().index()] = 1;
        }
    }
    let mut visible = hand;
    // Relative seat -> absolute seat; three players: nobody sits across.
    let mut seats: [Option<usize>; 4] = [None; 4];
    for (r, slot) in seats.iter_mut().enumerate() {
        let offset = match (n, r) {
            (3, 2) => continue,
            (3, 3) => 2,
            _ => r,
        };
        *slot = Some((view.seat as usize + offset) % n);
    }
    let blank = SeatTables { river: [0; 34], tsumogiri: [0; 34], recent: [0; 34], riichi_tile: None, melds: [0; 34] };
    let mut tables = [blank; 4];
    for (r, s) in seats.iter().enumerate() {
        let Some(s) = *s else { continue };
        let t = &mut tables[r];
        let river = &view.rivers[s];
        for (i, d) in river.iter().enumerate() {
            let k = d.tile.tile().index();
            t.river[k] += 1;
            t.tsumogiri[k] += d.tsumogiri as u8;
            if i + RECENT >= river.len() {
                t.recent[k] = 1;
            }
            if d.riichi {
                t.riichi_tile = Some(k);
            }
            visible[k] += !d.called as u8;
        }
        for m in &view.melds[s] {
            for x in m.tile_slice() {
                let k = x.tile().index();
                t.melds[k] += 1;
                visible[k] += 1;
            }
        }
    }
    // Norths set aside are public: they count as seen.
    visible[30] += view.nuki.iter().sum::<u8>();
    let mut indicators = [0u8; 34];
    let mut dora = [0u8; 34];
    for t in &view.dora_indicators {
        indicators[t.tile().index()] += 1;
        dora[t.tile().dora_from_indicator().index()] += 1;
        visible[t.tile().index()] += 1;
    }
    for v in visible.iter_mut() {
        *v = (*v).min(4);
    }

    // The row as planes (callers pass exactly OBS_LEN values; a shorter row is left
    // as it is).
    let Some(row) = out.get_mut(..OBS_LEN) else {
        debug_assert!(false, "an observation row holds {OBS_LEN} values");
        return;
    };
    let Ok(planes) = <&mut [[f32; 34]; N_PLANES]>::try_from(row.as_chunks_mut::<34>().0) else {
        return;
    };
    let mut w = Writer { planes, at: 0 };
    for level in 1..=4 {
        w.at_least(&hand, level);
    }
    w.at_least(&red, 1);
    w.one_hot(view.drawn.map(|t| t.tile().index()));
    w.one_hot(offer.map(|t| t.tile().index()));
    for (r, s) in seats.iter().enumerate() {
        let t = &tables[r];
        w.counts(&t.river);
        w.counts(&t.tsumogiri);
        w.at_least(&t.recent, 1);
        w.one_hot(t.riichi_tile);
        w.counts(&t.melds);
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        match *s {
            Some(s) => {
                w.scalar(flag(view.riichi[s]));
                w.scalar(view.scores[s] as f32 / 100_000.0);
                w.scalar(view.nuki[s] as f32 / 4.0);
                w.scalar(flag(view.dealer as usize == s));
            }
            None => (0..4).for_each(|_| w.scalar(0.0)),
        }
    }
    w.counts(&indicators);
    w.counts(&dora);
    w.counts(&visible);
    w.one_hot(Some(27 + (view.round_wind as usize & 3)));
    w.one_hot(Some(27 + (view.seat as usize + n - view.dealer as usize) % n));
    w.scalar(view.honba as f32 / 8.0);
    w.scalar(view.sticks as f32 / 8.0);
    w.scalar(view.live_left as f32 / 70.0);
    w.scalar((4 * view.round_wind as usize + view.number as usize) as f32 / 16.0);
    w.scalar(if n == 3 { 1.0 } else { 0.0 });
    debug_assert_eq!(w.at, N_PLANES);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plane_list_matches_the_layout() {
        let p = planes();
        assert_eq!(p.len(), N_PLANES);
        assert_eq!(p[HEAD].0, "self_river");
        assert_eq!(p[HEAD + PER_SEAT].0, "next_river");
        assert_eq!(p[TAIL].0, "dora_indicators");
        assert_eq!(p[N_PLANES - 1].0, "three_players");
    }
}
