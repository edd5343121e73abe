//! Batch input columns dumped as raw little-endian int32 files, one `<name>.bin` per
//! column: what the profiling examples read. To dump the bench's generated mix, from
//! the repository root with the package installed:
//! `python -c "import sys; sys.path[:0] = ['benches', 'tests']; import bench_scoring as b;
//! [v.astype('<i4').tofile(f'/tmp/cols/{k}.bin') for k, v in b.batch_columns(b.make_wins(2000), 10).items()]"`
//! (after `mkdir -p /tmp/cols`).
#![allow(dead_code)] // each example uses part of it

use mahjong_core::riichi::batch::Columns;

/// Column names in the order of [`Columns`]' fields.
pub const NAMES: [&str; 18] = [
    "hand",
    "win",
    "meld_kind",
    "meld_tile",
    "meld_red",
    "flags",
    "winner",
    "dealer",
    "discarder",
    "pao",
    "round_wind",
    "dora",
    "ura",
    "honba",
    "riichi_sticks",
    "kita",
    "n_players",
    "dealer_wins",
];

/// Every column of a dump folder (a missing file reads as an empty column).
pub struct Dump(Vec<Vec<i32>>);

impl Dump {
    pub fn load(dir: &str) -> Dump {
        let mut cols: Vec<Vec<i32>> = NAMES.iter().map(|name| read(dir, name)).collect();
        // Dumps made before the column existed: no dealer had won before.
        if cols[17].is_empty() {
            cols[17] = vec![0; cols[1].len()];
        }
        Dump(cols)
    }

    /// The columns borrowed as the batch scorer takes them.
    pub fn columns(&self) -> Columns<'_> {
        let v = &self.0;
        Columns {
            n: v[1].len(),
            hand: &v[0],
            win: &v[1],
            meld_kind: &v[2],
            meld_tile: &v[3],
            meld_red: &v[4],
            flags: &v[5],
            winner: &v[6],
            dealer: &v[7],
            discarder: &v[8],
            pao: &v[9],
            round_wind: &v[10],
            dora: &v[11],
            ura: &v[12],
            honba: &v[13],
            riichi_sticks: &v[14],
            kita: &v[15],
            n_players: &v[16],
            dealer_wins: &v[17],
        }
    }
}

fn read(dir: &str, name: &str) -> Vec<i32> {
    let bytes = std::fs::read(format!("{dir}/{name}.bin")).unwrap_or_default();
    bytes.chunks_exact(4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}
