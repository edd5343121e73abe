//! What follows a decision: discards and the claims on them, calls, kans and their
//! dora, the end of a hand by win, exhaustive draw or abortive draw.

use super::*;

/// One settled win: (winner, from, value, liable player, score changes).
pub(super) type SettledWin = (u8, u8, WinValue, Option<u8>, [i32; 4]);

impl Round {
    pub(super) fn discard(&mut self, seat: u8, tile: TileId, riichi: bool, tsumogiri: bool, judge: &mut dyn WinJudge) {
        let k = tile.tile().index();
        let uninterrupted = self.uninterrupted;
        {
            let s = &mut self.seats[seat as usize];
            s.remove(tile);
            let first = s.n_discards == 0;
            s.n_discards += 1;
            s.river_kinds |= 1 << k;
            s.furiten_temp = false;
            s.ippatsu = false;
            if !tile.tile().is_yaochuu() {
                s.nagashi = false;
            }
            if riichi {
                s.riichi = Riichi::Declared { double: uninterrupted && first };
            }
        }
        if riichi {
            self.emit(|| Event::Riichi { seat });
        }
        self.emit(|| Event::Discard { seat, tile, tsumogiri });
        self.discards_total += 1;
        if self.uninterrupted && self.discards_total <= 4 {
            self.first_winds[self.discards_total as usize - 1] = k as u8;
        }
        if self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.flip_dora();
        }
        if !self.open_claims(seat, tile, ClaimSource::Discard, riichi, judge) {
            self.mark_furiten(seat, tile, 0);
            self.after_pass(seat, None);
        }
    }

    /// Offer `tile` to the other seats; false when nobody has an option.
    pub(super) fn open_claims(
        &mut self,
        from: u8,
        tile: TileId,
        source: ClaimSource,
        riichi: bool,
        judge: &mut dyn WinJudge,
    ) -> bool {
        let mut can_ron = 0u8;
        let mut can_call = 0u8;
        let k = tile.tile().index();
        let live = self.live_left() > 0;
        let n = self.rules.players;
        let mut waits = 0u8;
        for i in 1..n {
            let t = (from + i) % n;
            let complete = self.completed_by(t, k, source);
            waits |= (complete as u8) << t;
            if self.ron_ok(t, from, tile, source, complete, judge) {
                can_ron |= 1 << t;
            }
            if source != ClaimSource::Discard || !live || self.seats[t as usize].in_riichi() {
                continue;
            }
            let c = self.seats[t as usize].counts[k];
            if self.pon_possible(t, tile)
                || (c == 3 && self.kans < 4)
                || (self.rules.chi && i == 1 && self.chi_possible(t, tile))
            {
                can_call |= 1 << t;
            }
        }
        // A closed kan's test is thirteen orphans only: not the furiten question.
        self.offer_waits = (source != ClaimSource::Ankan).then_some((from, k as u8, waits));
        if can_ron | can_call == 0 {
            return false;
        }
        self.phase = Phase::Claim { from, tile, source, can_ron, can_call, answers: [None; 4], riichi };
        true
    }

    /// Seats (other than `from` and those in `ronned`) that let a winning tile pass
    /// become furiten until their next discard, and for good when in riichi.
    pub(super) fn mark_furiten(&mut self, from: u8, tile: TileId, ronned: u8) {
        let k = tile.tile().index();
        // The offer of this tile has just passed, no hand changed since: its
        // answers stand.
        let known = self.offer_waits.take().filter(|&(f, kind, _)| f == from && kind as usize == k);
        for t in 0..self.rules.players {
            if t == from || ronned & (1 << t) != 0 {
                continue;
            }
            // The tile is a wait exactly when it completes the hand.
            let wait = match known {
                Some((_, _, waits)) => waits & (1 << t) != 0,
                None => self.completed_by(t, k, ClaimSource::Discard),
            };
            let s = &mut self.seats[t as usize];
            if wait {
                s.furiten_temp = true;
                if matches!(s.riichi, Riichi::Accepted { .. }) {
                    s.furiten_riichi = true;
                }
            }
        }
    }

    pub(super) fn resolve_claims(&mut self, judge: &mut dyn WinJudge) {
        let Phase::Claim { from, tile, source, answers, riichi, .. } = self.phase.clone() else { return };
        let n = self.rules.players;
        let mut rons: Vec<u8> =
            (1..n).map(|i| (from + i) % n).filter(|&t| answers[t as usize] == Some(Action::Ron)).collect();
        if !rons.is_empty() {
            match self.rules.multi_ron {
                MultiRon::HeadBump => rons.truncate(1),
                MultiRon::DoubleTripleDraw if rons.len() == 3 => {
                    let mut shown: [Option<Vec<TileId>>; 4] = Default::default();
                    for &w in &rons {
                        shown[w as usize] = Some(self.seats[w as usize].concealed().to_vec());
                    }
                    self.undo_declared_riichi(from, riichi);
                    self.finish_draw(DrawKind::TripleRon, [0; 4], true, [false; 4], shown);
                    return;
                }
                _ => {}
            }
            if matches!(source, ClaimSource::Kakan | ClaimSource::Ankan) && self.rules.kan_dora_on_chankan {
                self.flip_dora();
            }
            self.undo_declared_riichi(from, riichi);
            let mut wins = Vec::new();
            for (i, &w) in rons.iter().enumerate() {
                if let Some(v) = self.judge_win(w, from, tile, Some(source), judge) {
                    judge.settled(w);
                    let pao = if v.pao_applies { self.seats[w as usize].pao } else { None };
                    let sticks = if i == 0 { self.sticks } else { 0 };
                    let honba = if i == 0 || self.rules.multi_ron_honba_all { self.honba } else { 0 };
                    let d = settle::ron(&self.rules, w, from, self.dealer, v.base, honba, sticks, pao);
                    wins.push((w, from, v, pao, d));
                }
            }
            self.finish_win(wins, tile);
            return;
        }
        self.mark_furiten(from, tile, 0);
        match source {
            ClaimSource::Kakan | ClaimSource::Ankan => {
                if let Some((seat, meld)) = self.pending_kan.take() {
                    self.make_kan(seat, meld);
                }
            }
            ClaimSource::Nuki => {
                if let Some((seat, _)) = self.pending_nuki.take() {
                    self.complete_nuki(seat);
                }
            }
            ClaimSource::Discard => {
                // Pon and kan come before chi.
                let mut call = None;
                for i in 1..n {
                    let t = (from + i) % n;
                    match answers[t as usize] {
                        Some(a @ (Action::Pon { .. } | Action::Daiminkan)) => call = Some((t, a)),
                        Some(a @ Action::Chi { .. }) if call.is_none() => call = Some((t, a)),
                        _ => {}
                    }
                }
                self.after_pass(from, call.map(|(t, a)| (t, a, tile)));
            }
        }
    }

    /// A riichi declared with a tile that was ronned does not stand (no stick).
    fn undo_declared_riichi(&mut self, from: u8, riichi: bool) {
        if riichi {
            self.seats[from as usize].riichi = Riichi::None;
        }
    }

    /// The discard of `from` passed (or is being called): sticks, abortive draws,
    /// then the call or the next draw.
    pub(super) fn after_pass(&mut self, from: u8, call: Option<(u8, Action, TileId)>) {
        let s = &mut self.seats[from as usize];
        if let Riichi::Declared { double } = s.riichi {
            s.riichi = Riichi::Accepted { double };
            s.ippatsu = true;
            self.scores[from as usize] -= self.rules.riichi_stick;
            self.sticks += 1;
            self.riichi_count += 1;
            self.emit(|| Event::RiichiStick { seat: from });
            if self.rules.abort_four_riichi && self.riichi_count == 4 {
                self.finish_draw(DrawKind::FourRiichi, [0; 4], true, [false; 4], Default::default());
                return;
            }
        }
        if self.rules.abort_four_winds && self.uninterrupted && self.discards_total == 4 && call.is_none() {
            let w = self.first_winds[0];
            if (27..31).contains(&w) && self.first_winds.iter().all(|&x| x == w) {
                self.finish_draw(DrawKind::FourWinds, [0; 4], true, [false; 4], Default::default());
                return;
            }
        }
        if self.rules.abort_four_kans && self.kans == 4 && self.kan_seat_mask.count_ones() > 1 {
            self.finish_draw(DrawKind::FourKans, [0; 4], true, [false; 4], Default::default());
            return;
        }
        match call {
            Some((seat, action, tile)) => self.do_call(seat, from, tile, action),
            None if self.live_left() == 0 => self.exhaustive_draw(),
            None => self.draw_for((from + 1) % self.rules.players, false),
        }
    }

    fn take_pair(&mut self, seat: u8, want: [TileId; 2]) -> [TileId; 2] {
        let s = &mut self.seats[seat as usize];
        let mut got = want;
        for (i, w) in want.iter().enumerate() {
            // Any id of the same kind and redness will do.
            let pick = if s.has(*w) {
                Some(*w)
            } else {
                s.concealed().iter().copied().find(|t| t.tile() == w.tile() && t.is_red() == w.is_red())
            };
            if let Some(p) = pick {
                s.remove(p);
                got[i] = p;
            }
        }
        got
    }

    fn check_pao(&mut self, seat: u8, from: u8) {
        let s = &self.seats[seat as usize];
        let sets = |r: std::ops::Range<usize>| {
            s.melds().iter().filter(|m| m.kind != MeldKind::Chi && r.contains(&m.tiles[0].tile().index())).count()
        };
        let dragons = self.rules.pao_big_dragons && sets(31..34) == 3;
        let winds = self.rules.pao_big_winds && sets(27..31) == 4;
        let kans = self.rules.pao_four_kans && s.melds().iter().filter(|m| m.kind.is_kan()).count() == 4;
        if dragons || winds || kans {
            self.seats[seat as usize].pao = Some(from);
        }
    }

    fn do_call(&mut self, seat: u8, from: u8, tile: TileId, action: Action) {
        self.uninterrupted = false;
        self.break_ippatsu();
        self.seats[from as usize].nagashi = false;
        match action {
            Action::Chi { tiles } | Action::Pon { tiles } => {
                let got = self.take_pair(seat, tiles);
                let mut ids = [got[0], got[1], tile, tile];
                ids[..3].sort();
                let kind = if matches!(action, Action::Chi { .. }) { MeldKind::Chi } else { MeldKind::Pon };
                let meld = LogMeld { kind, tiles: ids, called: tile, from };
                let s = &mut self.seats[seat as usize];
                s.melds[s.n_melds as usize] = meld;
                s.n_melds += 1;
                self.emit(|| Event::Call { seat, meld });
                if kind == MeldKind::Pon {
                    self.check_pao(seat, from);
                }
                let ban = self.rules.kuikae.mask(kind, ids[0].tile().index(), tile.tile().index());
                self.phase = Phase::Turn { seat, drawn: None, kind: TurnKind::Call, kuikae: ban };
            }
            Action::Daiminkan => {
                let k = tile.tile().index();
                let mut ids = [tile; 4];
                let s = &mut self.seats[seat as usize];
                let mut got = [TileId::wrapping(0); 4];
                s.ids_of(k, &mut got);
                for (i, t) in got[..3].iter().enumerate() {
                    s.remove(*t);
                    ids[i] = *t;
                }
                ids.sort();
                let meld = LogMeld { kind: MeldKind::Daiminkan, tiles: ids, called: tile, from };
                s.melds[s.n_melds as usize] = meld;
                s.n_melds += 1;
                self.emit(|| Event::Call { seat, meld });
                self.check_pao(seat, from);
                self.rinshan_feeder = Some(from);
                self.after_kan(seat, false);
            }
            _ => {}
        }
    }

    /// The north pulled aside stands (no ron on it): it counts as dora and its
    /// owner draws a replacement tile.
    pub(super) fn complete_nuki(&mut self, seat: u8) {
        self.seats[seat as usize].kita += 1;
        self.nukis += 1;
        // No discard fed it; the replacement tile is drawn like a kan's.
        self.rinshan_feeder = None;
        self.draw_for(seat, true);
    }

    /// Complete a closed or added kan whose robbing chances have passed.
    pub(super) fn make_kan(&mut self, seat: u8, meld: LogMeld) {
        let s = &mut self.seats[seat as usize];
        if meld.kind == MeldKind::Ankan {
            for t in meld.tiles {
                s.remove(t);
            }
            s.melds[s.n_melds as usize] = meld;
            s.n_melds += 1;
        } else {
            s.remove(meld.called);
            let k = meld.tiles[0].tile().index();
            if let Some(m) = s.melds[..s.n_melds as usize]
                .iter_mut()
                .find(|m| m.kind == MeldKind::Pon && m.tiles[0].tile().index() == k)
            {
                *m = meld;
            }
        }
        self.uninterrupted = false;
        self.break_ippatsu();
        self.emit(|| Event::Call { seat, meld });
        // The next replacement tile comes from this kan, which no discard fed.
        self.rinshan_feeder = None;
        self.after_kan(seat, meld.kind == MeldKind::Ankan);
    }

    fn after_kan(&mut self, seat: u8, closed: bool) {
        self.kans += 1;
        self.kan_seat_mask |= 1 << seat;
        // A dora still waiting from an earlier open kan is shown first.
        if self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.flip_dora();
        }
        if closed || self.rules.kan_dora_open == KanDoraTiming::Immediate {
            self.flip_dora();
        } else {
            self.pending_dora += 1;
        }
        self.draw_for(seat, true);
    }

    fn exhaustive_draw(&mut self) {
        let n = self.rules.players as usize;
        let mut tenpai = [false; 4];
        let mut shown: [Option<Vec<TileId>>; 4] = Default::default();
        for s in 0..n {
            tenpai[s] = self.hidden_seats & (1 << s) == 0 && agari::is_tenpai(&self.seats[s].counts);
            if tenpai[s] {
                shown[s] = Some(self.seats[s].concealed().to_vec());
            }
        }
        let mut nagashi = [false; 4];
        if self.rules.nagashi_mangan {
            for s in 0..n {
                nagashi[s] = self.seats[s].nagashi && self.seats[s].n_discards > 0;
            }
        }
        let renchan = tenpai[self.dealer as usize];
        if nagashi.iter().any(|&x| x) {
            let d = settle::nagashi(&self.rules, nagashi, self.dealer);
            self.finish_draw(DrawKind::NagashiMangan, d, renchan, tenpai, shown);
        } else {
            let d = settle::noten(&self.rules, tenpai);
            self.finish_draw(DrawKind::Exhaustive, d, renchan, tenpai, shown);
        }
    }

    pub(super) fn finish_draw(
        &mut self,
        kind: DrawKind,
        deltas: [i32; 4],
        renchan: bool,
        tenpai: [bool; 4],
        shown: [Option<Vec<TileId>>; 4],
    ) {
        for s in 0..4 {
            self.scores[s] += deltas[s];
        }
        self.emit(|| Event::Ryuukyoku(Box::new(DrawRecord { kind, deltas, shown })));
        self.phase = Phase::Ended(Box::new(RoundEnd {
            deltas,
            wins: Vec::new(),
            draw: Some(kind),
            renchan,
            sticks_taken: false,
            tenpai,
        }));
    }

    pub(super) fn finish_win(&mut self, wins: Vec<SettledWin>, tile: TileId) {
        let mut total = [0; 4];
        let mut renchan = false;
        let mut out = Vec::new();
        for (w, from, v, pao, d) in wins {
            for s in 0..4 {
                total[s] += d[s];
                self.scores[s] += d[s];
            }
            renchan |= w == self.dealer;
            out.push((w, from, v));
            if self.record {
                let s = &self.seats[w as usize];
                let mut hand = s.concealed().to_vec();
                if w != from {
                    hand.push(tile);
                }
                hand.sort();
                let riichi = matches!(s.riichi, Riichi::Accepted { .. });
                let rec = WinRecord {
                    seat: w,
                    from,
                    hand,
                    win_tile: Some(tile),
                    points: 0,
                    dora_indicators: self.dora_indicators(),
                    ura_indicators: if riichi {
                        (0..self.dora_shown as usize).map(|i| self.wall.ura_indicator(i)).collect()
                    } else {
                        Vec::new()
                    },
                    deltas: d,
                    pao,
                    ..WinRecord::default()
                };
                self.events.push(Event::Win(Box::new(rec)));
            }
        }
        self.sticks = 0;
        self.phase = Phase::Ended(Box::new(RoundEnd {
            deltas: total,
            wins: out,
            draw: None,
            renchan,
            sticks_taken: true,
            tenpai: [false; 4],
        }));
    }
}
