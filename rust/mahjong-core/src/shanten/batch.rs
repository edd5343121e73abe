//! Batch evaluation over many hands: rows are validated one by one (a bad row is
//! reported with its index and error, never sinking the batch) and evaluated in
//! parallel with rayon, in the current pool or a local one of a chosen size.

use super::query::sets_for_tiles;
use super::{check_counts, shanten, tile_count, Forms, Shape};
use crate::decompose::for_each_decomposition;
use crate::error::{Error, Result};
use crate::hand::Counts;
use crate::tile::{counts_of, parse_mpsz};
use rayon::prelude::*;

/// Shanten value written for a row that could not be evaluated.
pub const SHANTEN_ERROR: i8 = i8::MIN;
/// Decomposition count written for a row that could not be evaluated.
pub const COUNT_ERROR: i32 = -1;

/// A row that could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub row: usize,
    pub error: Error,
}

/// Rows per parallel task: large enough to amortize scheduling, small enough to
/// balance two to a few dozen cores.
const CHUNK: usize = 2048;

/// Run `f` in a local pool of `threads` threads, or in the global pool (all cores,
/// or RAYON_NUM_THREADS) when `None`.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    match threads {
        None => Ok(f()),
        Some(0) => Err(Error::InvalidRule("threads = 0: use None for every core, or a positive count".into())),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| Error::InvalidRule(format!("threads = {n}: cannot start the pool ({e})"))),
    }
}

/// Fill `out[i] = eval(i)` in parallel, writing `bad` and recording the error for
/// rows that fail. Errors come back sorted by row.
fn par_rows<T: Send + Sync + Copy>(out: &mut [T], bad: T, eval: impl Fn(usize) -> Result<T> + Sync) -> Vec<RowError> {
    let mut errors: Vec<RowError> = out
        .par_chunks_mut(CHUNK)
        .enumerate()
        .flat_map_iter(|(ci, chunk)| {
            let mut errs = Vec::new();
            for (j, slot) in chunk.iter_mut().enumerate() {
                let row = ci * CHUNK + j;
                match eval(row) {
                    Ok(v) => *slot = v,
                    Err(error) => {
                        *slot = bad;
                        errs.push(RowError { row, error });
                    }
                }
            }
            errs
        })
        .collect();
    errors.sort_by_key(|e| e.row);
    errors
}

/// Sets a row must make: given, or inferred from its tile count; counts checked.
#[inline]
fn row_sets(c: &Counts, n_sets: Option<usize>) -> Result<usize> {
    let n = match n_sets {
        Some(n) => n,
        None => sets_for_tiles(tile_count(c))?,
    };
    check_counts(c, n)?;
    Ok(n)
}

/// Where batch rows come from: flat counts (`N * 34` bytes) or mpsz strings.
pub enum Rows<'a, S: AsRef<str> + Sync> {
    Counts(&'a [u8]),
    Mpsz(&'a [S]),
}

impl<S: AsRef<str> + Sync> Rows<'_, S> {
    pub fn len(&self) -> usize {
        match self {
            Rows::Counts(b) => b.len() / 34,
            Rows::Mpsz(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[inline]
    fn get(&self, i: usize) -> Result<Counts> {
        match self {
            Rows::Counts(b) => {
                let mut c = [0u8; 34];
                c.copy_from_slice(&b[34 * i..34 * i + 34]);
                Ok(c)
            }
            Rows::Mpsz(v) => Ok(counts_of(&parse_mpsz(v[i].as_ref())?)?.0),
        }
    }
}

/// Shanten of every row (riichi forms for 13/14-tile rows, standard form otherwise;
/// see [`Forms::for_game`]).
pub fn shanten_rows<S: AsRef<str> + Sync>(rows: &Rows<'_, S>, n_sets: Option<usize>, out: &mut [i8]) -> Vec<RowError> {
    par_rows(out, SHANTEN_ERROR, |i| {
        let c = rows.get(i)?;
        let n = row_sets(&c, n_sets)?;
        Ok(shanten(&c, n))
    })
}

/// Is every row (3n + 2 tiles) a complete hand?
pub fn agari_rows<S: AsRef<str> + Sync>(rows: &Rows<'_, S>, n_sets: Option<usize>, out: &mut [bool]) -> Vec<RowError> {
    par_rows(out, false, |i| {
        let c = rows.get(i)?;
        let n = row_sets(&c, n_sets)?;
        complete_size(&c, n)?;
        Ok(Shape::closed(n, Forms::for_game(n)).shanten(&c) == -1)
    })
}

/// Readings of every row (3n + 2 tiles): standard splits, plus one each for seven
/// pairs and thirteen orphans where they apply (as `query::splits` lists them).
pub fn decomposition_count_rows<S: AsRef<str> + Sync>(rows: &Rows<'_, S>, n_sets: Option<usize>, out: &mut [i32]) -> Vec<RowError> {
    par_rows(out, COUNT_ERROR, |i| {
        let c = rows.get(i)?;
        let n = row_sets(&c, n_sets)?;
        complete_size(&c, n)?;
        let mut k = for_each_decomposition(&c, |_| {}) as i32;
        let forms = Forms::for_game(n);
        if tile_count(&c) == 14 {
            k += (forms.chiitoitsu && crate::decompose::is_chiitoitsu(&c)) as i32;
            k += (forms.kokushi && crate::decompose::is_kokushi(&c)) as i32;
        }
        Ok(k)
    })
}

fn complete_size(c: &Counts, n: usize) -> Result<()> {
    let t = tile_count(c);
    if t != 3 * n + 2 {
        return Err(Error::InvalidHand(format!("{}: {t} tiles; a complete hand of {n} sets holds {}", crate::tile::format_counts(c), 3 * n + 2)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_rows_are_reported_not_fatal() {
        let rows = ["123m456p789s1122z", "11111m", "123m", "12x", "19m19p19s12345677z"];
        let mut out = [0i8; 5];
        let errs = shanten_rows(&Rows::Mpsz(&rows), None, &mut out);
        assert_eq!(out[0], 0);
        assert_eq!(out[4], -1);
        assert_eq!(errs.iter().map(|e| e.row).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(errs[2].error.kind(), "TileParseError");
        assert!(out[1] == SHANTEN_ERROR && out[2] == SHANTEN_ERROR);
        let flat: Vec<u8> = (0..5000).flat_map(|i| {
            let mut c = [0u8; 34];
            c[i % 34] = 2;
            c
        }).collect();
        let mut agari = vec![false; 5000];
        assert!(with_threads(Some(2), || agari_rows(&Rows::<&str>::Counts(&flat), Some(0), &mut agari)).unwrap().is_empty());
        assert!(agari.iter().all(|&a| a));
    }
}
