use super::*;
use crate::decompose::reference::for_each_decomposition_recursive;
use crate::tile::{counts_of, parse_mpsz};
use crate::{Hand, Meld, MeldKind};

fn c(s: &str) -> Counts {
    counts_of(&parse_mpsz(s).unwrap()).unwrap().0
}

use crate::test_rng::Rng;

/// `n` tiles drawn from a 136-tile wall, as counts. `narrow` draws from one suit and
/// honors only, where dense shapes (and 4-copy edge cases) are common.
fn draw_hand(rng: &mut Rng, n: usize, narrow: bool) -> Counts {
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).filter(|&k| !narrow || !(9..27).contains(&k)).collect();
    let mut out = [0u8; 34];
    for i in 0..n {
        let j = i + (rng.next() as usize) % (wall.len() - i);
        wall.swap(i, j);
        out[wall[i]] += 1;
    }
    out
}

fn complete_by_search(counts: &Counts) -> bool {
    for_each_decomposition_recursive(counts, |_| {}) > 0
}

#[test]
fn known_hands() {
    assert_eq!(standard_shanten(&c("123m456p789s1122z"), 4), 0);
    assert_eq!(standard_shanten(&c("123m456p789s11222z"), 4), -1);
    assert_eq!(shanten(&c("1122m3344p5566s7z"), 4), 0);
    assert_eq!(shanten(&c("19m19p19s1234567z"), 4), 0);
    assert_eq!(shanten(&c("19m19p19s12345677z"), 4), -1);
    assert_eq!(kokushi_shanten(&c("19m19p19s1234567z")), 0);
    // Four copies are one pair for chiitoitsu.
    assert_eq!(chiitoitsu_shanten(&c("1111m2233p4455s6z")), 2);
    // No fifth 1m: 1111m + three sets is not tenpai on a 1m tanki.
    assert_eq!(standard_shanten(&c("1111m234p567p789s"), 4), 1);
    assert_eq!(waits(&c("1111m234p567p789s"), 4), 0);
    // 1112m: waits 2m (pair 22 + 111) and 3m (111 + 23? no: 123 + 11) -> 2m 3m.
    let w: Vec<String> = tiles_of_mask(waits(&c("1112m456p789s123s"), 4)).map(|t| t.to_string()).collect();
    assert_eq!(w, vec!["2m", "3m"]);
    // Empty sets to make: a pair is complete, one tile is tenpai.
    assert_eq!(standard_shanten(&c("55z"), 0), -1);
    assert_eq!(standard_shanten(&c("5z"), 0), 0);
    // Taiwan: 5 sets.
    assert_eq!(standard_shanten(&c("123456789m123p45s11z"), 5), 0);
    assert_eq!(standard_shanten(&c("123456789m123p456s11z"), 5), -1);
    assert_eq!(standard_shanten(&c("1111222233334m"), 4), 0);
}

#[test]
fn melded_copies_are_honored() {
    let p = |s| parse_mpsz(s).unwrap();
    let pon = Meld::new(MeldKind::Pon, &p("111z"), None, None).unwrap();
    let hand = Hand::new(&p("1z234p567p789s"), &[pon], 4).unwrap();
    let shape = Shape::of_hand(&hand, 4);
    // Tanki on the fourth East: no copy left to win on.
    assert_eq!(standard_shanten(&hand.concealed, 3), 0);
    assert_eq!(shape.shanten(&hand.concealed), 1);
    assert_eq!(shape.waits(&hand.concealed), 0);
    let pon5 = Meld::new(MeldKind::Pon, &p("555m"), None, None).unwrap();
    let hand = Hand::new(&p("46m234p567p11s"), &[pon5], 4).unwrap();
    // 46m waits on 5m, of which one copy is left: still a wait.
    assert_eq!(Shape::of_hand(&hand, 4).waits(&hand.concealed), 1 << 4);
    let kan5 = Meld::new(MeldKind::Daiminkan, &p("5555m"), None, None).unwrap();
    let hand = Hand::new(&p("46m234p567p11s"), &[kan5], 4).unwrap();
    assert_eq!(Shape::of_hand(&hand, 4).waits(&hand.concealed), 0);
    assert_eq!(Shape::of_hand(&hand, 4).shanten(&hand.concealed), 1);
}

