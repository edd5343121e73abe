//! The built-in opponents of the RL environments: cheap, deterministic given the
//! table's random stream, and playing in the core (no Python per decision).
//!
//! - `random`: a uniformly random legal action (the benchmark policy).
//! - `greedy`: wins whenever it can (tsumo, ron), declares riichi when it can, never
//!   calls, and otherwise discards a tile that leaves its hand's shanten lowest (the
//!   first such tile in a random order, so it is not predictable by seat order).

use crate::engine::round::{Action, Round};
use crate::engine::wall::Rng;
use crate::error::{Error, Result};

/// Which built-in player takes the seats the learner does not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Bot {
    Random,
    #[default]
    Greedy,
}

/// Bot names, as the API takes them.
pub const BOT_NAMES: [&str; 2] = ["random", "greedy"];

impl Bot {
    pub fn from_name(name: &str) -> Result<Bot> {
        match name {
            "random" => Ok(Bot::Random),
            "greedy" => Ok(Bot::Greedy),
            _ => Err(Error::InvalidArgument {
                name: "bot",
                message: format!(
                    "bot {} is not a built-in player (allowed: {})",
                    crate::error::quoted(name),
                    BOT_NAMES.join(", ")
                ),
            }),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Greedy => "greedy",
        }
    }

    /// Choose one of `legal` (not empty) for `seat` in `round`.
    pub fn choose(self, round: &Round, seat: u8, legal: &[Action], rng: &mut Rng) -> Action {
        match self {
            Bot::Random => legal[rng.below(legal.len())],
            Bot::Greedy => greedy(round, seat, legal, rng),
        }
    }
}

fn greedy(round: &Round, seat: u8, legal: &[Action], rng: &mut Rng) -> Action {
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
        return *a;
    }
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Discard { riichi: true, .. })) {
        return *a;
    }
    let s = &round.seats[seat as usize];
    let sets = 4usize.saturating_sub(s.n_melds as usize);
    let start = rng.below(legal.len());
    let mut best: Option<(i8, Action)> = None;
    for i in 0..legal.len() {
        let a = legal[(start + i) % legal.len()];
        if let Action::Discard { tile, riichi: false } = a {
            let mut c = s.counts;
            c[tile.tile().index()] -= 1;
            let sh = crate::shanten::shanten(&c, sets);
            if best.is_none_or(|(b, _)| sh < b) {
                best = Some((sh, a));
            }
        }
    }
    best.map(|b| b.1).unwrap_or(legal[start])
}
