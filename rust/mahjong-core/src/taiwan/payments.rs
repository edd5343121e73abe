//! Payments of one Taiwan win: who pays whom, and how much.
//!
//! A self-draw (and 八仙過海) is paid by the three others; a win on a discard by the
//! discarder alone (七搶一: by the holder of the single flower, as a discarder). Each
//! payment is [`TaiwanRules::points`] of the hand's tai, plus the dealer tai
//! ([`TaiwanRules::dealer_tai`]) when the dealer pays or wins.

use super::TaiwanRules;
use crate::error::{Error, Result};

/// One payment: `payer` gives `amount` (base + `tai` × rate) to `payee`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Payment {
    pub payer: u8,
    pub payee: u8,
    /// The hand's tai, with the dealer tai when the dealer takes part.
    pub tai: u32,
    pub amount: u64,
}

fn check_seat(what: &str, seat: u8) -> Result<()> {
    if seat < 4 {
        Ok(())
    } else {
        Err(Error::InvalidHand(format!("{what} {seat}: seats are 0-3")))
    }
}

/// The payments of one win of `tai` tai by `winner`; `discarder` is `None` for a
/// self-draw. `dealer` is the dealer's seat, `consecutive` the deals it kept in a row.
pub fn win_payments(
    winner: u8,
    tai: u32,
    dealer: u8,
    consecutive: u16,
    discarder: Option<u8>,
    rules: &TaiwanRules,
) -> Result<Vec<Payment>> {
    check_seat("winner", winner)?;
    check_seat("dealer", dealer)?;
    if let Some(d) = discarder {
        check_seat("discarder", d)?;
        if d == winner {
            return Err(Error::InvalidHand(format!("seat {winner} cannot pay itself")));
        }
    }
    let dealer_tai = rules.dealer_tai(consecutive);
    let payers: Vec<u8> = match discarder {
        Some(d) => vec![d],
        None => (1..4).map(|k| (winner + k) % 4).collect(),
    };
    payers
        .into_iter()
        .map(|payer| {
            let extra = if dealer == payer || dealer == winner { dealer_tai } else { 0 };
            let t = tai.checked_add(extra).ok_or_else(|| {
                Error::InvalidHand(format!("tai {tai} + dealer tai {extra} is more than {}", u32::MAX))
            })?;
            Ok(Payment { payer, payee: winner, tai: t, amount: rules.points(t) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amounts(p: &[Payment]) -> Vec<(u8, u32, u64)> {
        p.iter().map(|p| (p.payer, p.tai, p.amount)).collect()
    }

    #[test]
    fn discard_and_self_draw() {
        let r = TaiwanRules::default();
        // A discard without the dealer: no dealer tai.
        assert_eq!(amounts(&win_payments(2, 5, 0, 0, Some(3), &r).unwrap()), [(3, 5, 200)]);
        // The dealer discards after keeping the deal twice: 1 + 2 × 2 more tai.
        assert_eq!(amounts(&win_payments(2, 5, 0, 2, Some(0), &r).unwrap()), [(0, 10, 300)]);
        // A non-dealer's self-draw: the dealer (seat 3) pays 1 + 2 more tai.
        assert_eq!(amounts(&win_payments(1, 3, 3, 1, None, &r).unwrap()), [(2, 3, 160), (3, 6, 220), (0, 3, 160)]);
        // The dealer's self-draw: all three add the dealer tai.
        assert_eq!(amounts(&win_payments(0, 3, 0, 0, None, &r).unwrap()), [(1, 4, 180), (2, 4, 180), (3, 4, 180)]);
    }

    #[test]
    fn bad_seats_and_huge_tai_are_errors() {
        let r = TaiwanRules::default();
        assert!(win_payments(4, 1, 0, 0, None, &r).unwrap_err().message().contains("0-3"));
        assert!(win_payments(1, 1, 0, 0, Some(1), &r).is_err());
        assert!(win_payments(1, 1, 9, 0, None, &r).is_err());
        assert!(win_payments(0, u32::MAX, 0, 0, Some(1), &r).is_err());
        assert_eq!(win_payments(1, u32::MAX, 0, 0, Some(2), &r).unwrap()[0].amount, 100 + u32::MAX as u64 * 20);
    }
}
