//! Simple players, for how hard a deal is to a person and for the atlas: each
//! picks one legal pair per move until the board is won or stuck.
//!
//! - [`Player::Random`]: a uniformly chosen legal pair.
//! - [`Player::Greedy`]: the pair that frees the most tiles now (ties at random).
//! - [`Player::Careful`]: avoids blocking. A group whose remaining tiles are all
//!   free goes at once; a pair is never taken when it leaves two tiles of its group
//!   with one lying (directly or through others) on the other, which no play could
//!   ever pair; otherwise greedy.

use super::bits::Bits;
use super::board::Geometry;
use super::face::{Face, N_GROUPS};
use super::rng::Rng;
use crate::error::{Error, Result};

/// A simple player.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Player {
    Random,
    Greedy,
    Careful,
}

impl Player {
    pub const ALL: [Player; 3] = [Player::Random, Player::Greedy, Player::Careful];

    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Careful => "careful",
        }
    }

    pub fn parse(s: &str) -> Result<Player> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "careful" | "nonblocking" | "non-blocking" => Ok(Player::Careful),
            _ => Err(Error::Layout(format!("unknown player {s:?}; players are random, greedy, careful"))),
        }
    }
}

/// Plays `present` of a deal to the end: true when the board is cleared.
pub fn play(geo: &Geometry, faces: &[Face], present: Bits, player: Player, rng: &mut Rng) -> bool {
    let mut group_mask = [Bits::EMPTY; N_GROUPS];
    present.for_each(|i| group_mask[faces[i].group() as usize].insert(i));
    let mut p = present;
    let mut free = geo.free_set(p);
    let mut moves: Vec<(usize, usize)> = Vec::with_capacity(64);
    let mut best: Vec<(usize, usize)> = Vec::with_capacity(16);
    loop {
        if p.is_empty() {
            return true;
        }
        if player == Player::Careful {
            // Whole groups that are all free leave at once.
            let mut removed = Bits::EMPTY;
            for m in &group_mask {
                let rem = p.and(*m);
                if !rem.is_empty() && free.and(rem) == rem {
                    removed = removed.or(rem);
                }
            }
            if !removed.is_empty() {
                p = p.minus(removed);
                free = geo.refresh_free(free, p, removed);
                continue;
            }
        }
        moves.clear();
        for m in &group_mask {
            let fr = free.and(*m);
            if !fr.at_least_two() {
                continue;
            }
            let mut it = fr.iter();
            while let Some(a) = it.next() {
                for b in it.clone() {
                    moves.push((a, b));
                }
            }
        }
        if moves.is_empty() {
            return false;
        }
        let (a, b) = match player {
            Player::Random => moves[rng.below(moves.len())],
            Player::Greedy | Player::Careful => {
                let mut top = i32::MIN;
                best.clear();
                for &(a, b) in &moves {
                    let mut next = p;
                    next.remove(a);
                    next.remove(b);
                    let cand = geo.touch[a].or(geo.touch[b]).and(next).minus(free);
                    let mut sc = cand.iter().filter(|&t| geo.is_free(t, &next)).count() as i32;
                    if player == Player::Careful {
                        let rest = next.and(group_mask[faces[a].group() as usize]);
                        let mut it = rest.iter();
                        if let (Some(x), Some(y), None) = (it.next(), it.next(), it.next()) {
                            if geo.above_star[x].has(y) || geo.above_star[y].has(x) {
                                sc -= 1000;
                            }
                        }
                    }
                    if sc > top {
                        top = sc;
                        best.clear();
                    }
                    if sc == top {
                        best.push((a, b));
                    }
                }
                best[rng.below(best.len())]
            }
        };
        p.remove(a);
        p.remove(b);
        free = geo.refresh_free(free, p, Bits::single(a).or(Bits::single(b)));
    }
}

/// Wins of `playouts` games of `player` from `present` (game `k` seeded by
/// `(seed, k)`).
pub fn wins(geo: &Geometry, faces: &[Face], present: Bits, player: Player, playouts: usize, seed: u64) -> usize {
    (0..playouts).filter(|&k| play(geo, faces, present, player, &mut Rng::for_index(seed, k as u64))).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::generate::{reverse_deal, uniform_faces};
    use crate::solitaire::layouts::builtin;

    #[test]
    fn careful_and_greedy_beat_random_on_turtle_deals() {
        let geo = Geometry::new(&builtin("turtle").unwrap());
        let mut w = [0usize; 3];
        for i in 0..40u64 {
            let g = reverse_deal(&geo, i).unwrap();
            for (k, &pl) in Player::ALL.iter().enumerate() {
                w[k] += wins(&geo, &g.faces, geo.all(), pl, 5, i);
            }
        }
        assert!(w[2] > w[0] && w[1] > w[0], "{w:?}");
        // A two-tile board: every player clears it.
        let l = crate::solitaire::Layout::from_triples("two", &[(0, 0, 0), (2, 0, 0)]).unwrap();
        let g2 = Geometry::new(&l);
        let f = uniform_faces(&mut Rng::new(1), 2);
        for pl in Player::ALL {
            assert!(play(&g2, &f, g2.all(), pl, &mut Rng::new(3)));
        }
    }
}