/// agari <=> a split exists; tenpai <=> some drawable tile completes; 1-shanten <=>
/// not tenpai and some draw + discard reaches tenpai. Checked against the recursive
/// splitter, not the tables.
#[test]
fn matches_search_definition() {
    let mut rng = Rng(0x9E3779B97F4A7C15);
    for round in 0..3000 {
        let narrow = round % 2 == 0;
        let n_sets = [1usize, 2, 3, 4, 4, 5][round % 6];
        let h = draw_hand(&mut rng, 3 * n_sets + 1, narrow);
        let s = standard_shanten(&h, n_sets);
        let drawable = |h: &Counts, k: usize| h[k] < 4;
        let mut tenpai = false;
        let mut x = h;
        for k in 0..34 {
            if drawable(&h, k) {
                x[k] += 1;
                let agari = complete_by_search(&x);
                assert_eq!(agari, standard_shanten(&x, n_sets) == -1, "{}", format_counts(&x));
                tenpai |= agari;
                x[k] -= 1;
            }
        }
        assert_eq!(tenpai, s == 0, "tenpai of {}", format_counts(&h));
        if s >= 1 && round % 10 == 0 {
            // One step: draw t, discard u, reach tenpai?
            let mut one = false;
            'outer: for t in 0..34 {
                if !drawable(&h, t) {
                    continue;
                }
                x[t] += 1;
                for u in 0..34 {
                    if x[u] == 0 || u == t {
                        continue;
                    }
                    x[u] -= 1;
                    let ok = standard_shanten(&x, n_sets) == 0;
                    x[u] += 1;
                    if ok {
                        one = true;
                        break 'outer;
                    }
                }
                x[t] -= 1;
            }
            assert_eq!(one, s == 1, "1-shanten of {}", format_counts(&h));
        }
    }
}

#[test]
fn one_draw_changes_by_at_most_one() {
    let mut rng = Rng(12345);
    for round in 0..20000 {
        let n_sets = 1 + round % 5;
        let h = draw_hand(&mut rng, 3 * n_sets + 1, round % 3 == 0);
        let s = shanten(&h, n_sets);
        for k in 0..34 {
            if h[k] < 4 {
                let mut x = h;
                x[k] += 1;
                let t = shanten(&x, n_sets);
                assert!(t == s || t == s - 1, "{} -> {}", format_counts(&h), format_counts(&x));
            }
        }
    }
}

#[test]
fn dp_path_equals_tables_without_melds() {
    let mut rng = Rng(777);
    let cap = [4u8; 9];
    for round in 0..2000 {
        let h = draw_hand(&mut rng, 14, round % 2 == 0);
        let mut s = table::suits(&h);
        for (suit, base) in [(0usize, 0usize), (1, 9), (2, 18)] {
            s[suit] = dp::suit_dist(&h[base..base + 9], &cap, true, 4);
        }
        s[3] = dp::suit_dist(&h[27..34], &cap[..7], false, 4);
        assert_eq!(table::distance(&s, 4) as i8 - 1, standard_shanten(&h, 4));
    }
}

#[test]
fn discards_and_ukeire() {
    let h = c("123m456p789s1122z3z");
    let d = discard_options(&h, 4, &[0; 34]);
    let best: Vec<_> = d.as_slice().iter().filter(|o| o.shanten == 0).map(|o| o.tile.to_string()).collect();
    assert_eq!(best, vec!["3z"]);
    let three = d.as_slice().iter().find(|o| o.tile.to_string() == "3z").unwrap();
    assert_eq!(three.ukeire.count, 4);
    let mut seen = [0u8; 34];
    seen[27] = 2;
    assert_eq!(ukeire(&c("123m456p789s1122z"), 4, &seen).count, 2);
    assert!(check_counts(&c("123m"), 4).is_err());
    assert!(check_counts(&c("123m456p789s1122z"), 4).is_ok());
}

/// The SIMD combination equals the scalar min-plus product on random hands of every
/// size and every set count.
#[test]
fn simd_equals_scalar() {
    let mut rng = Rng(4242);
    for round in 0..50000 {
        let n = 1 + round % 17;
        let h = draw_hand(&mut rng, n, round % 4 == 0);
        for n_sets in 0..=5 {
            assert_eq!(
                table::standard_distance(&h, n_sets),
                table::distance(&table::suits(&h), n_sets),
                "{} n_sets={n_sets}",
                format_counts(&h)
            );
        }
    }
}

/// Counts above 4 read as 4 in the checked entry, whichever kind and suit holds them
/// (the packed base-5 digits would carry between kinds otherwise).
#[test]
fn counts_above_four_read_as_four() {
    let mut rng = Rng(7);
    for round in 0..5000 {
        let mut h = draw_hand(&mut rng, 1 + round % 14, false);
        let k = (rng.next() % 34) as usize;
        h[k] = [5, 9, 200, 255][round % 4];
        let four = h.map(|x| x.min(4));
        for n_sets in 0..=5 {
            assert_eq!(standard_shanten(&h, n_sets), standard_shanten(&four, n_sets), "{h:?}");
            assert_eq!(table::valid_distance(&four, n_sets), table::standard_distance(&four, n_sets));
        }
    }
}

