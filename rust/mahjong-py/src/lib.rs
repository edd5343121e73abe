//! `mahjong_fast._core`: the PyO3 layer. It only converts Python values to core types
//! and maps errors; every rule lives in `mahjong-core`.

// Large blocks as fresh pages: each archive row's bzip2 decoder asks for a zeroed
// 3.6 MB table (mahjong_core::big_alloc says why).
#[global_allocator]
static ALLOC: mahjong_core::big_alloc::BigZeroAlloc = mahjong_core::big_alloc::BigZeroAlloc;

mod args;
mod batch;
mod convert;
mod detach;
mod engine;
mod engine_view;
mod errors;
mod fastcall;
mod json;
mod log_archive;
mod log_input;
mod log_tables;
mod riichi;
mod riichi_call;
mod riichi_out;
mod rl_env;
mod rules;
mod shanten;
mod solitaire;
mod taiwan;
mod tiles;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    batch::register(m)?;
    tiles::register(m)?;
    engine::register(m)?;
    log_archive::register(m)?;
    log_tables::register(m)?;
    rules::register(m)?;
    rl_env::register(m)?;
    riichi::register(m)?;
    shanten::register(m)?;
    taiwan::register(m)?;
    solitaire::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
