//! Nagashi mangan (流し満貫): at an exhaustive draw, a player whose discards were all
//! terminals and honors and none of them called is paid a mangan as by tsumo.
//!
//! Whether it exists and what else the draw settles (noten payments, who deals next)
//! are match rules (`EngineRules::nagashi_mangan`); what it pays is here, from the
//! scoring rules: a mangan's tsumo shares (4,000 from each player for the dealer,
//! 2,000 / 4,000 for another seat), with the 3-player tsumo rule of the scoring rules,
//! and honba only where `nagashi_honba` counts it as a win. Riichi sticks stay on the
//! table as after any draw.

use super::context::WinContext;
use super::points::{payments, Payments};
use super::rules::Rules;
use crate::error::Result;

/// Base points of a mangan.
const MANGAN_BASE: u32 = 2000;

/// The payments of a nagashi mangan by `winner` with `dealer` dealing, `honba` on the
/// table. Seats are checked as a win's are (`InvalidHand` naming the seat).
pub fn nagashi_mangan(winner: u8, dealer: u8, n_players: u8, honba: u16, rules: &Rules) -> Result<Payments> {
    let ctx = WinContext {
        tsumo: true,
        winner,
        dealer,
        n_players,
        honba: if rules.nagashi_honba { honba } else { 0 },
        ..WinContext::default()
    };
    ctx.validate(true, true, 0)?;
    Ok(payments(MANGAN_BASE, &ctx, rules, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pays_a_mangan_tsumo() {
        let p = nagashi_mangan(1, 0, 4, 2, &Rules::TENHOU).unwrap();
        assert_eq!((p.points, p.honba, p.deltas), (8000, 0, [-4000, 8000, -2000, -2000]));
        let p = nagashi_mangan(0, 0, 4, 0, &Rules::TENHOU).unwrap();
        assert_eq!(p.deltas, [12000, -4000, -4000, -4000]);
        let counted = Rules { nagashi_honba: true, ..Rules::TENHOU };
        let p = nagashi_mangan(1, 0, 4, 2, &counted).unwrap();
        assert_eq!((p.honba, p.deltas[1]), (600, 8600));
        // Three players with tsumo loss: the absent seat's share is not paid.
        let p = nagashi_mangan(1, 0, 3, 0, &Rules::TENHOU).unwrap();
        assert_eq!(p.deltas[..3], [-4000, 6000, -2000]);
        assert!(nagashi_mangan(3, 0, 3, 0, &Rules::TENHOU).is_err());
        assert!(nagashi_mangan(0, 4, 4, 0, &Rules::TENHOU).is_err());
    }
}