/// The one-pass special-form counts equal plain loops.
#[test]
fn special_forms_match_loops() {
    let mut rng = Rng(99);
    for round in 0..20000 {
        let h = draw_hand(&mut rng, 13 + round % 2, round % 3 == 0);
        let pairs = h.iter().filter(|&&c| c >= 2).count() as i8;
        let kinds = h.iter().filter(|&&c| c >= 1).count() as i8;
        assert_eq!(chiitoitsu_shanten(&h), 6 - pairs + (7 - kinds).max(0));
        let yk = crate::decompose::YAOCHUU.iter().filter(|&&k| h[k] >= 1).count() as i8;
        let yp = crate::decompose::YAOCHUU.iter().any(|&k| h[k] >= 2) as i8;
        assert_eq!(kokushi_shanten(&h), 13 - yk - yp);
        assert_eq!(tile_count(&h), 13 + round % 2);
    }
}

/// The byte-by-byte mpsz reader gives the general parser's counts, or defers to it:
/// on random text over the parser's ASCII alphabet (digits, suit letters, separators,
/// with now and then another character), on every hand written out in full, and
/// on the faults it must leave to the general parser.
#[test]
fn ascii_mpsz_reader_equals_general_parser() {
    use super::batch::{ascii_counts, counts_of_text};
    // counts_of refuses a fifth copy and a second red five of a suit.
    let general = |t: &str| Some(counts_of(&parse_mpsz(t).ok()?).ok()?.0);
    let alphabet = b"01234567899mmppsszz  ,_\t\nx";
    let mut rng = Rng(2026);
    for round in 0..200_000 {
        let len = rng.below(1 + (round % 40) as u64) as usize;
        let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char).collect();
        let fast = ascii_counts(text.as_bytes());
        let want = general(&text);
        if text.contains('x') {
            assert_eq!(fast, None, "{text:?}");
        } else {
            assert_eq!(fast, want, "{text:?}");
        }
        assert_eq!(counts_of_text(&text), want, "{text:?}");
    }
    for round in 0..20_000 {
        let h = draw_hand(&mut rng, 1 + round % 17, round % 4 == 0);
        let text = format_counts(&h);
        assert_eq!(ascii_counts(text.as_bytes()), Some(h), "{text}");
    }
    for (text, want) in [
        ("", Some([0u8; 34])),
        ("0m0p0s", Some(c("5m5p5s"))),
        ("1 2,3_4\t5\n6m", Some(c("123456m"))),
        ("00m", None),
        ("11111m", None),
        ("0z", None),
        ("8z", None),
        ("123", None),
        ("m", None),
        ("1m🀄", None),
    ] {
        assert_eq!(ascii_counts(text.as_bytes()), want, "{text:?}");
    }
    // A tile character is left to the general parser, which reads it.
    assert_eq!(counts_of_text("1m🀄"), general("1m🀄"));
    assert!(counts_of_text("1m🀄").is_some());
}

/// The SSSE3/SSE4.1 kernel gives the baseline's pair classes for every count pattern
/// of every suit (5^9 in each number suit, 5^7 honors, the other suits from a random
/// hand), and the baseline's distances on random hands of every size and set count
/// (counts above 4 too, where `standard_distance` reads them as 4).
#[cfg(target_arch = "x86_64")]
#[test]
fn kernel_equals_baseline() {
    use super::kernel;
    if !kernel::available() {
        eprintln!("no SSSE3/SSE4.1 here: the kernel is not run");
        return;
    }
    let mut rng = Rng(1919);
    for (base, len) in [(0usize, 9usize), (9, 9), (18, 9), (27, 7)] {
        let mut h = draw_hand(&mut rng, 8, false);
        for code in 0..5usize.pow(len as u32) {
            let mut c = code;
            for k in 0..len {
                h[base + k] = (c % 5) as u8;
                c /= 5;
            }
            // SAFETY: available() said the CPU has the instructions.
            let got = unsafe { kernel::pair_classes_of(&h) };
            assert_eq!(got, table::pair_classes(&h), "{}", format_counts(&h));
        }
    }
    for round in 0..50000 {
        let mut h = draw_hand(&mut rng, 1 + round % 17, round % 4 == 0);
        if round % 10 == 0 {
            h[(rng.next() % 34) as usize] = [5, 9, 200, 255][round % 4];
        }
        for n_sets in 0..=6 {
            // SAFETY: as above.
            let (s, v) = unsafe { (kernel::standard_distance(&h, n_sets), kernel::valid_distance(&h, n_sets)) };
            assert_eq!(s, table::baseline_standard_distance(&h, n_sets), "{h:?} n_sets={n_sets}");
            // valid_distance's answer is only defined on counts at most 4.
            if h.iter().all(|&c| c <= 4) {
                assert_eq!(v, table::baseline_valid_distance(&h, n_sets), "{h:?} n_sets={n_sets}");
            }
        }
    }
}
