//! A game's events as Tenhou mjlog XML, the format the phoenix-log scrapers archive
//! (one `<mjloggm>` document per game). Read back by [`super::tenhou`] into the same
//! events: mjlog names every physical tile (136-ids), so the round trip is exact.
//!
//! What mjlog cannot hold is refused rather than approximated: a log that hides
//! tiles (a client's side of the protocol) or joins a hand mid-way (a reconnect),
//! a win without its winning tile, a draw kind mjlog has no code for (a referee's
//! chombo).

use super::event::*;
use super::meldcode;
use crate::error::{Error, Result};
use crate::tile::TileId;
use std::fmt::Write;

fn ids(v: impl IntoIterator<Item = TileId>) -> String {
    let mut s = String::new();
    for (i, t) in v.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{}", t.id());
    }
    s
}

/// Percent-encode a player's name as Tenhou does (every byte outside A-Z a-z 0-9).
fn percent_encode(name: &str) -> String {
    let mut s = String::with_capacity(name.len() * 3);
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() {
            s.push(b as char);
        } else {
            let _ = write!(s, "%{b:02X}");
        }
    }
    s
}

/// Scores in Tenhou's hundreds, `n` players.
fn hundreds(scores: &[i32; 4], n: usize) -> String {
    scores[..n].iter().map(|s| (s / 100).to_string()).collect::<Vec<_>>().join(",")
}

/// `score,change` pairs of an `sc` attribute (scores before the change), in hundreds.
fn sc(scores: &[i32; 4], deltas: &[i32; 4], n: usize) -> String {
    (0..n).map(|i| format!("{},{}", scores[i] / 100, deltas[i] / 100)).collect::<Vec<_>>().join(",")
}

fn draw_type(k: DrawKind) -> Result<Option<&'static str>> {
    Ok(match k {
        DrawKind::Exhaustive => None,
        DrawKind::NineTerminals => Some("yao9"),
        DrawKind::FourWinds => Some("kaze4"),
        DrawKind::FourRiichi => Some("reach4"),
        DrawKind::TripleRon => Some("ron3"),
        DrawKind::FourKans => Some("kan4"),
        DrawKind::NagashiMangan => Some("nm"),
        DrawKind::Chombo => return Err(Error::LogParse("mjlog has no code for a hand voided by a chombo".into())),
    })
}

