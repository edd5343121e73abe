//! What one seat of a `Match` may know, as Python values: the seat's view of the
//! table and its per-seat event streams (engine dicts, or mjai lines in the
//! per-player form). Conversion only: the filtering is `mahjong_core::engine::view`.

use crate::engine::{ids, set_meld};
use mahjong_core::engine::{seat_event, Round, SeatView};
use mahjong_core::logs::Event;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The view of `seat` as a dict (keys as `SeatView` in `_core.pyi`).
pub fn view_dict<'py>(py: Python<'py>, round: &Round, seat: u8) -> PyResult<Bound<'py, PyDict>> {
    let v = SeatView::of(round, seat);
    let d = PyDict::new(py);
    d.set_item("seat", v.seat)?;
    d.set_item("players", v.players)?;
    d.set_item("round_wind", v.round_wind)?;
    d.set_item("number", v.number)?;
    d.set_item("honba", v.honba)?;
    d.set_item("sticks", v.sticks)?;
    d.set_item("dealer", v.dealer)?;
    d.set_item("scores", v.scores.to_vec())?;
    d.set_item("hand", ids(&v.hand))?;
    d.set_item("drawn", v.drawn.map(|t| t.id() as u32))?;
    let rivers = PyList::empty(py);
    for river in &v.rivers {
        let r = PyList::empty(py);
        for t in river {
            let e = PyDict::new(py);
            e.set_item("tile", t.tile.id() as u32)?;
            e.set_item("tsumogiri", t.tsumogiri)?;
            e.set_item("riichi", t.riichi)?;
            e.set_item("called", t.called)?;
            r.append(e)?;
        }
        rivers.append(r)?;
    }
    d.set_item("rivers", rivers)?;
    let melds = PyList::empty(py);
    for seat_melds in &v.melds {
        let l = PyList::empty(py);
        for m in seat_melds {
            let e = PyDict::new(py);
            set_meld(&e, m)?;
            l.append(e)?;
        }
        melds.append(l)?;
    }
    d.set_item("melds", melds)?;
    // Counts as ints: a Vec<u8> would reach Python as `bytes` (not JSON-ready).
    d.set_item("nuki", v.nuki.iter().map(|&n| u32::from(n)).collect::<Vec<_>>())?;
    d.set_item("riichi", v.riichi.to_vec())?;
    d.set_item("dora_indicators", ids(&v.dora_indicators))?;
    d.set_item("live_left", v.live_left)?;
    d.set_item("to_act", (0..4u32).filter(|s| v.to_act & (1 << s) != 0).collect::<Vec<_>>())?;
    d.set_item("revealed", ids(&v.revealed))?;
    Ok(d)
}

/// The hand's events as `seat` sees them (`None` for every seat: all of them).
pub fn seat_events(round: &Round, seat: Option<u8>) -> Vec<Event> {
    match seat {
        Some(s) => round.events.iter().map(|e| seat_event(e, s)).collect(),
        None => round.events.clone(),
    }
}
