//! The one event stream shared by the engine (simulation) and every log reader
//! (replay). A reader turns a file into a [`GameLog`]; the replayer feeds its events
//! back into the engine as actions and compares what the engine emits with what was
//! recorded. Tiles are 136-ids ([`TileId`]); `None` is a tile the log does not reveal
//! (another player's draw in a client-side log).
//!
//! Seats are 0..4 in the log's own numbering (for Tenhou mjlog: seat 0 is the first
//! dealer's position as listed; for client logs: seat 0 is the logging client).
//! Points are whole points (Tenhou records hundreds; readers multiply by 100).

use crate::hand::MeldKind;
use crate::tile::TileId;

/// The table rules a log declares (Tenhou lobby flags), before they are mapped to
/// an engine rule set.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LogRules {
    /// Tenhou's GO `type` bit field, when the log has one.
    pub go_type: Option<u32>,
    /// Red fives in play.
    pub aka: bool,
    /// Open tanyao allowed.
    pub kuitan: bool,
    /// East-south game (hanchan); `false` is east only (tonpuu).
    pub hanchan: bool,
    /// Three players.
    pub sanma: bool,
    /// Special lobby with rules not described by the flags (type bits above 0xFF,
    /// or a private lobby number from 10000 up).
    pub custom: bool,
}

impl LogRules {
    /// Decode Tenhou's GO type bits: 0x02 no red fives, 0x04 no open tanyao,
    /// 0x08 hanchan, 0x10 three players; bits from 0x100 up mark special lobbies.
    pub fn from_go_type(t: u32) -> LogRules {
        LogRules {
            go_type: Some(t),
            aka: t & 0x02 == 0,
            kuitan: t & 0x04 == 0,
            hanchan: t & 0x08 != 0,
            sanma: t & 0x10 != 0,
            custom: t & !0xFF != 0,
        }
    }
}

/// A meld as a log records it: the physical tiles, which one was taken and from whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LogMeld {
    pub kind: MeldKind,
    /// The meld's tiles (3 for chi/pon, 4 for kans), lowest first.
    pub tiles: [TileId; 4],
    /// The tile taken from another player; for a kakan the added tile; for an ankan
    /// one of its tiles.
    pub called: TileId,
    /// Absolute seat the called tile came from (the owner for ankan/kakan's own tile).
    pub from: u8,
}

impl LogMeld {
    /// Number of tiles.
    pub fn len(&self) -> usize {
        if self.kind.is_kan() {
            4
        } else {
            3
        }
    }
    /// Never empty.
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The tiles as a slice.
    pub fn tile_slice(&self) -> &[TileId] {
        &self.tiles[..self.len()]
    }
    /// Whether the tiles make the meld its kind says, called by `seat`: a chi is a
    /// run in one suit called from the seat on the left, the others copies of one
    /// kind. Tenhou's meld code stores only such shapes, so readers refuse others.
    pub fn is_well_formed(&self, seat: u8) -> bool {
        let mut kinds: Vec<usize> = self.tile_slice().iter().map(|t| t.tile().index()).collect();
        kinds.sort();
        match self.kind {
            MeldKind::Chi => {
                kinds[0] < 27
                    && kinds[0] % 9 <= 6
                    && kinds[1] == kinds[0] + 1
                    && kinds[2] == kinds[0] + 2
                    && self.from == (seat + 3) % 4
            }
            _ => kinds.iter().all(|&k| k == kinds[0]),
        }
    }
}

/// Why a hand ended without a win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// The wall ran out (荒牌流局).
    Exhaustive,
    /// Nine different terminals and honors in a first draw (九種九牌).
    NineTerminals,
    /// Four identical winds discarded in the first go-around (四風連打).
    FourWinds,
    /// Four riichi declarations (四家立直).
    FourRiichi,
    /// Three players ron the same tile (三家和).
    TripleRon,
    /// Four kans by more than one player (四開槓).
    FourKans,
    /// Exhaustive draw with a nagashi mangan (流し満貫).
    NagashiMangan,
    /// The hand was voided by a referee for a chombo (replayed by the same dealer).
    Chombo,
}

impl DrawKind {
    /// Short English name.
    pub const fn name(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive",
            DrawKind::NineTerminals => "nine_terminals",
            DrawKind::FourWinds => "four_winds",
            DrawKind::FourRiichi => "four_riichi",
            DrawKind::TripleRon => "triple_ron",
            DrawKind::FourKans => "four_kans",
            DrawKind::NagashiMangan => "nagashi_mangan",
            DrawKind::Chombo => "chombo",
        }
    }
}

/// The start of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundStart {
    /// Round wind (0 East, 1 South, 2 West, 3 North).
    pub wind: u8,
    /// Hand number within the wind, 0..4 (East 1 = 0).
    pub number: u8,
    pub honba: u8,
    /// Riichi sticks on the table at the start.
    pub sticks: u8,
    pub dealer: u8,
    /// Scores at the start of the hand.
    pub scores: [i32; 4],
    /// The first dora indicator.
    pub dora_indicator: TileId,
    /// Each seat's 13 dealt tiles (`None`: not revealed by this log). In a resumed
    /// hand: the concealed tiles held when it resumed (fewer after calls).
    pub hands: [[Option<TileId>; 13]; 4],
    /// Set when the log joins the hand mid-way (a client's reconnect, Tenhou's
    /// `REINIT`): the table as it stood then. The play before it is not in the log,
    /// so the hand cannot be replayed, but what followed refers to it (a kakan on a
    /// pon made before the reconnect).
    pub resumed: Option<Box<Resumed>>,
}

