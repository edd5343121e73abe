//! The riichi scorer as the engine's judge of wins: the engine's view of a win
//! (ids, melds, situation) becomes a scorer `Hand` + `WinContext`, and the score's
//! basic points decide the payments.

use super::judge::{WinContext, WinJudge, WinValue};
use crate::hand::{Hand, Meld};
use crate::logs::event::LogMeld;
use crate::riichi::{self, Indicators, Rules, ScoreResult, Yaku};
use crate::tile::{RTile, Tile, TileId};

/// Judges wins with [`riichi::score`] under `rules`; keeps the last result so a
/// caller can read the full scoring (yaku, fu) of the win just judged.
#[derive(Clone, Debug)]
pub struct ScorerJudge {
    pub rules: Rules,
    pub last: Option<ScoreResult>,
    /// Full scorings of the wins paid so far (winner seat, score), in order.
    pub wins: Vec<(u8, ScoreResult)>,
}

impl ScorerJudge {
    pub fn new(rules: Rules) -> ScorerJudge {
        ScorerJudge { rules, last: None, wins: Vec::new() }
    }
}

fn core_meld(m: &LogMeld, owner: u8) -> Option<Meld> {
    let tiles: Vec<RTile> = m.tile_slice().iter().map(|t| t.rtile()).collect();
    let from = match m.kind {
        crate::hand::MeldKind::Ankan => 0,
        _ => ((m.from + 4 - owner) % 4).max(1),
    };
    let from = if m.kind == crate::hand::MeldKind::Chi { 3 } else { from };
    Meld::new(m.kind, &tiles, Some(m.called.tile()), Some(from)).ok()
}

fn indicators(ids: &[TileId]) -> Indicators {
    let tiles: Vec<Tile> = ids.iter().take(5).map(|t| t.tile()).collect();
    Indicators::new(&tiles).unwrap_or_default()
}

/// Score an engine win with the riichi scorer (`None`: no yaku or not a win).
pub fn score_win(ctx: &WinContext, rules: &Rules) -> Option<ScoreResult> {
    let concealed: Vec<RTile> = ctx.concealed.iter().map(|t| t.rtile()).collect();
    let melds: Vec<Meld> = ctx.melds.iter().filter_map(|m| core_meld(m, ctx.seat)).collect();
    if melds.len() != ctx.melds.len() {
        return None;
    }
    let hand = Hand::new(&concealed, &melds, 4).ok()?;
    let n = ctx.n_players.clamp(3, 4);
    let dealer = (ctx.seat + n - ctx.seat_wind % n) % n;
    let rc = riichi::WinContext {
        tsumo: ctx.tsumo,
        riichi: ctx.riichi && !ctx.double_riichi,
        double_riichi: ctx.double_riichi,
        // The engine has no open riichi.
        open_riichi: false,
        discarder_riichi: false,
        ippatsu: ctx.ippatsu,
        haitei: ctx.haitei,
        houtei: ctx.houtei,
        rinshan: ctx.rinshan,
        chankan: ctx.chankan,
        tenhou: ctx.tenhou,
        chiihou: ctx.chiihou,
        renhou: false,
        n_players: n,
        winner: ctx.seat,
        dealer,
        discarder: if ctx.tsumo { (ctx.seat + 1) % n } else { ctx.from },
        round_wind: Tile::from_index_unchecked(27 + ctx.round_wind as usize % 4),
        pao: None,
        dora: indicators(ctx.dora_indicators),
        ura: if ctx.riichi { indicators(ctx.ura_indicators) } else { Indicators::default() },
        honba: ctx.honba as u16,
        riichi_sticks: ctx.sticks as u16,
        kita: ctx.kita,
        dealer_wins: ctx.dealer_wins,
    };
    riichi::score(&hand, ctx.win_tile.rtile(), &rc, rules).ok()
}

impl WinJudge for ScorerJudge {
    fn judge(&mut self, ctx: &WinContext) -> Option<WinValue> {
        let r = score_win(ctx, &self.rules)?;
        let pao = r.yaku.as_slice().iter().any(|(y, _)| {
            (*y == Yaku::Daisangen && self.rules.pao_daisangen)
                || (*y == Yaku::Daisuushii && self.rules.pao_daisuushii)
                || (*y == Yaku::Suukantsu && self.rules.pao_suukantsu)
        });
        let v = WinValue { base: r.base as i32, pao_applies: pao };
        self.last = Some(r);
        Some(v)
    }
    fn settled(&mut self, seat: u8) {
        if let Some(r) = self.last {
            self.wins.push((seat, r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::rules::Paarenchan;
    use crate::tile::{parse_mpsz, to_ids};

    /// The dealer's run of wins reaches the riichi scorer's context: the eighth win
    /// is paarenchan under the rule, the seventh is not.
    #[test]
    fn the_dealers_run_of_wins_reaches_the_scorer() {
        let ids = to_ids(&parse_mpsz("123m789m234p567s99s").unwrap()).unwrap();
        let rules = Rules { paarenchan: Paarenchan::Eighth, ..Rules::STANDARD };
        let ctx = |dealer_wins| WinContext {
            seat: 0,
            from: 1,
            tsumo: false,
            win_tile: ids[7],
            concealed: &ids,
            melds: &[],
            round_wind: 0,
            seat_wind: 0,
            riichi: true,
            double_riichi: false,
            ippatsu: false,
            rinshan: false,
            chankan: false,
            haitei: false,
            houtei: false,
            tenhou: false,
            chiihou: false,
            dora_indicators: &[],
            ura_indicators: &[],
            n_players: 4,
            kita: 0,
            honba: 0,
            sticks: 0,
            dealer_wins,
        };
        assert_eq!(score_win(&ctx(7), &rules).unwrap().yakuman, 1);
        assert_eq!(score_win(&ctx(6), &rules).unwrap().yakuman, 0);
    }
}
