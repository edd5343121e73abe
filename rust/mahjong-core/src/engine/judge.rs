//! The seam between the engine and the scoring of one win. The engine knows when a
//! hand is complete and who pays; whether it has a yaku and what it is worth is
//! asked of a [`WinJudge`]: the riichi scorer in simulation, or the record itself
//! when replaying a log whose scores are being checked.

use crate::logs::event::LogMeld;
use crate::tile::TileId;

/// Everything about a win that scoring needs.
#[derive(Clone, Debug)]
pub struct WinContext<'a> {
    pub seat: u8,
    /// Discarder (equals `seat` on a tsumo).
    pub from: u8,
    pub tsumo: bool,
    pub win_tile: TileId,
    /// Concealed tiles including the winning tile.
    pub concealed: &'a [TileId],
    pub melds: &'a [LogMeld],
    /// Round wind 0..4 (East..North) and seat wind 0..4.
    pub round_wind: u8,
    pub seat_wind: u8,
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    /// Dealer's win on the dealt hand (天和) / non-dealer's on the first draw (地和).
    pub tenhou: bool,
    pub chiihou: bool,
    pub dora_indicators: &'a [TileId],
    pub ura_indicators: &'a [TileId],
    /// Players at the table (4, or 3) and the winner's norths pulled aside.
    pub n_players: u8,
    pub kita: u8,
    pub honba: u8,
    pub sticks: u8,
    /// Hands the dealer won in a row before this one (paarenchan).
    pub dealer_wins: u8,
}

/// What a win is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WinValue {
    /// Basic points (符 × 2^(翻+2), capped and limited by the scorer's rules):
    /// 2,000 for mangan, 8,000 per yakuman.
    pub base: i32,
    /// The hand's yakuman include one with liability (big dragons, big winds, four
    /// kans where the rules say so), so a liable player pays.
    pub pao_applies: bool,
}

/// Judges wins. `None`: not a legal win (no yaku, or not a winning shape to it).
pub trait WinJudge {
    fn judge(&mut self, ctx: &WinContext) -> Option<WinValue>;
    /// The win just judged for `seat` is being paid (not merely looked at as an
    /// option); judges that keep full scorings use this to remember it.
    fn settled(&mut self, _seat: u8) {}
}
