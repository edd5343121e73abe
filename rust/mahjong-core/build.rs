//! Generates the per-suit tables that shanten and decomposition read at run time
//! (see `src/shanten/gen.rs` for what they hold) and writes them to OUT_DIR, where
//! `include_bytes!` embeds them in the library: nothing is computed at import.

#[path = "src/shanten/gen.rs"]
mod gen;

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src/shanten/gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));

    // Distance vectors, deduplicated into a palette; each suit hand stores a one-byte
    // class (there are about 200 distinct vectors).
    let mut palette: Vec<gen::Dist> = Vec::new();
    let mut ids: HashMap<gen::Dist, usize> = HashMap::new();
    let mut classify = |dists: Vec<gen::Dist>| -> Vec<u8> {
        let mut bytes = Vec::with_capacity(dists.len());
        for d in dists {
            let next = palette.len();
            let id = *ids.entry(d).or_insert_with(|| {
                palette.push(d);
                next
            });
            assert!(id < 256, "more than 256 distance classes");
            bytes.push(id as u8);
        }
        bytes
    };
    let suit = classify(gen::suit_dists(9, true));
    let honor = classify(gen::suit_dists(7, false));
    let mut pal = Vec::with_capacity(palette.len() * 16);
    for d in &palette {
        pal.extend_from_slice(&d[0]);
        pal.extend_from_slice(&d[1]);
    }
    // Padded to 256 classes (0xFF: an impossible shape) so that a one-byte class
    // indexes it without a bounds check.
    pal.resize(256 * 16, 0xFF);
    // Pairs of suits: the min-plus product of any two classes is one of a few hundred
    // vectors (328), so two suits' classes give a pair class (u16, a 256 x 256 table:
    // two one-byte classes index it without a bounds check), and the four suits are
    // one min-plus step between two pair vectors (see `shanten/table.rs`).
    assert!(palette.len() <= 256);
    let mut pair_pal: Vec<gen::Dist> = Vec::new();
    let mut pair_ids: HashMap<gen::Dist, usize> = HashMap::new();
    let mut pairs = vec![0u8; 2 * 256 * 256];
    for (a, da) in palette.iter().enumerate() {
        for (b, db) in palette.iter().enumerate() {
            // Lanes past MAX_SETS keep the generator's INF.
            let v = gen::min_plus(da, db, gen::MAX_SETS, gen::INF);
            let next = pair_pal.len();
            let id = *pair_ids.entry(v).or_insert_with(|| {
                pair_pal.push(v);
                next
            });
            assert!(id < PAIR_CLASSES, "more than {PAIR_CLASSES} pair classes");
            pairs[2 * (256 * a + b)..2 * (256 * a + b) + 2].copy_from_slice(&(id as u16).to_le_bytes());
        }
    }
    // Per pair class: its vector complemented, [255 - d0 | 255 - d1]; and per set
    // count n, the vector reversed against n, [d1[n-i] | d0[n-i]] with 0xFF past n.
    // Padded to PAIR_CLASSES (a class masked to 9 bits is always in range).
    let mut comp = Vec::with_capacity(PAIR_CLASSES * 16);
    let mut rev = Vec::with_capacity(PAIR_CLASSES * 6 * 16);
    for d in &pair_pal {
        comp.extend(d[0].iter().chain(d[1].iter()).map(|&x| 255 - x));
        for n in 0..6 {
            let mut v = [0xFFu8; 16];
            for i in 0..=n {
                v[i] = d[1][n - i];
                v[8 + i] = d[0][n - i];
            }
            rev.extend_from_slice(&v);
        }
    }
    comp.resize(PAIR_CLASSES * 16, 0);
    rev.resize(PAIR_CLASSES * 6 * 16, 0xFF);
    write(&out, "pair_class.bin", &pairs);
    write(&out, "pair_comp.bin", &comp);
    write(&out, "pair_rev.bin", &rev);
    // Number suits in two levels: the first six kinds (5^6 codes) map to one of
    // ~1,850 prefix states (u16), and a state with the last three kinds (125 codes)
    // gives the class: the answers of a 2 MB direct table in 0.26 MB (measured at the
    // same speed), leaving the caches to the caller's data.
    const LO: usize = 15625;
    const HI: usize = 125;
    let mut states: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut first = Vec::with_capacity(LO * 2);
    let mut second: Vec<u8> = Vec::new();
    for lo in 0..LO {
        let row: Vec<u8> = (0..HI).map(|hi| suit[lo + LO * hi]).collect();
        let next = states.len();
        let id = *states.entry(row.clone()).or_insert_with(|| {
            second.extend_from_slice(&row);
            next
        });
        assert!(id < u16::MAX as usize, "too many prefix states");
        first.extend_from_slice(&(id as u16).to_le_bytes());
    }
    // Padded to 2^14 codes: a code masked to 14 bits needs no bounds check.
    first.resize(2 << 14, 0);
    write(&out, "suit_prefix.bin", &first);
    write(&out, "suit_state.bin", &second);
    write(&out, "honor_class.bin", &honor);
    write(&out, "palette.bin", &pal);

    let splits = gen::suit_splits();
    let (mut keys, mut offsets, mut data) = (Vec::new(), Vec::new(), Vec::new());
    let mut at = 0u32;
    for (code, list) in &splits {
        keys.extend_from_slice(&code.to_le_bytes());
        offsets.extend_from_slice(&at.to_le_bytes());
        for s in list {
            data.extend_from_slice(&s.to_le_bytes());
        }
        at += list.len() as u32;
    }
    offsets.extend_from_slice(&at.to_le_bytes());
    write(&out, "split_keys.bin", &keys);
    write(&out, "split_offsets.bin", &offsets);
    write(&out, "split_data.bin", &data);
}

/// Pair classes the tables have room for (`shanten/table.rs` masks a class to 9 bits).
const PAIR_CLASSES: usize = 512;

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) {
    if let Err(e) = fs::write(dir.join(name), bytes) {
        panic!("cannot write {name}: {e}");
    }
}