/// The table of a hand joined mid-way: every seat's melds, river and riichi.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Resumed {
    /// Each seat's melds on the table, in the order they were made.
    pub melds: [Vec<LogMeld>; 4],
    /// Each seat's norths pulled aside (three players).
    pub norths: [Vec<TileId>; 4],
    /// Each seat's discards so far, in order.
    pub rivers: [Vec<TileId>; 4],
    /// Per seat, the index in its river of its riichi discard, if it declared one.
    pub riichi: [Option<u8>; 4],
}

/// A win as recorded (the scorer's result as the log states it).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WinRecord {
    pub seat: u8,
    /// The discarder; equals `seat` for a tsumo.
    pub from: u8,
    /// Concealed tiles including the winning tile.
    pub hand: Vec<TileId>,
    pub win_tile: Option<TileId>,
    pub han: u32,
    pub fu: u32,
    /// Points of the hand before honba and sticks (Tenhou `ten[1]`).
    pub points: i32,
    /// Tenhou's limit code (`ten[2]`): 0 none, 1 mangan, 2 haneman, 3 baiman,
    /// 4 sanbaiman, 5 yakuman.
    pub limit: u8,
    /// (Tenhou yaku id, han) pairs.
    pub yaku: Vec<(u32, u32)>,
    /// Tenhou yakuman ids.
    pub yakuman: Vec<u32>,
    pub dora_indicators: Vec<TileId>,
    pub ura_indicators: Vec<TileId>,
    /// Every seat's recorded score change, honba, sticks and pao included.
    pub deltas: [i32; 4],
    /// The player liable (pao), if any.
    pub pao: Option<u8>,
}

/// A win's yaku (Tenhou id, han) and yakuman (Tenhou ids), as the readers gather them.
pub type YakuLists = (Vec<(u32, u32)>, Vec<u32>);

/// Why a win's two lists hold an id of the other kind, if they do: every format
/// keeps yakuman apart from the yaku (mjai's reader takes every yakuman name among
/// the yaku as a yakuman), so such a win could not be written as the same win.
/// Every reader asks this of the win it builds.
pub fn yaku_kinds_fault(yaku: &[(u32, u32)], yakuman: &[u32]) -> Option<String> {
    use super::mjai_yaku::is_yakuman;
    if let Some(&(id, _)) = yaku.iter().find(|(id, _)| is_yakuman(*id)) {
        return Some(format!("yaku id {id} is a yakuman: yakuman go in the yakuman list"));
    }
    let id = yakuman.iter().find(|id| !is_yakuman(**id))?;
    Some(format!("yakuman id {id} is not a yakuman: it goes in the yaku list"))
}

/// A hand ending without a win, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRecord {
    pub kind: DrawKind,
    pub deltas: [i32; 4],
    /// Hands shown at the draw (tenpai hands; the hand of a nine-terminals caller).
    pub shown: [Option<Vec<TileId>>; 4],
}

/// Everything that can happen in a game, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A hand begins.
    RoundStart(Box<RoundStart>),
    /// `seat` draws (`tile` is `None` when the log hides it).
    Draw { seat: u8, tile: Option<TileId> },
    /// `seat` discards `tile`; `tsumogiri` when it is the tile just drawn.
    Discard { seat: u8, tile: TileId, tsumogiri: bool },
    /// `seat` declares riichi (the next discard is the riichi tile).
    Riichi { seat: u8 },
    /// The riichi discard passed: `seat` puts down its 1,000-point stick.
    RiichiStick { seat: u8 },
    /// A call: chi, pon, daiminkan on a discard; kakan or ankan on one's own turn.
    Call { seat: u8, meld: LogMeld },
    /// Three-player games: `seat` pulls a north aside (抜きドラ, a dora for its
    /// owner) and draws a replacement tile.
    Nuki { seat: u8, tile: TileId },
    /// A new dora indicator is flipped.
    Dora { indicator: TileId },
    /// A win (one event per winner of a multiple ron, in the record's order).
    Win(Box<WinRecord>),
    /// A hand ends without a win.
    Ryuukyoku(Box<DrawRecord>),
    /// The match ends: final points and (if recorded) the rated results.
    GameEnd { scores: [i32; 4], results: Option<[f64; 4]> },
}

/// One game read from a log.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameLog {
    /// Where it was read from (`file` or `file#n` for the n-th game of a file).
    pub source: String,
    pub rules: LogRules,
    pub names: [String; 4],
    pub n_players: u8,
    pub events: Vec<Event>,
    /// True when some tiles of other players are hidden (client-side logs).
    pub hidden_tiles: bool,
}
