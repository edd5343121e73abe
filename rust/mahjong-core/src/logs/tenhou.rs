//! Tenhou's XML tags (mjlog files and the client protocol) into [`Event`]s.
//!
//! Both sources speak the same tags: `INIT`, draws `T/U/V/W` + id, discards
//! `D/E/F/G` + id, `N` calls, `REACH`, `DORA`, `AGARI`, `RYUUKYOKU`, with the final
//! result in an `owari` attribute. A client log sees the game from its own seat
//! (seat 0): other players' draws carry no id, their tsumogiri discards are written
//! in lower case, and `INIT` holds only the client's hand.

use super::event::*;
use super::meldcode;
use super::tags::{each_int, int_list, one_int, percent_decode, Tag};
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::tile::TileId;

/// Which flavour of tag stream is being read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Flavour {
    /// A complete mjlog (every tile visible).
    Mjlog,
    /// One client's side of the protocol (hidden tiles, relative seats).
    Client,
}

/// Builds games from tags; a file may hold several games (client logs).
pub struct TagReader<'s> {
    source: &'s str,
    flavour: Flavour,
    games: Vec<GameLog>,
    cur: Option<GameLog>,
    last_draw: [Option<TileId>; 4],
    round_open: bool,
    /// The discard that a chi, pon or open kan may take: the last play, if it was a
    /// discard (seat, tile).
    claimable: Option<(u8, TileId)>,
    /// Pons of this hand not yet extended to a kan (seat, tile kind, called from).
    pons: Vec<(u8, usize, u8)>,
}

/// The attributes of each seat's tiles (`INIT`'s deal, `RYUUKYOKU`'s shown hands).
const HAI: [&str; 4] = ["hai0", "hai1", "hai2", "hai3"];

fn id_of(v: i64, tag: &Tag, source: &str) -> Result<TileId> {
    if (0..136).contains(&v) {
        Ok(TileId::wrapping(v as u8))
    } else {
        Err(Error::LogParse(format!("{source}: byte {}: <{}>: tile id {v} out of range", tag.offset, tag.name)))
    }
}

impl<'s> TagReader<'s> {
    pub fn new(source: &'s str, flavour: Flavour) -> Self {
        TagReader {
            source,
            flavour,
            games: Vec::new(),
            cur: None,
            last_draw: [None; 4],
            round_open: false,
            claimable: None,
            pons: Vec::new(),
        }
    }

    /// Room for about `n` events in the game being read (a tag is at most one
    /// event), so the list is not grown step by step.
    pub fn expect_events(&mut self, n: usize) {
        self.game().events.reserve(n);
    }

    fn err(&self, tag: &Tag, why: &str) -> Error {
        Error::LogParse(format!("{}: byte {}: <{}>: {why}", self.source, tag.offset, tag.name))
    }

