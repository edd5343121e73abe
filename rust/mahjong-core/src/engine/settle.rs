//! Who pays whom: wins (ron, tsumo, multiple ron, honba, riichi sticks, liability),
//! exhaustive draws (noten payments, nagashi mangan) and referee penalties.

use super::rules::EngineRules;

#[inline]
fn up100(x: i32) -> i32 {
    (x + 99) / 100 * 100
}

/// Score changes of a ron by `winner` off `from`'s discard worth `base`.
/// `honba` and `sticks` are what this winner collects (in a multiple ron only one
/// winner takes the sticks). `pao`: the liable player, if liability applies.
pub fn ron(
    rules: &EngineRules,
    winner: u8,
    from: u8,
    dealer: u8,
    base: i32,
    honba: u8,
    sticks: u8,
    pao: Option<u8>,
) -> [i32; 4] {
    let mut d = [0; 4];
    let mult = if winner == dealer { 6 } else { 4 };
    let pay = up100(base * mult);
    let extra = rules.honba_ron * honba as i32;
    match pao {
        Some(p) if p != from && p != winner => {
            // Liability on a ron: the discarder and the liable player pay half each;
            // the honba goes with the liable player's half (Tenhou's records).
            let half = pay / 2;
            d[from as usize] -= half;
            d[p as usize] -= pay - half + extra;
        }
        _ => d[from as usize] -= pay + extra,
    }
    d[winner as usize] += pay + extra + rules.riichi_stick * sticks as i32;
    d
}

/// Score changes of a tsumo.
pub fn tsumo(
    rules: &EngineRules,
    winner: u8,
    dealer: u8,
    base: i32,
    honba: u8,
    sticks: u8,
    pao: Option<u8>,
) -> [i32; 4] {
    let mut d = [0; 4];
    // Each payer's share of the honba (100 at Tenhou with four or three players).
    let per_honba = rules.honba_ron / (rules.players.max(2) as i32 - 1) * honba as i32;
    // Three-player without tsumo loss: the absent non-dealer's share is split
    // between the two payers.
    let absent_share = if rules.players < 4 && !rules.tsumo_loss {
        let share = if winner == dealer { up100(2 * base) } else { up100(base) };
        up100(share / 2)
    } else {
        0
    };
    let mut total = 0;
    for s in 0..rules.players {
        if s == winner {
            continue;
        }
        let pay =
            if winner == dealer || s == dealer { up100(2 * base) } else { up100(base) } + per_honba + absent_share;
        total += pay;
        if pao.is_none() {
            d[s as usize] -= pay;
        }
    }
    if let Some(p) = pao {
        d[p as usize] -= total;
    }
    d[winner as usize] += total + rules.riichi_stick * sticks as i32;
    d
}

/// Noten payments at an exhaustive draw.
pub fn noten(rules: &EngineRules, tenpai: [bool; 4]) -> [i32; 4] {
    let players = rules.players as usize;
    let n = tenpai.iter().take(players).filter(|&&t| t).count() as i32;
    let mut d = [0; 4];
    if n == 0 || n == players as i32 {
        return d;
    }
    for s in 0..players {
        d[s] = if tenpai[s] { rules.noten_total / n } else { -rules.noten_total / (players as i32 - n) };
    }
    d
}

/// Nagashi mangan payments: each qualifying seat is paid as a mangan tsumo (no
/// honba, no sticks).
pub fn nagashi(rules: &EngineRules, winners: [bool; 4], dealer: u8) -> [i32; 4] {
    let mut d = [0; 4];
    for w in 0..rules.players {
        if winners[w as usize] {
            let t = tsumo(rules, w, dealer, 2000, 0, 0, None);
            for s in 0..4 {
                d[s] += t[s];
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_player_tsumo_loss_and_noten() {
        let r = EngineRules::TENHOU_SANMA;
        // Tenhou's record: a dealer haneman tsumo (base 3,000) at 2 honba with one
        // stick: 6,200 from each of the two others, 13,400 to the winner.
        assert_eq!(tsumo(&r, 1, 1, 3000, 2, 1, None), [-6200, 13400, -6200, 0]);
        // A non-dealer mangan tsumo: 4,000 + 2,000, no top-up.
        assert_eq!(tsumo(&r, 1, 0, 2000, 0, 0, None), [-4000, 6000, -2000, 0]);
        // Without tsumo loss the absent share is split.
        let split = EngineRules { tsumo_loss: false, ..r.clone() };
        assert_eq!(tsumo(&split, 1, 0, 2000, 0, 0, None), [-5000, 8000, -3000, 0]);
        // A ron pays 100 per honba for each of the two others: 200.
        assert_eq!(ron(&r, 1, 0, 0, 2000, 1, 0, None), [-8200, 8200, 0, 0]);
        assert_eq!(noten(&r, [true, false, false, false]), [2000, -1000, -1000, 0]);
        assert_eq!(noten(&r, [true, true, false, false]), [1000, 1000, -2000, 0]);
        assert_eq!(noten(&r, [true, true, true, false]), [0; 4]);
    }

    #[test]
    fn liable_player_pays_the_whole_tsumo() {
        let r = EngineRules::SHIIMA_2026;
        // Non-dealer 1 tsumo worth 30 fu 3 han (base 960) with one honba and a stick.
        let plain = tsumo(&r, 1, 0, 960, 1, 1, None);
        assert_eq!(plain, [-2100, 5300, -1100, -1100]);
        let pao = tsumo(&r, 1, 0, 960, 1, 1, Some(3));
        assert_eq!(pao, [0, 5300, 0, -4300]);
    }
}
