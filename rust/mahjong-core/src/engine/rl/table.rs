//! One table of the RL environments: a match played decision by decision through the
//! fixed action space, the seats it does not hand out played by a built-in [`Bot`],
//! observations encoded from each seat's followed view, and rewards from the result.
//!
//! The walls come from the seed exactly as a `Match` with the same seed draws them,
//! so a table's match replays step for step in a `Match` (the tests do).

use super::actions::{action_name, Legal, N_ACTIONS};
use super::bot::Bot;
use super::features::OBS_LEN;
use super::public_planes::PublicPlanes;
use crate::engine::game::{final_result, Game, GameResult};
use crate::engine::round::{Action, Phase, Round};
use crate::engine::rules::EngineRules;
use crate::engine::scorer::ScorerJudge;
use crate::engine::view::{FollowedView, SeatView};
use crate::engine::wall::{Rng, Wall};
use crate::error::{Error, Result};
use crate::riichi::Rules;
use crate::tile::TileId;

/// Hands after which a match is ended where it stands (no rule set reaches it in
/// play; it bounds a step's work whatever the rules).
const MAX_HANDS: u32 = 64;

/// What a seat is paid when its match ends.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Reward {
    /// The match's final result (points against the return points, uma and oka of
    /// the match rules, in thousands), times `scale`.
    Results { scale: f32 },
    /// Points by final place (first to fourth; tied seats share their places' points
    /// under the rules' tie rule, by rank).
    Rank { points: [f32; 4] },
}

impl Default for Reward {
    fn default() -> Reward {
        Reward::Results { scale: 1.0 }
    }
}

/// Reward kinds, as the API names them.
pub const REWARD_KINDS: [&str; 2] = ["results", "rank"];

/// The rank points of `reward = "rank"` when none are given.
pub const DEFAULT_RANK_POINTS: [f32; 4] = [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0];

impl Reward {
    /// A reward from its API form: `kind` one of [`REWARD_KINDS`], every value times
    /// `scale`; `rank_points` (first to fourth) only with `"rank"`.
    pub fn parse(kind: &str, scale: f64, rank_points: Option<[f64; 4]>) -> Result<Reward> {
        if !scale.is_finite() {
            return Err(Error::InvalidArgument {
                name: "reward_scale",
                message: format!("reward_scale = {scale}: must be a finite number"),
            });
        }
        let points = rank_points.map(|p| p.map(|x| x as f32));
        if let Some(p) = rank_points {
            if p.iter().any(|x| !x.is_finite()) {
                return Err(Error::InvalidArgument {
                    name: "rank_points",
                    message: format!("rank_points = {p:?}: every value must be a finite number"),
                });
            }
        }
        match (kind, points) {
            ("results", None) => Ok(Reward::Results { scale: scale as f32 }),
            ("results", Some(_)) => Err(Error::InvalidArgument {
                name: "rank_points",
                message: "rank_points is read only with reward = \"rank\"".into(),
            }),
            ("rank", p) => Ok(Reward::Rank { points: p.unwrap_or(DEFAULT_RANK_POINTS).map(|x| x * scale as f32) }),
            _ => Err(Error::InvalidArgument {
                name: "reward",
                message: format!(
                    "reward {} is not a reward kind (allowed: {})",
                    crate::error::quoted(kind),
                    REWARD_KINDS.join(", ")
                ),
            }),
        }
    }

    /// Each seat's reward for `result` at a table of `players`.
    pub fn of(&self, result: &GameResult, players: u8) -> [f32; 4] {
        let mut r = [0f32; 4];
        for s in 0..players as usize {
            r[s] = match *self {
                Reward::Results { scale } => result.results[s] as f32 * scale,
                Reward::Rank { points } => points[(result.ranks[s].max(1) - 1) as usize & 3],
            };
        }
        r
    }
}

/// How a table is set up.
#[derive(Clone, Debug)]
pub struct TableConfig {
    pub rules: EngineRules,
    pub scoring: Rules,
    /// Seats played by `bot` (bit mask); the others are the caller's.
    pub bots: u8,
    pub bot: Bot,
    pub reward: Reward,
}