    fn attr<'a>(&self, tag: &Tag<'a>, key: &str) -> Result<&'a str> {
        tag.get(key).ok_or_else(|| self.err(tag, &format!("missing attribute {key}")))
    }

    fn ints(&self, tag: &Tag, key: &str) -> Result<Vec<i64>> {
        let v = self.attr(tag, key)?;
        int_list(v).ok_or_else(|| self.err(tag, &format!("attribute {key}={v:?} is not a list of integers")))
    }

    fn ints_error(&self, tag: &Tag, key: &str, v: &str) -> Error {
        self.err(tag, &format!("attribute {key}={v:?} is not a list of integers"))
    }

    /// The tile ids of attribute `key`, read in one pass into one list; as reading
    /// the integers first and then checking each id: a text that is not a list of
    /// integers is that error, else the first id out of range is.
    fn ids(&self, tag: &Tag, key: &str) -> Result<Vec<TileId>> {
        let v = self.attr(tag, key)?;
        let mut out = Vec::with_capacity(v.len() / 2 + 1);
        let mut bad = None;
        let listed = each_int(v, |x| match id_of(x, tag, self.source) {
            Ok(t) => out.push(t),
            Err(e) => {
                bad.get_or_insert(e);
            }
        });
        match (listed, bad) {
            (false, _) => Err(self.ints_error(tag, key, v)),
            (true, Some(e)) => Err(e),
            (true, None) => Ok(out),
        }
    }

    /// The first integer of attribute `key` and how many it lists, without a list.
    fn first_int(&self, tag: &Tag, key: &str) -> Result<(Option<i64>, usize)> {
        let v = self.attr(tag, key)?;
        let (mut first, mut n) = (None, 0);
        let listed = each_int(v, |x| {
            first.get_or_insert(x);
            n += 1;
        });
        if listed {
            Ok((first, n))
        } else {
            Err(self.ints_error(tag, key, v))
        }
    }

    /// Scores are written in hundreds: a value whose points do not fit an i32 is
    /// refused rather than wrapped.
    fn points(&self, tag: &Tag, hundreds: i64) -> Result<i32> {
        hundreds
            .checked_mul(100)
            .and_then(|p| i32::try_from(p).ok())
            .ok_or_else(|| self.err(tag, &format!("score {hundreds} (in hundreds) out of range")))
    }

    /// A small non-negative count or code (a yaku id, han, fu): refused when it is
    /// negative or above `max`, so that no later sum or cast can wrap.
    fn small(&self, tag: &Tag, what: &str, v: i64, max: u32) -> Result<u32> {
        if (0..=max as i64).contains(&v) {
            Ok(v as u32)
        } else {
            Err(self.err(tag, &format!("{what} {v} out of range 0-{max}")))
        }
    }

    fn seat(&self, tag: &Tag, key: &str) -> Result<u8> {
        match self.first_int(tag, key)? {
            (Some(s), 1) if (0..4).contains(&s) => Ok(s as u8),
            _ => Err(self.err(tag, &format!("{key} is not a seat 0-3"))),
        }
    }

    #[inline]
    fn game(&mut self) -> &mut GameLog {
        if self.cur.is_none() {
            self.start_game();
        }
        // The branch above guarantees Some.
        match self.cur.as_mut() {
            Some(g) => g,
            None => unreachable!(),
        }
    }

    #[cold]
    fn start_game(&mut self) {
        let n = self.games.len();
        self.cur = Some(GameLog {
            source: format!("{}#{n}", self.source),
            n_players: 4,
            hidden_tiles: self.flavour == Flavour::Client,
            ..GameLog::default()
        });
        // A client log's games are not sized by their tags (the mjlog reader's
        // expect_events): room for a whole east-south game's events at once.
        if self.flavour == Flavour::Client {
            if let Some(g) = self.cur.as_mut() {
                g.events.reserve(1024);
            }
        }
    }

    #[inline]
    fn push(&mut self, e: Event) {
        self.game().events.push(e);
    }

    fn finish_game(&mut self) {
        if let Some(g) = self.cur.take() {
            if !g.events.is_empty() {
                self.games.push(g);
            }
        }
        self.round_open = false;
    }

    /// Feed one tag.
    pub fn tag(&mut self, tag: &Tag) -> Result<()> {
        let name = tag.name;
        // Draws and discards (a letter and digits) are most tags: told apart first,
        // as no named tag below has that shape.
        if let [first @ (b'T'..=b'W' | b'D'..=b'G' | b'd'..=b'g'), rest @ ..] = name.as_bytes() {
            if rest.iter().all(u8::is_ascii_digit) {
                return self.draw_or_discard(tag, *first, rest);
            }
        }
        match name {
            "GO" => {
                if self.cur.as_ref().is_some_and(|g| !g.events.is_empty()) {
                    self.finish_game();
                }
                let t = self.first_int(tag, "type")?.0.unwrap_or(0).max(0) as u32;
                let mut rules = LogRules::from_go_type(t);
                if let Some(l) = tag.get("lobby").and_then(|v| v.trim().parse::<u32>().ok()) {
                    rules.custom |= l >= 10000;
                }
                let g = self.game();
                g.n_players = if rules.sanma { 3 } else { 4 };
                g.rules = rules;
            }
            "UN" if tag.get("n0").is_some() => {
                let mut names: [String; 4] = Default::default();
                for (key, n) in ["n0", "n1", "n2", "n3"].into_iter().zip(names.iter_mut()) {
                    *n = tag.get(key).map(percent_decode).unwrap_or_default();
                }
                self.game().names = names;
            }
            "INIT" | "REINIT" => self.init(tag)?,
            "N" => {
                self.need_round(tag)?;
                let who = self.seat(tag, "who")?;
                let code = self
                    .first_int(tag, "m")?
                    .0
                    .filter(|&c| (0..=u32::MAX as i64).contains(&c))
                    .ok_or_else(|| self.err(tag, "bad m"))?;
                if meldcode::is_nuki(code as u32) {
                    let tile = id_of(code >> 8, tag, self.source)?;
                    if tile.tile().index() != 30 {
                        return Err(
                            self.err(tag, &format!("a north pulled aside must be a north, not tile id {}", tile.id()))
                        );
                    }
                    self.claimable = None;
                    self.push(Event::Nuki { seat: who, tile });
                    return Ok(());
                }
                // The code counts the caller's relative seats over four places even
                // at a three-player table (the empty seat keeps its place).
                let meld = meldcode::decode(code as u32, who, 4).map_err(|e| self.err(tag, e.message()))?;
                self.check_call(tag, who, &meld)?;
                self.claimable = None;
                self.push(Event::Call { seat: who, meld });
            }
            "REACH" => {
                self.need_round(tag)?;
                let who = self.seat(tag, "who")?;
                match self.first_int(tag, "step")? {
                    (Some(1), 1) => self.push(Event::Riichi { seat: who }),
                    (Some(2), 1) => self.push(Event::RiichiStick { seat: who }),
                    _ => return Err(self.err(tag, "step must be 1 or 2")),
                }
            }
            "DORA" => {
                self.need_round(tag)?;
                let h = self.ids(tag, "hai")?;
                match h.as_slice() {
                    [t] => self.push(Event::Dora { indicator: *t }),
                    _ => return Err(self.err(tag, "hai must be one tile")),
                }
            }
            "AGARI" => self.agari(tag)?,
            "RYUUKYOKU" => self.ryuukyoku(tag)?,
            // Other tags (TAIKYOKU, SHUFFLE, PROF, BYE...) carry no play.
            _ => {}
        }
        Ok(())
    }

    /// A call must fit the play before it: a chi, pon or open kan takes the tile
    /// just discarded by the seat it names; a kakan extends a pon of the caller's.
    fn check_call(&mut self, tag: &Tag, who: u8, meld: &LogMeld) -> Result<()> {
        let kind = meld.tiles[0].tile().index();
        match meld.kind {
            MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => {
                if meld.from == who || self.claimable != Some((meld.from, meld.called)) {
                    return Err(self.err(
                        tag,
                        &format!(
                            "seat {who} calls tile id {} from seat {}, which did not just discard it",
                            meld.called.id(),
                            meld.from
                        ),
                    ));
                }
                if meld.kind == MeldKind::Pon {
                    self.pons.push((who, kind, meld.from));
                }
            }
            // The added kan keeps the pon's origin (its code says where from).
            MeldKind::Kakan => match self.pons.iter().position(|&p| p == (who, kind, meld.from)) {
                Some(i) => {
                    self.pons.remove(i);
                }
                None => {
                    return Err(self.err(
                        tag,
                        &format!("seat {who} adds to a kan a pon it does not have (called from seat {})", meld.from),
                    ))
                }
            },
            MeldKind::Ankan => {}
        }
        Ok(())
    }

    /// Play needs an open hand: after an INIT, before its AGARI or RYUUKYOKU. After
    /// a win only another win (a double ron) may follow; play recorded after it
    /// would be lost by the writers (an mjlog holds nothing between a win and the
    /// next deal).
    #[inline]
    fn need_round(&self, tag: &Tag) -> Result<()> {
        if !self.round_open {
            Err(self.err(tag, "outside a hand (no INIT before it)"))
        } else if self.after_win() {
            Err(self.err(tag, "after the hand's end (an AGARI before it)"))
        } else {
            Ok(())
        }
    }

    fn after_win(&self) -> bool {
        self.cur.as_ref().and_then(|g| g.events.last()).is_some_and(|e| matches!(e, Event::Win(_)))
    }

    fn init(&mut self, tag: &Tag) -> Result<()> {
        let seed = self.ints(tag, "seed")?;
        if seed.len() < 6 {
            return Err(self.err(tag, "seed needs 6 numbers"));
        }
        let ten = self.ints(tag, "ten")?;
        let n = self.game().n_players as usize;
        if ten.len() < n {
            return Err(self.err(tag, "ten needs a score per player"));
        }
        let dealer = self.seat(tag, "oya")?;
        let round = seed[0];
        if !(0..16).contains(&round) || !(0..=255).contains(&seed[1]) || !(0..=255).contains(&seed[2]) {
            return Err(self.err(tag, "seed out of range"));
        }
        let dora = id_of(seed[5], tag, self.source)?;
        let mut hands = [[None; 13]; 4];
        let mut scores = [0i32; 4];
        for i in 0..ten.len().min(4).max(n) {
            scores[i] = self.points(tag, ten[i])?;
        }
        match self.flavour {
            Flavour::Mjlog => {
                for (s, h) in hands.iter_mut().enumerate().take(n) {
                    let ids = self.ids(tag, HAI[s])?;
                    if ids.len() != 13 {
                        return Err(self.err(tag, &format!("hai{s} holds {} tiles, not 13", ids.len())));
                    }
                    for (k, t) in ids.into_iter().enumerate() {
                        h[k] = Some(t);
                    }
                }
            }
            Flavour::Client => {
                let ids = self.ids(tag, "hai")?;
                if (tag.name == "INIT" && ids.len() != 13) || ids.len() > 13 {
                    return Err(self.err(tag, &format!("hai holds {} tiles, not 13", ids.len())));
                }
                for (k, t) in ids.into_iter().enumerate() {
                    hands[0][k] = Some(t);
                }
            }
        }
        let resumed = if tag.name == "REINIT" { Some(Box::new(self.reinit_table(tag)?)) } else { None };
        let start = RoundStart {
            wind: (round / 4) as u8,
            number: (round % 4) as u8,
            honba: seed[1] as u8,
            sticks: seed[2] as u8,
            dealer,
            scores,
            dora_indicator: dora,
            hands,
            resumed,
        };
        self.last_draw = [None; 4];
        self.round_open = true;
        self.claimable = None;
        self.pons.clear();
        if let Some(t) = &start.resumed {
            for (s, melds) in t.melds.iter().enumerate() {
                for m in melds.iter().filter(|m| m.kind == MeldKind::Pon) {
                    self.pons.push((s as u8, m.tiles[0].tile().index(), m.from));
                }
            }
        }
        self.game().events.push(Event::RoundStart(Box::new(start)));
        Ok(())
    }

    /// The table a `REINIT` resumes: melds `m0..m3` (packed codes), rivers
    /// `kawa0..kawa3` (tile ids; 255 marks the next tile as the riichi discard).
    fn reinit_table(&self, tag: &Tag) -> Result<Resumed> {
        let mut t = Resumed::default();
        for s in 0..4u8 {
            let i = s as usize;
            if tag.get(&format!("m{s}")).is_some() {
                for code in self.ints(tag, &format!("m{s}"))? {
                    let code =
                        u32::try_from(code).map_err(|_| self.err(tag, &format!("m{s}: bad meld code {code}")))?;
                    if meldcode::is_nuki(code) {
                        let tile = id_of((code >> 8) as i64, tag, self.source)?;
                        if tile.tile().index() != 30 {
                            return Err(self.err(tag, &format!("m{s}: a north pulled aside must be a north")));
                        }
                        t.norths[i].push(tile);
                    } else {
                        let meld = meldcode::decode(code, s, 4).map_err(|e| self.err(tag, e.message()))?;
                        t.melds[i].push(meld);
                    }
                }
            }
            if tag.get(&format!("kawa{s}")).is_some() {
                let mut marked = false;
                for v in self.ints(tag, &format!("kawa{s}"))? {
                    if v == 255 && !marked && t.riichi[i].is_none() {
                        marked = true;
                        continue;
                    }
                    let tile = id_of(v, tag, self.source)?;
                    if marked {
                        t.riichi[i] = u8::try_from(t.rivers[i].len()).ok();
                        marked = false;
                    }
                    t.rivers[i].push(tile);
                }
                if marked {
                    return Err(self.err(tag, &format!("kawa{s}: a riichi mark without its discard")));
                }
                if t.rivers[i].len() > 30 {
                    return Err(
                        self.err(tag, &format!("kawa{s}: {} discards, more than a hand has", t.rivers[i].len()))
                    );
                }
            }
        }
        Ok(t)
    }

    /// A draw (`T`-`W`) or discard (`D`-`G`, lower case: tsumogiri in the client
    /// protocol) whose name's `rest` after the letter `first` is digits only.
    #[inline]
    fn draw_or_discard(&mut self, tag: &Tag, first: u8, rest: &[u8]) -> Result<()> {
        let (is_draw, seat, lower) = match first {
            b'T' | b'U' | b'V' | b'W' => (true, first - b'T', false),
            b'D' | b'E' | b'F' | b'G' => (false, first - b'D', false),
            b'd' | b'e' | b'f' | b'g' => (false, first - b'd', true),
            _ => return Ok(()),
        };
        if rest.is_empty() && !(is_draw && self.flavour == Flavour::Client) {
            return Ok(()); // a bare <D/> in the client protocol is not a play
        }
        self.need_round(tag)?;
        let tile = if rest.is_empty() {
            None
        } else {
            let v = match rest.len() {
                ..=18 => rest.iter().fold(0i64, |n, &d| n * 10 + (d - b'0') as i64),
                _ => one_int(&tag.name[1..]).ok_or_else(|| self.err(tag, "bad tile id"))?,
            };
            Some(id_of(v, tag, self.source)?)
        };
        if is_draw {
            self.last_draw[seat as usize] = tile;
            self.claimable = None;
            self.push(Event::Draw { seat, tile });
        } else {
            let Some(t) = tile else { return Err(self.err(tag, "discard without a tile")) };
            let tsumogiri = lower || self.last_draw[seat as usize] == Some(t);
            self.last_draw[seat as usize] = None;
            self.claimable = Some((seat, t));
            self.push(Event::Discard { seat, tile: t, tsumogiri });
        }
        Ok(())
    }

    fn deltas(&self, tag: &Tag) -> Result<[i32; 4]> {
        let sc = self.ints(tag, "sc")?;
        let n = self.game_n();
        if sc.len() < 2 * n {
            return Err(self.err(tag, "sc needs a score and a change per player"));
        }
        // Four pairs when given: in a three-player client log the empty seat can be
        // any relative seat, not always the last.
        let mut d = [0; 4];
        for i in 0..(sc.len() / 2).min(4) {
            d[i] = self.points(tag, sc[2 * i + 1])?;
        }
        Ok(d)
    }

    fn game_n(&self) -> usize {
        self.cur.as_ref().map(|g| g.n_players as usize).unwrap_or(4)
    }

    fn owari(&mut self, tag: &Tag) -> Result<()> {
        if let Some(v) = tag.get("owari") {
            let parts: Vec<&str> = v.split(',').collect();
            let n = self.game_n();
            if parts.len() < 2 * n {
                return Err(self.err(tag, "owari needs a score and a result per player"));
            }
            let mut scores = [0; 4];
            let mut results = [0.0; 4];
            for i in 0..(parts.len() / 2).min(4).max(n) {
                let s: i64 = parts[2 * i].trim().parse().map_err(|_| self.err(tag, "bad owari score"))?;
                scores[i] = self.points(tag, s)?;
                results[i] = parts[2 * i + 1].trim().parse().map_err(|_| self.err(tag, "bad owari result"))?;
            }
            self.push(Event::GameEnd { scores, results: Some(results) });
            self.round_open = false;
            self.finish_game();
        }
        Ok(())
    }

    fn agari(&mut self, tag: &Tag) -> Result<()> {
        if !(self.round_open && self.after_win()) {
            self.need_round(tag)?;
        }
        let seat = self.seat(tag, "who")?;
        let from = self.seat(tag, "fromWho")?;
        let hand = self.ids(tag, "hai")?;
        let ten = self.ints(tag, "ten")?;
        if ten.len() < 3 {
            return Err(self.err(tag, "ten needs fu, points and limit"));
        }
        let machi = self.ids(tag, "machi")?;
        let pairs = tag.get("yaku").map(|_| self.ints(tag, "yaku")).transpose()?.unwrap_or_default();
        // Tenhou's yaku ids are below 60 and no yaku is worth more than 13 han; the
        // bounds here are looser, only so that the han sum cannot overflow.
        let yaku = pairs
            .chunks(2)
            .filter(|c| c.len() == 2)
            .map(|c| Ok((self.small(tag, "yaku id", c[0], 255)?, self.small(tag, "yaku han", c[1], 1000)?)))
            .collect::<Result<Vec<(u32, u32)>>>()?;
        let yakuman = tag
            .get("yakuman")
            .map(|_| self.ints(tag, "yakuman"))
            .transpose()?
            .unwrap_or_default()
            .into_iter()
            .map(|v| self.small(tag, "yakuman id", v, 255))
            .collect::<Result<Vec<u32>>>()?;
        if let Some(why) = super::event::yaku_kinds_fault(&yaku, &yakuman) {
            return Err(self.err(tag, &why));
        }
        let dora_indicators = self.ids(tag, "doraHai")?;
        let ura_indicators = if tag.get("doraHaiUra").is_some() { self.ids(tag, "doraHaiUra")? } else { Vec::new() };
        let pao = if tag.get("paoWho").is_some() { Some(self.seat(tag, "paoWho")?) } else { None };
        // `han` is not Tenhou's: this crate's mjlog writer keeps the han of a record
        // that names no yaku there.
        let stated = tag.get("han").map(|_| self.ints(tag, "han")).transpose()?;
        let han = match stated.as_deref() {
            Some([h]) if yaku.is_empty() => (*h).clamp(0, 1000) as u32,
            _ => yaku.iter().map(|y| y.1).sum::<u32>(),
        };
        let rec = WinRecord {
            seat,
            from,
            hand,
            win_tile: machi.first().copied(),
            han,
            fu: self.small(tag, "fu", ten[0], 1000)?,
            points: i32::try_from(ten[1]).map_err(|_| self.err(tag, &format!("points {} out of range", ten[1])))?,
            limit: ten[2].clamp(0, 9) as u8,
            yaku,
            yakuman,
            dora_indicators,
            ura_indicators,
            deltas: self.deltas(tag)?,
            pao,
        };
        self.push(Event::Win(Box::new(rec)));
        self.owari(tag)
    }

    fn ryuukyoku(&mut self, tag: &Tag) -> Result<()> {
        self.need_round(tag)?;
        let kind = match tag.get("type") {
            None => DrawKind::Exhaustive,
            Some("yao9") => DrawKind::NineTerminals,
            Some("kaze4") => DrawKind::FourWinds,
            Some("reach4") => DrawKind::FourRiichi,
            Some("ron3") => DrawKind::TripleRon,
            Some("kan4") => DrawKind::FourKans,
            Some("nm") => DrawKind::NagashiMangan,
            Some(t) => return Err(self.err(tag, &format!("unknown draw type {t:?}"))),
        };
        let mut shown: [Option<Vec<TileId>>; 4] = Default::default();
        for (key, slot) in HAI.into_iter().zip(shown.iter_mut()) {
            if tag.get(key).is_some() {
                *slot = Some(self.ids(tag, key)?);
            }
        }
        let rec = DrawRecord { kind, deltas: self.deltas(tag)?, shown };
        self.push(Event::Ryuukyoku(Box::new(rec)));
        self.round_open = false;
        self.owari(tag)
    }

    /// All games read; an unfinished last game is kept (its events are complete up
    /// to where the log stops).
    pub fn finish(mut self) -> Vec<GameLog> {
        self.finish_game();
        self.games
    }
}
