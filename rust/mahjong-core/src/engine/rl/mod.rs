//! Reinforcement-learning environments over the riichi engine: a fixed action space
//! ([`actions`]), observation planes from a seat's view ([`features`], written
//! by a table from planes kept up to date: [`public_planes`]), built-in
//! opponents ([`bot`]), one table played decision by decision ([`table`]) and N
//! tables stepped in one call over flat arrays ([`vector`]). The Python AEC
//! (PettingZoo) and single-agent (Gymnasium) environments are thin layers over
//! [`table::Table`]; the vectorized one over [`vector::VecEnv`].

pub mod actions;
pub mod bot;
pub mod features;
pub mod public_planes;
pub mod table;
pub mod vector;

/// Integer arguments of the environments' API.
pub mod arg {
    use crate::args::IntArg;
    pub const ACTION: IntArg = IntArg::new("action", 0, super::actions::N_ACTIONS as i128 - 1);
    /// Seats played by the built-in bot, as a bit mask (seat 0 = 1).
    pub const BOTS: IntArg = IntArg::new("bots", 0, 15);
    /// Tables of a vectorized environment (each holds a match: a few kilobytes).
    pub const TABLES: IntArg = IntArg::new("n", 1, 1 << 20);
}

#[cfg(test)]
mod tests;
