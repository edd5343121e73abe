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
pub fn ron(rules: &EngineRules, winner: u8, from: u8, dealer: u8, base: i32, honba: u8, sticks: u8, pao: Option<u8>) -> [i32; 4] {
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
pub fn tsumo(rules: &EngineRules, winner: u8, dealer: u8, base: i32, honba: u8, sticks: u8, pao: Option<u8>) -> [i32; 4] {
    let mut d = [0; 4];
    let per_honba = rules.honba_ron / 3 * honba as i32;
    let mut total = 0;
    for s in 0..4u8 {
        if s == winner {
            continue;
        }
        let pay = if winner == dealer || s == dealer { up100(2 * base) } else { up100(base) } + per_honba;
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
    let n = tenpai.iter().filter(|&&t| t).count() as i32;
    let mut d = [0; 4];
    if n == 0 || n == 4 {
        return d;
    }
    for s in 0..4 {
        d[s] = if tenpai[s] { rules.noten_total / n } else { -rules.noten_total / (4 - n) };
    }
    d
}

/// Nagashi mangan payments: each qualifying seat is paid as a mangan tsumo (no
/// honba, no sticks).
pub fn nagashi(rules: &EngineRules, winners: [bool; 4], dealer: u8) -> [i32; 4] {
    let mut d = [0; 4];
    for w in 0..4u8 {
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
    fn liable_player_pays_the_whole_tsumo() {
        let r = EngineRules::shiima_2026();
        // Non-dealer 1 tsumo worth 30 fu 3 han (base 960) with one honba and a stick.
        let plain = tsumo(&r, 1, 0, 960, 1, 1, None);
        assert_eq!(plain, [-2100, 5300, -1100, -1100]);
        let pao = tsumo(&r, 1, 0, 960, 1, 1, Some(3));
        assert_eq!(pao, [0, 5300, 0, -4300]);
    }
}
