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
    // Per class, the vectors the SIMD combination adds (see `shanten/table.rs`):
    // for each i, [d0[i] x8 | d1[i] x8] and [0xFF x8 | d0[i] x8] (32 bytes, 192 per
    // class); and per class and
    // set count n, the class reversed against n: [d1[n-i] | d0[n-i]], 0xFF past n.
    let mut sums = Vec::with_capacity(palette.len() * 6 * 32);
    let mut rev = Vec::with_capacity(palette.len() * 6 * 16);
    for d in &palette {
        for (&d0, &d1) in d[0].iter().zip(d[1].iter()).take(6) {
            sums.extend_from_slice(&[d0; 8]);
            sums.extend_from_slice(&[d1; 8]);
            sums.extend_from_slice(&[0xFF; 8]);
            sums.extend_from_slice(&[d0; 8]);
        }
        for n in 0..6 {
            let mut v = [0xFFu8; 16];
            for i in 0..=n {
                v[i] = d[1][n - i];
                v[8 + i] = d[0][n - i];
            }
            rev.extend_from_slice(&v);
        }
    }
    // Padded to 256 classes (0xFF: an impossible shape) so that a one-byte class
    // indexes them without a bounds check.
    assert!(palette.len() <= 256);
    pal.resize(256 * 16, 0xFF);
    sums.resize(256 * 6 * 32, 0xFF);
    rev.resize(256 * 6 * 16, 0xFF);
    write(&out, "class_sums.bin", &sums);
    write(&out, "class_rev.bin", &rev);
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

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) {
    if let Err(e) = fs::write(dir.join(name), bytes) {
        panic!("cannot write {name}: {e}");
    }
}
