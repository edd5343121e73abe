//! Shanghai (mahjong) solitaire, seed 000: 144 tiles on a stacked layout, remove
//! free matching pairs until the board is empty.
//!
//! - [`layout`]: positions on a half-tile grid (a tile covers x..x+2, y..y+2 on its
//!   layer) and their validation; [`layouts`] holds the five built-in boards and
//!   [`formats`] reads and writes the files other programs use.
//! - [`face`]: the 42 faces (34 kinds, 4 plants, 4 seasons) and their 36 matching groups.
//! - [`board`]: the free-tile rule as precomputed bit masks ([`board::Geometry`]) and a
//!   playable [`board::Board`].
//! - [`batch`]: the columns of the survey and solve-many batches.
//! - [`solver`]: the exhaustive solver; [`generate`]: solvable deals, shuffle, hint,
//!   surveys, atlas rows and rated deals; [`players`]: simple players (random,
//!   greedy, careful) for difficulty; [`scoring`]: the seed's four scoring variants.

pub mod batch;
pub mod bits;
pub mod board;
pub mod face;
pub mod formats;
pub mod generate;
pub mod layout;
pub mod layouts;
pub mod players;
pub mod rng;
pub mod scoring;
pub mod solver;

pub use bits::Bits;
pub use board::{Board, Geometry};
pub use face::Face;
pub use layout::{Layout, Pos};
pub use solver::{Proof, SolveLimits, SolveResult, Solver, Verdict};
