//! Memory of the riichi batch's output columns, reused from one call to the next.
//!
//! Fresh memory for the 72 bytes per row of output costs the kernel a page fault and a
//! zero fill per page, about a tenth of the CPU time of a `score_many` call on NumPy
//! columns. So the columns of a call live in one block owned by a small Python object
//! (the arrays' base); when the last array of a call is gone, the block goes back to a
//! pool and the next call writes into it. The pool keeps at most [`POOL_BLOCKS`]
//! blocks of at most [`BLOCK_BYTES`] each; bigger blocks are freed as usual.

use mahjong_core::riichi::batch::{OutColumns, YAKU_WIDTH};
use numpy::ndarray::{ArrayView1, ArrayView2};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;

/// Blocks kept for reuse.
const POOL_BLOCKS: usize = 2;
/// Largest block kept (about 1.8 M rows).
const BLOCK_BYTES: usize = 128 << 20;
/// Output bytes per row.
const ROW_BYTES: usize = 2 + 7 * 2 + 2 * 4 + 4 * 4 + 2 * YAKU_WIDTH;

/// Every output column for up to `rows` rows (always initialized: a new block is
/// zeroed, which for large blocks costs no more than the page faults of fresh memory).
#[derive(Default)]
pub struct Block {
    rows: usize,
    error: Vec<i8>,
    limit: Vec<i8>,
    /// han, fu, yakuman, dora, ura, aka, kita.
    small: [Vec<i16>; 7],
    base: Vec<i32>,
    points: Vec<i32>,
    deltas: Vec<i32>,
    yaku: Vec<i8>,
    yaku_han: Vec<i8>,
}

impl Block {
    fn new(rows: usize) -> Block {
        Block {
            rows,
            error: vec![0; rows],
            limit: vec![0; rows],
            small: std::array::from_fn(|_| vec![0; rows]),
            base: vec![0; rows],
            points: vec![0; rows],
            deltas: vec![0; 4 * rows],
            yaku: vec![0; YAKU_WIDTH * rows],
            yaku_han: vec![0; YAKU_WIDTH * rows],
        }
    }

    /// A block for `n` rows: the smallest pooled one that fits (and is not more than
    /// four times too big), or a new one.
    pub fn take(n: usize) -> Block {
        if let Ok(mut pool) = POOL.lock() {
            let fits = pool
                .iter()
                .enumerate()
                .filter(|(_, b)| b.rows >= n && b.rows <= 4 * n.max(1024))
                .min_by_key(|(_, b)| b.rows);
            if let Some((k, _)) = fits {
                return pool.swap_remove(k);
            }
        }
        Block::new(n)
    }

    /// The first `n` rows of every column, as the core writes them.
    pub fn columns(&mut self, n: usize) -> Option<OutColumns<'_>> {
        let [han, fu, yakuman, dora, ura, aka, kita] = &mut self.small;
        Some(OutColumns {
            error: self.error.get_mut(..n)?,
            han: han.get_mut(..n)?,
            fu: fu.get_mut(..n)?,
            yakuman: yakuman.get_mut(..n)?,
            dora: dora.get_mut(..n)?,
            ura: ura.get_mut(..n)?,
            aka: aka.get_mut(..n)?,
            kita: kita.get_mut(..n)?,
            limit: self.limit.get_mut(..n)?,
            base: self.base.get_mut(..n)?,
            points: self.points.get_mut(..n)?,
            deltas: self.deltas.get_mut(..4 * n)?,
            yaku: self.yaku.get_mut(..YAKU_WIDTH * n)?,
            yaku_han: self.yaku_han.get_mut(..YAKU_WIDTH * n)?,
        })
    }

    /// Put the first `n` rows of every column into `d` as NumPy arrays over this
    /// block's memory, which an owner object keeps alive for as long as any of them.
    pub fn into_dict(self, d: &Bound<'_, PyDict>, n: usize) -> PyResult<()> {
        let py = d.py();
        let owner = Bound::new(py, OutputMemory { block: self })?;
        let b = &owner.get().block;
        let base = || owner.clone().into_any();
        let bad = too_small;
        one(d, "error", &b.error, n, base())?;
        for (name, v) in ["han", "fu", "yakuman", "dora", "ura", "aka", "kita"].into_iter().zip(&b.small) {
            one(d, name, v, n, base())?;
        }
        one(d, "limit", &b.limit, n, base())?;
        one(d, "base", &b.base, n, base())?;
        one(d, "points", &b.points, n, base())?;
        let deltas = ArrayView2::from_shape((n, 4), b.deltas.get(..4 * n).ok_or_else(bad)?).map_err(|_| bad())?;
        // SAFETY: as in `one`.
        d.set_item("deltas", unsafe { PyArray2::borrow_from_array(&deltas, base()) })?;
        for (name, v) in [("yaku", &b.yaku), ("yaku_han", &b.yaku_han)] {
            let view =
                ArrayView2::from_shape((n, YAKU_WIDTH), v.get(..YAKU_WIDTH * n).ok_or_else(bad)?).map_err(|_| bad())?;
            // SAFETY: as in `one`.
            d.set_item(name, unsafe { PyArray2::borrow_from_array(&view, base()) })?;
        }
        Ok(())
    }
}

fn too_small() -> PyErr {
    pyo3::exceptions::PyValueError::new_err("internal: output block too small")
}

/// The first `n` values of one column as a 1-D array over the block's memory.
fn one<T: numpy::Element>(
    d: &Bound<'_, PyDict>,
    name: &str,
    v: &[T],
    n: usize,
    base: Bound<'_, PyAny>,
) -> PyResult<()> {
    let view = ArrayView1::from(v.get(..n).ok_or_else(too_small)?);
    // SAFETY: the view's memory belongs to `base` (the block's owner), set as the
    // array's base (so it outlives the array) and never reallocated: blocks are only
    // moved whole.
    d.set_item(name, unsafe { PyArray1::borrow_from_array(&view, base) })
}

static POOL: Mutex<Vec<Block>> = Mutex::new(Vec::new());

/// The base object of the arrays `score_columns` returns: it owns their memory and
/// hands it back for reuse when the last of them is gone.
#[pyclass(module = "mahjong_fast._core", frozen)]
pub struct OutputMemory {
    block: Block,
}

impl Drop for OutputMemory {
    fn drop(&mut self) {
        let block = std::mem::take(&mut self.block);
        if block.rows == 0 || block.rows.saturating_mul(ROW_BYTES) > BLOCK_BYTES {
            return;
        }
        if let Ok(mut pool) = POOL.lock() {
            if pool.len() >= POOL_BLOCKS {
                // Keep the larger blocks: they serve every smaller batch.
                if let Some((k, _)) = pool.iter().enumerate().min_by_key(|(_, b)| b.rows) {
                    if pool[k].rows >= block.rows {
                        return;
                    }
                    pool.swap_remove(k);
                }
            }
            pool.push(block);
        }
    }
}
