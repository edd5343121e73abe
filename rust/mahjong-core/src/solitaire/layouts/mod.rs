//! The five built-in layouts the seed names, each of 144 slots, designed for this
//! project from the seed's descriptions (shapes described in each file).

mod bridge;
mod fortress;
mod pyramid;
mod spider;
mod turtle;

use super::layout::{Layout, Pos};
use crate::error::{Error, Result};

/// Names of the built-in layouts, Turtle first (the default).
pub const NAMES: [&str; 5] = ["turtle", "pyramid", "fortress", "bridge", "spider"];

/// A built-in layout by name (case-insensitive; "dragon" is the Turtle's other name).
pub fn builtin(name: &str) -> Result<Layout> {
    let lower = name.trim().to_ascii_lowercase();
    let slots = match lower.as_str() {
        "turtle" | "dragon" => turtle::slots(),
        "pyramid" => pyramid::slots(),
        "fortress" => fortress::slots(),
        "bridge" => bridge::slots(),
        "spider" => spider::slots(),
        _ => return Err(Error::Layout(format!("unknown layout {name:?}; built-in layouts are {}", NAMES.join(", ")))),
    };
    let canonical = if lower == "dragon" { "turtle" } else { lower.as_str() };
    Layout::new(canonical, slots)
}

/// `cols` by `rows` tiles edge to edge from `(x0, y0)` on layer `z`.
pub(crate) fn rect(out: &mut Vec<Pos>, x0: u16, y0: u16, cols: u16, rows: u16, z: u8) {
    for j in 0..rows {
        for i in 0..cols {
            out.push(Pos::new(x0 + 2 * i, y0 + 2 * j, z));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn every_builtin_has_144_slots_resting_on_something() {
        for name in NAMES {
            let l = builtin(name).unwrap();
            assert_eq!(l.len(), 144, "{name}");
            for p in l.positions() {
                if p.z > 0 {
                    assert!(
                        l.positions().iter().any(|q| q.z + 1 == p.z && q.overlaps_xy(p)),
                        "{name}: slot {p:?} floats"
                    );
                }
            }
        }
        assert!(builtin("nope").is_err());
        assert_eq!(builtin("Dragon").unwrap().name(), "turtle");
    }
    #[test]
    fn turtle_layers() {
        let l = builtin("turtle").unwrap();
        let per: Vec<usize> = (0..5).map(|z| l.positions().iter().filter(|p| p.z == z).count()).collect();
        assert_eq!(per, vec![87, 36, 16, 4, 1]);
    }
}