/// The game as one mjlog XML document.
pub fn to_mjlog(game: &GameLog) -> Result<String> {
    let refuse = |why: &str| Error::LogParse(format!("{}: cannot be written as mjlog: {why}", game.source));
    if game.hidden_tiles {
        return Err(refuse("it hides other players' tiles (mjlog names every tile)"));
    }
    let n = if game.n_players == 3 { 3 } else { 4 };
    let mut out = String::with_capacity(16 * 1024);
    let t = game.rules.go_type.unwrap_or_else(|| super::pack::go_type_of(&game.rules));
    // A special lobby the type bits do not tell is kept as a private lobby number
    // (the reader takes 10000 and up as special).
    let lobby = if game.rules.custom && t & !0xFF == 0 { 10000 } else { 0 };
    let _ = write!(out, "<mjloggm ver=\"2.3\"><GO type=\"{t}\" lobby=\"{lobby}\"/><UN");
    for (i, name) in game.names.iter().enumerate().take(n) {
        let _ = write!(out, " n{i}=\"{}\"", percent_encode(name));
    }
    out.push_str("/><TAIKYOKU oya=\"0\"/>");
    let mut scores = [0i32; 4];
    // The closing tag's `ba`: the hand's honba and every stick on the table then
    // (those at its start and this hand's riichi).
    let (mut honba, mut sticks) = (0u8, 0u32);
    // Where the last hand's closing tag ends, so that the match's end (`owari`) can be
    // attached to it as Tenhou does.
    let mut last_close: Option<usize> = None;
    for e in &game.events {
        match e {
            Event::RoundStart(s) => {
                if s.resumed.is_some() {
                    return Err(refuse("a hand is joined mid-way (a reconnect); mjlog starts hands only whole"));
                }
                scores = s.scores;
                (honba, sticks) = (s.honba, u32::from(s.sticks));
                let round = s.wind * 4 + s.number;
                let _ = write!(
                    out,
                    "<INIT seed=\"{round},{},{},0,0,{}\" ten=\"{}\" oya=\"{}\"",
                    s.honba,
                    s.sticks,
                    s.dora_indicator.id(),
                    hundreds(&scores, n),
                    s.dealer
                );
                for (seat, hand) in s.hands.iter().enumerate().take(n) {
                    let tiles: Option<Vec<TileId>> = hand.iter().copied().collect();
                    let tiles = tiles.ok_or_else(|| refuse("a dealt hand is not fully known"))?;
                    let _ = write!(out, " hai{seat}=\"{}\"", ids(tiles));
                }
                out.push_str("/>");
                last_close = None;
            }
            Event::Draw { seat, tile } => {
                let t = tile.ok_or_else(|| refuse("a draw is hidden"))?;
                let _ = write!(out, "<{}{}/>", (b'T' + seat) as char, t.id());
            }
            Event::Discard { seat, tile, .. } => {
                // mjlog does not mark tsumogiri: its reader tells it from the draw.
                let _ = write!(out, "<{}{}/>", (b'D' + seat) as char, tile.id());
            }
            Event::Riichi { seat } => {
                let _ = write!(out, "<REACH who=\"{seat}\" step=\"1\"/>");
            }
            Event::RiichiStick { seat } => {
                scores[*seat as usize] -= 1000;
                sticks += 1;
                let _ = write!(out, "<REACH who=\"{seat}\" ten=\"{}\" step=\"2\"/>", hundreds(&scores, n));
            }
            Event::Call { seat, meld } => {
                let _ = write!(out, "<N who=\"{seat}\" m=\"{}\"/>", meldcode::encode(meld, *seat, 4));
            }
            Event::Nuki { seat, tile } => {
                let _ = write!(out, "<N who=\"{seat}\" m=\"{}\"/>", (u32::from(tile.id()) << 8) | 0x20);
            }
            Event::Dora { indicator } => {
                let _ = write!(out, "<DORA hai=\"{}\"/>", indicator.id());
            }
            Event::Win(w) => {
                let machi = w.win_tile.ok_or_else(|| refuse("a win does not name its winning tile"))?;
                let yaku: Vec<String> = w.yaku.iter().map(|(id, han)| format!("{id},{han}")).collect();
                let _ = write!(
                    out,
                    "<AGARI ba=\"{},{}\" hai=\"{}\" machi=\"{}\" ten=\"{},{},{}\"",
                    honba,
                    sticks,
                    ids(w.hand.iter().copied()),
                    machi.id(),
                    w.fu,
                    w.points,
                    w.limit
                );
                if !yaku.is_empty() {
                    let _ = write!(out, " yaku=\"{}\"", yaku.join(","));
                } else if w.yakuman.is_empty() && w.han > 0 {
                    // A record that states han but not its yaku (tenhou.net/6 and mjai
                    // sources may): Tenhou's tag has no place for it, so it is kept in
                    // an extra attribute this crate's reader takes.
                    let _ = write!(out, " han=\"{}\"", w.han);
                }
                if !w.yakuman.is_empty() {
                    let v: Vec<String> = w.yakuman.iter().map(|y| y.to_string()).collect();
                    let _ = write!(out, " yakuman=\"{}\"", v.join(","));
                }
                let _ = write!(out, " doraHai=\"{}\"", ids(w.dora_indicators.iter().copied()));
                if !w.ura_indicators.is_empty() {
                    let _ = write!(out, " doraHaiUra=\"{}\"", ids(w.ura_indicators.iter().copied()));
                }
                let _ = write!(out, " who=\"{}\" fromWho=\"{}\"", w.seat, w.from);
                if let Some(p) = w.pao {
                    let _ = write!(out, " paoWho=\"{p}\"");
                }
                let _ = write!(out, " sc=\"{}\"", sc(&scores, &w.deltas, n));
                for i in 0..4 {
                    scores[i] += w.deltas[i];
                }
                last_close = Some(out.len());
                out.push_str("/>");
            }
            Event::Ryuukyoku(d) => {
                let _ = write!(out, "<RYUUKYOKU ba=\"{honba},{sticks}\"");
                if let Some(t) = draw_type(d.kind).map_err(|e| refuse(e.message()))? {
                    let _ = write!(out, " type=\"{t}\"");
                }
                let _ = write!(out, " sc=\"{}\"", sc(&scores, &d.deltas, n));
                for (seat, shown) in d.shown.iter().enumerate() {
                    if let Some(h) = shown {
                        let _ = write!(out, " hai{seat}=\"{}\"", ids(h.iter().copied()));
                    }
                }
                for i in 0..4 {
                    scores[i] += d.deltas[i];
                }
                last_close = Some(out.len());
                out.push_str("/>");
            }
            Event::GameEnd { scores: fin, results } => {
                let at = last_close.ok_or_else(|| refuse("the match ends outside a finished hand"))?;
                let owari: Vec<String> = (0..n)
                    .map(|i| match results {
                        Some(r) => format!("{},{:.1}", fin[i] / 100, r[i]),
                        None => format!("{},0.0", fin[i] / 100),
                    })
                    .collect();
                out.insert_str(at, &format!(" owari=\"{}\"", owari.join(",")));
                last_close = None;
            }
        }
    }
    out.push_str("</mjloggm>");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::{parse_text, Format};

    const MINI: &str = concat!(
        r#"<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44"/>"#,
        r#"<TAIKYOKU oya="0"/><INIT seed="0,0,0,3,1,124" ten="250,250,250,250" oya="0" "#,
        r#"hai0="44,9,52,118,113,109,30,42,53,87,12,134,102" hai1="31,24,25,8,107,28,41,60,58,112,32,76,78" "#,
        r#"hai2="69,81,55,98,128,33,3,110,89,29,23,84,132" hai3="1,57,34,125,11,92,66,17,74,99,22,115,0"/>"#,
        r#"<T119/><D113/><U127/><E127/></mjloggm>"#
    );

    #[test]
    fn a_written_game_reads_back_the_same() {
        let g = parse_text(MINI, Format::Mjlog, "mini").unwrap().remove(0);
        let text = to_mjlog(&g).unwrap();
        let back = parse_text(&text, Format::Mjlog, "mini").unwrap().remove(0);
        assert_eq!(g, back);
    }

    #[test]
    fn hidden_tiles_are_refused() {
        let mut g = parse_text(MINI, Format::Mjlog, "mini").unwrap().remove(0);
        g.hidden_tiles = true;
        assert!(to_mjlog(&g).unwrap_err().message().contains("hides"));
    }

    #[test]
    fn names_are_percent_encoded() {
        assert_eq!(percent_encode("A b東"), "A%20b%E6%9D%B1");
    }
}