impl TableConfig {
    /// Refuse a set-up where the caller has no seat to play.
    pub fn check(&self) -> Result<()> {
        let seats = (1u8 << self.rules.players) - 1;
        if self.bots & seats == seats {
            return Err(Error::InvalidArgument {
                name: "bots",
                message: format!(
                    "bots = every seat: at least one of seats 0-{} must be left to the caller",
                    self.rules.players - 1
                ),
            });
        }
        Ok(())
    }
}

/// A match played through the action space.
#[derive(Clone, Debug)]
pub struct Table {
    pub config: TableConfig,
    /// Seed of the match in play (its walls).
    pub seed: u64,
    /// Matches started on this table (resets included).
    pub matches: u64,
    game: Game,
    round: Round,
    judge: ScorerJudge,
    rng: Rng,
    bot_rng: Rng,
    views: [FollowedView; 4],
    /// What the observations are written from.
    public: PublicPlanes,
    actions: Vec<Action>,
    legal: Legal,
    /// The seat to act (a caller's seat), `None` once the match is over.
    acting: Option<u8>,
    hands: u32,
    result: Option<GameResult>,
    rewards: [f32; 4],
    /// Decisions taken on this table, the bots' included.
    pub decisions: u64,
}

impl Table {
    pub fn new(config: TableConfig, seed: u64) -> Result<Table> {
        config.check()?;
        let mut rng = Rng::new(seed);
        let game = Game::new(config.rules.clone());
        let round = game.start_round(Wall::shuffled_for(&mut rng, config.rules.players), true);
        let mut t = Table {
            judge: ScorerJudge::new(config.scoring),
            config,
            seed,
            matches: 1,
            game,
            round,
            rng,
            bot_rng: Rng::new(seed ^ 0xb07_5eed),
            views: [0, 1, 2, 3].map(FollowedView::new),
            public: PublicPlanes::default(),
            actions: Vec::with_capacity(32),
            legal: Legal::default(),
            acting: None,
            hands: 1,
            result: None,
            rewards: [0.0; 4],
            decisions: 0,
        };
        t.advance();
        Ok(t)
    }

    /// Start a new match from `seed` (the memory of the last one is reused).
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.matches += 1;
        self.rng = Rng::new(seed);
        self.bot_rng = Rng::new(seed ^ 0xb07_5eed);
        self.game = Game::new(self.config.rules.clone());
        self.judge.wins.clear();
        self.judge.last = None;
        self.next_round(self.config.rules.players);
        self.hands = 1;
        self.result = None;
        self.rewards = [0.0; 4];
        self.views.iter_mut().for_each(FollowedView::restart);
        self.public.restart();
        self.advance();
    }

    pub fn players(&self) -> u8 {
        self.config.rules.players
    }

    /// The seat that must act now, `None` when the match is over.
    pub fn acting(&self) -> Option<u8> {
        self.acting
    }

    pub fn is_over(&self) -> bool {
        self.acting.is_none()
    }

    /// The acting seat's options (empty once the match is over).
    pub fn legal(&self) -> &Legal {
        &self.legal
    }

    /// The match result, once over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Each seat's reward: zero until the match is over.
    pub fn rewards(&self) -> [f32; 4] {
        self.rewards
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The engine action of `index` for the acting seat, or why it is refused
    /// (nothing changes).
    pub fn check(&self, index: i64) -> Result<Action> {
        let Some(seat) = self.acting else {
            return Err(Error::IllegalAction("action on a finished match: reset the table (the match is over)".into()));
        };
        if !(0..N_ACTIONS as i64).contains(&index) {
            return Err(Error::InvalidArgument {
                name: "action",
                message: format!("action {index} is out of range 0-{}", N_ACTIONS - 1),
            });
        }
        self.legal.get(index as usize).ok_or_else(|| {
            Error::IllegalAction(format!(
                "action {index} ({}) is not legal for seat {seat} now (legal: {})",
                action_name(index as usize).unwrap_or_default(),
                self.legal.listed()
            ))
        })
    }

    /// The index the table's bot would take for the acting seat now (what the
    /// single-agent environment plays in place of an illegal action); `None` once
    /// the match is over. Draws from the bots' random stream.
    pub fn bot_index(&mut self) -> Option<usize> {
        let seat = self.acting?;
        self.round.legal_actions(seat, &mut self.judge, &mut self.actions);
        let a = self.config.bot.choose(&self.round, seat, &self.actions, &mut self.bot_rng);
        let offer = self.offer();
        let i = super::actions::index_of(&a, offer);
        // The shared index of two discards means the tsumogiri one: either is legal.
        Some(i)
    }

    /// Take action `index` for the acting seat, then let the bots play until a
    /// caller's seat must act or the match ends. A refused action changes nothing.
    pub fn step(&mut self, index: i64) -> Result<()> {
        let a = self.check(index)?;
        let seat = self.acting.unwrap_or(0);
        self.apply(seat, a)?;
        self.advance();
        Ok(())
    }

    fn apply(&mut self, seat: u8, a: Action) -> Result<()> {
        self.round.apply(seat, a, &mut self.judge)?;
        self.decisions += 1;
        if let Phase::Ended(end) = &self.round.phase {
            let end = (**end).clone();
            self.game.end_round(&self.round, &end);
            if self.game.result.is_none() && self.hands >= MAX_HANDS {
                self.game.result = Some(final_result(&self.game.rules, self.game.scores, self.game.first_dealer));
            }
            if self.game.result.is_none() {
                let players = self.players();
                self.next_round(players);
                self.hands += 1;
                self.views.iter_mut().for_each(FollowedView::restart);
                self.public.restart();
            }
        }
        Ok(())
    }

    /// Deal the next hand, its events recorded into the last hand's buffer (a hand
    /// records about a hundred; growing a fresh one each hand cost reallocations).
    fn next_round(&mut self, players: u8) {
        let mut events = std::mem::take(&mut self.round.events);
        self.round = self.game.start_round(Wall::shuffled_for(&mut self.rng, players), true);
        events.clear();
        events.append(&mut self.round.events);
        self.round.events = events;
    }

    /// Find the next seat to act, playing the bots' seats on the way.
    fn advance(&mut self) {
        loop {
            if let Some(r) = &self.game.result {
                self.rewards = self.config.reward.of(r, self.players());
                self.result = Some(r.clone());
                self.acting = None;
                self.legal.clear();
                return;
            }
            let mask = self.round.to_act();
            let seat = mask.trailing_zeros() as u8;
            self.round.legal_actions(seat, &mut self.judge, &mut self.actions);
            if self.config.bots & (1 << seat) == 0 {
                let drawn = match self.round.phase {
                    Phase::Turn { drawn, .. } => drawn,
                    _ => None,
                };
                self.legal.fill(&self.actions, drawn, self.offer());
                self.acting = Some(seat);
                return;
            }
            let a = self.config.bot.choose(&self.round, seat, &self.actions, &mut self.bot_rng);
            if self.apply(seat, a).is_err() {
                // Listed actions are legal; should one be refused, the match ends
                // where it stands rather than loop.
                debug_assert!(false, "bot action {a:?} refused");
                self.game.result = Some(final_result(&self.game.rules, self.game.scores, self.game.first_dealer));
            }
        }
    }

    /// The tile on offer to claim now (public to every seat).
    pub fn offer(&self) -> Option<TileId> {
        match self.round.phase {
            Phase::Claim { tile, .. } => Some(tile),
            _ => None,
        }
    }

    /// The acting seat's legal indices into `out` (see [`Legal::write_indices`]).
    pub fn write_legal(&self, out: &mut [u8]) -> u8 {
        self.legal.write_indices(out)
    }

    /// `seat`'s view, brought up to date.
    pub fn view(&mut self, seat: u8) -> &SeatView {
        let f = &mut self.views[seat as usize & 3];
        f.update(&self.round);
        &f.view
    }

    /// Write `seat`'s observation (length [`OBS_LEN`]: the planes of
    /// [`super::features::encode`] on the seat's view, written from the table's
    /// public planes) and its mask (length [`N_ACTIONS`]; all zero unless the seat
    /// is the one to act).
    pub fn observe<T: Copy + From<bool>>(&mut self, seat: u8, obs: &mut [f32], mask: &mut [T]) {
        debug_assert_eq!(obs.len(), OBS_LEN);
        let offer = self.offer();
        self.public.update(&self.round);
        self.public.write(&self.round, seat, offer, obs);
        if self.acting == Some(seat) {
            self.legal.write_mask(mask);
        } else {
            mask.fill(T::from(false));
        }
    }
}
