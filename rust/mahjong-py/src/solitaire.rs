//! Shanghai solitaire bindings: conversion only. Layouts, boards, the solver, the
//! generators and scoring all live in `mahjong_core::solitaire`.

use crate::detach;
use crate::errors::{IntoPyResult, LayoutError, TileParseError};
use mahjong_core::args::IntArg;
use mahjong_core::solitaire::formats::{self, Format};
use mahjong_core::solitaire::generate::{self, Generated};
use mahjong_core::solitaire::layouts;
use mahjong_core::solitaire::players::{self, Player};
use mahjong_core::solitaire::scoring::{self, Event, ScoringRules};
use mahjong_core::solitaire::{Bits, Board, Face, Geometry, Layout, Proof, SolveLimits, SolveResult, Solver};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Converters of the checked arguments (ranges declared in the core).
mod arg {
    use mahjong_core::args::IntArg;
    use mahjong_core::solitaire::generate;
    use mahjong_core::solitaire::solver::arg as solver;
    use pyo3::prelude::*;
    crate::int_param!(max_nodes: u64 = solver::MAX_NODES);
    crate::int_param!(max_millis: u64 = solver::MAX_MILLIS);
    crate::int_param!(seed: u64 = IntArg::any_u64("seed"));
    crate::int_param!(start: u64 = IntArg::any_u64("start"));
    crate::int_param!(index: u64 = IntArg::any_u64("index"));
    crate::int_param!(count: u64 = generate::SURVEY_COUNT);
    crate::int_param!(playouts: usize = generate::PLAYOUTS);
    crate::int_param!(max_attempts: usize = generate::MAX_ATTEMPTS);
    crate::text_param!(method);
    crate::text_param!(player);
    crate::int_param!(play_seed: u64 = IntArg::any_u64("play_seed"));
    crate::int_param!(code: u32 = mahjong_core::solitaire::face::CODE);
    crate::text_param!(name);
    crate::text_param!(text);
    crate::text_param!(format);
    crate::text_param!(variant);
    crate::flag_param!(reverse);
    crate::flag_param!(won);
    crate::class_param!(board: super::PyBoard);
    crate::class_param!(layout: super::PyLayout);
    pub fn map(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        if obj.is_none() {
            return Ok(None);
        }
        crate::args::text(obj, "map").map(|s| Some(s.to_owned()))
    }
    pub fn elapsed(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
        crate::args::number(obj, "elapsed")
    }
    /// `(x, y, layer)` triples of integers (the core checks their range and says
    /// which slot is out of it).
    pub fn positions(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(i64, i64, i64)>> {
        const COORD: IntArg = IntArg::new("positions", i64::MIN as i128, i64::MAX as i128);
        let bad = || {
            let got = crate::args::describe(obj);
            crate::args::named(obj, "positions", format!("positions must be (x, y, layer) triples, got {got}"))
        };
        if obj.is_instance_of::<pyo3::types::PyString>() {
            return Err(bad());
        }
        let mut out = Vec::new();
        for t in obj.try_iter().map_err(|_| bad())? {
            let t = t?;
            let v: Vec<Bound<'_, PyAny>> = match t.try_iter() {
                Ok(it) if !t.is_instance_of::<pyo3::types::PyString>() => it.collect::<PyResult<_>>()?,
                _ => return Err(bad()),
            };
            let [x, y, z] = v.as_slice() else { return Err(bad()) };
            out.push((crate::args::int(x, COORD)?, crate::args::int(y, COORD)?, crate::args::int(z, COORD)?));
        }
        Ok(out)
    }
}

/// A slot of `board` as an argument named `name`: an integer, else an `ArgumentError`
/// giving the board's range (`0-143`). A whole number past the last slot goes on to
/// the core, whose move rules say that the slot does not exist.
fn slot(board: &Board, obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<usize> {
    crate::args::int(obj, IntArg::new(name, 0, u32::MAX as i128))
        .or_else(|_| crate::args::int(obj, IntArg::new(name, 0, board.layout().len() as i128 - 1)))
}

/// A solitaire layout: slots `(x, y, layer)` in half-tile units (a tile covers
/// x..x+2, y..y+2), sorted by layer, row, column. Slot `i` of a layout is index `i`
/// everywhere else (faces, moves, solutions).
///
/// Example:
///     >>> from mahjong_fast import SolitaireLayout
///     >>> t = SolitaireLayout.builtin("turtle")
///     >>> len(t), t.positions[-1]
///     (144, (13, 7, 4))
#[pyclass(name = "SolitaireLayout", module = "mahjong_fast", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyLayout(pub Layout);

#[pymethods]
impl PyLayout {
    /// A layout from `(x, y, layer)` triples; raises `LayoutError` for an odd count,
    /// more than 256 slots, negative or huge coordinates, or overlapping slots.
    /// Layouts of more than 144 slots deal further tile sets (KMahjongg's rule).
    #[new]
    #[pyo3(signature = (positions, name = "custom"))]
    fn new(
        #[pyo3(from_py_with = arg::positions)] positions: Vec<(i64, i64, i64)>,
        #[pyo3(from_py_with = arg::name)] name: &str,
    ) -> PyResult<Self> {
        Ok(PyLayout(Layout::from_triples(name, &positions).py_err()?))
    }
    /// One of the built-in layouts: turtle, pyramid, fortress, bridge, spider.
    #[staticmethod]
    fn builtin(#[pyo3(from_py_with = arg::name)] name: &str) -> PyResult<Self> {
        Ok(PyLayout(layouts::builtin(name).py_err()?))
    }
    /// Names of the built-in layouts.
    #[staticmethod]
    fn builtin_names() -> Vec<&'static str> {
        layouts::NAMES.to_vec()
    }
    /// Read a layout file's text; the format (KMahjongg .layout v1.0/v1.1 and
    /// mahjongg-layout-v1.1, GNOME .map, xmahjongg, Kyodai 3.0/6.0 .lay) is detected
    /// from the text. `map` picks a GNOME file's map by name (default: the first).
    #[staticmethod]
    #[pyo3(signature = (text, name = "", map = None))]
    fn read(
        #[pyo3(from_py_with = arg::text)] text: &str,
        #[pyo3(from_py_with = arg::name)] name: &str,
        #[pyo3(from_py_with = arg::map)] map: Option<String>,
    ) -> PyResult<Self> {
        match map.as_deref() {
            Some(m) => {
                if formats::detect(text).py_err()? != Format::GnomeMap {
                    return Err(LayoutError::new_err(format!(
                        "map={m:?} was given but the text is not a GNOME .map file"
                    )));
                }
                Ok(PyLayout(formats::read_gnome_map(text, Some(m), name).py_err()?))
            }
            None => Ok(PyLayout(formats::read(text, name).py_err()?)),
        }
    }
    /// The map names of a GNOME .map file's text, in file order.
    #[staticmethod]
    fn map_names(#[pyo3(from_py_with = arg::text)] text: &str) -> Vec<String> {
        formats::gnome_map_names(text)
    }
    /// The layout as text in `format`: "kmahjongg" (v1.1), "kmahjongg-1.0",
    /// "gnome", "xmahjongg" or "kyodai".
    fn write(&self, #[pyo3(from_py_with = arg::format)] format: &str) -> PyResult<String> {
        formats::write(&self.0, Format::parse(format).py_err()?).py_err()
    }
    #[getter]
    fn name(&self) -> String {
        self.0.name().to_owned()
    }
    /// The slots as `(x, y, layer)` tuples.
    #[getter]
    fn positions(&self) -> Vec<(u32, u32, u32)> {
        self.0.positions().iter().map(|p| (p.x as u32, p.y as u32, p.z as u32)).collect()
    }
    /// (width, height) in half-tile units and the number of layers.
    fn extent(&self) -> (u32, u32, u32) {
        let (w, h, d) = self.0.extent();
        (w as u32, h as u32, d as u32)
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __eq__(&self, other: &PyLayout) -> bool {
        self.0.positions() == other.0.positions()
    }
    /// `{"name", "positions": [[x, y, layer], ...]}`: the arguments of `SolitaireLayout`.
    ///
    /// Example:
    ///     >>> from mahjong_fast import SolitaireLayout
    ///     >>> t = SolitaireLayout.builtin("pyramid")
    ///     >>> SolitaireLayout.from_dict(t.to_dict()) == t, t.to_dict()["positions"][0]
    ///     (True, [0, 0, 0])
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("name", self.0.name())?;
        let pos: Vec<[u32; 3]> = self.positions().into_iter().map(|(x, y, z)| [x, y, z]).collect();
        d.set_item("positions", pos)?;
        Ok(d)
    }
    /// The layout of `to_dict()`.
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = || LayoutError::new_err("SolitaireLayout.from_dict: \"positions\" must be [x, y, layer] triples");
        let rows: Vec<Vec<i64>> = dict_item(d, "SolitaireLayout", "positions")?.extract().map_err(|_| bad())?;
        let pos = rows
            .iter()
            .map(|r| match r.as_slice() {
                &[x, y, z] => Ok((x, y, z)),
                _ => Err(bad()),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let name: String = match dict_item(d, "SolitaireLayout", "name") {
            Ok(n) => {
                n.extract().map_err(|_| LayoutError::new_err("SolitaireLayout.from_dict: \"name\" must be a string"))?
            }
            Err(_) => "custom".into(),
        };
        Self::new(pos, &name)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::json::Reduced<'py, (Triples, String)> {
        let me = slf.get();
        Ok((slf.get_type().into_any(), (me.positions(), me.name())))
    }
    fn __repr__(&self) -> String {
        format!("SolitaireLayout({:?}, {} slots)", self.0.name(), self.0.len())
    }
}

/// Slots as `(x, y, layer)`.
type Triples = Vec<(u32, u32, u32)>;

/// Faces from Python: face codes 0..42 or text ("5p", "7z", "1f".."8f", 梅).
pub fn faces_from(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Face>> {
    let mut out = Vec::new();
    let items = obj.try_iter().ok().filter(|_| !obj.is_instance_of::<PyString>()).ok_or_else(|| {
        crate::args::named(
            obj,
            "faces",
            format!("faces must be a sequence of faces, got {}", crate::args::describe(obj)),
        )
    })?;
    for item in items {
        let item = item?;
        if let Ok(s) = item.cast::<PyString>() {
            out.push(Face::parse(crate::args::str_of(s, "faces")?).py_err()?);
        } else if let Ok(c) = item.extract::<i64>() {
            if !(0..42).contains(&c) {
                return Err(TileParseError::new_err(format!("face code {c} is out of range 0-41")));
            }
            out.push(Face::new(c as u32).py_err()?);
        } else {
            return Err(TileParseError::new_err(format!(
                "a face must be a code 0..42 or text like \"5p\", got {}",
                item.repr()?
            )));
        }
    }
    Ok(out)
}

/// A deal in play: a layout, a face on each slot and the slots still present. The
/// free-tile rule and matching are the core's; `remove` raises `IllegalMoveError`
/// saying why a pair cannot go.
///
/// Example:
///     >>> from mahjong_fast import SolitaireBoard, SolitaireLayout
///     >>> b = SolitaireBoard(SolitaireLayout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
///     >>> b.legal_pairs()
///     [(0, 1)]
#[pyclass(name = "SolitaireBoard", module = "mahjong_fast", from_py_object)]
#[derive(Clone)]
pub struct PyBoard(pub Board);

fn present_list(b: Bits, n: usize) -> Vec<usize> {
    b.iter().filter(|&i| i < n).collect()
}

fn bits_from(slots: &[usize], n: usize) -> PyResult<Bits> {
    let mut b = Bits::EMPTY;
    for &i in slots {
        if i >= n {
            return Err(LayoutError::new_err(format!(
                "slot {i} does not exist (the layout has slots 0-{})",
                n.saturating_sub(1)
            )));
        }
        b.insert(i);
    }
    Ok(b)
}

#[pymethods]
impl PyBoard {
    #[new]
    fn new(
        #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
        faces: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Ok(PyBoard(Board::new(layout.0.clone(), faces_from(faces)?).py_err()?))
    }
    #[getter]
    fn layout(&self) -> PyLayout {
        PyLayout(self.0.layout().clone())
    }
    /// Face codes, one per slot (removed slots keep theirs).
    #[getter]
    fn faces(&self) -> Vec<u32> {
        self.0.faces().iter().map(|f| f.code() as u32).collect()
    }
    /// Slots still on the board.
    #[getter]
    fn present(&self) -> Vec<usize> {
        present_list(self.0.present(), self.0.layout().len())
    }
    /// Replace the set of present slots (e.g. to load a position in progress).
    fn set_present(&mut self, slots: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.0.layout().len();
        let slots: Vec<usize> = crate::args::int_list(slots, IntArg::new("slots", 0, n as i128 - 1))?;
        let b = bits_from(&slots, n)?;
        self.0.set_present(b);
        Ok(())
    }
    /// Replace the faces (one per slot).
    fn set_faces(&mut self, faces: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.set_faces(faces_from(faces)?).py_err()
    }
    fn remaining(&self) -> usize {
        self.0.remaining()
    }
    fn is_free(&self, slot: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_free(self::slot(&self.0, slot, "slot")?))
    }
    /// Why a present slot is not free (covered, or blocked on both sides), or None.
    fn blocked_reason(&self, slot: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let slot = self::slot(&self.0, slot, "slot")?;
        if slot >= self.0.layout().len() || !self.0.present().has(slot) {
            return Ok(Some(format!("slot {slot} is not on the board")));
        }
        Ok(self.0.geometry().blocked_reason(slot, &self.0.present(), self.0.layout()))
    }
    /// The free slots.
    fn free_tiles(&self) -> Vec<usize> {
        present_list(self.0.free(), self.0.layout().len())
    }
    /// Every removable pair `(a, b)`, `a < b`.
    fn legal_pairs(&self) -> Vec<(usize, usize)> {
        self.0.legal_pairs()
    }
    /// Raises `IllegalMoveError` saying why `(a, b)` cannot be removed now.
    fn check(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<()> {
        let (a, b) = self.pair(a, b)?;
        self.0.check_pair(a, b).py_err()
    }
    fn remove(&mut self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<()> {
        let (a, b) = self.pair(a, b)?;
        self.0.remove_pair(a, b).py_err()
    }
    /// Put a removed pair back (undo).
    fn restore(&mut self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<()> {
        let (a, b) = self.pair(a, b)?;
        self.0.restore_pair(a, b).py_err()
    }
    fn is_won(&self) -> bool {
        self.0.is_won()
    }
    fn is_stuck(&self) -> bool {
        self.0.is_stuck()
    }
    /// The board as an SVG picture (notebooks; the play page's drawing code,
    /// `mahjong_fast.solitaire_svg.board_svg`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        py.import("mahjong_fast.solitaire_svg")?.getattr("board_svg")?.call1((slf,))?.extract()
    }
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let svg = Self::_repr_svg_(slf)?;
        let b = &slf.borrow().0;
        Ok(format!("<div>{svg}<p>{} of {} tiles left</p></div>", b.remaining(), b.layout().len()))
    }
    /// `{"layout": layout.to_dict(), "faces": [text per slot], "present": [slots]}`.
    ///
    /// Example:
    ///     >>> from mahjong_fast import SolitaireBoard, SolitaireLayout
    ///     >>> b = SolitaireBoard(SolitaireLayout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
    ///     >>> b.remove(0, 1)
    ///     >>> b.to_dict()["faces"], b.to_dict()["present"], SolitaireBoard.from_dict(b.to_dict()) == b
    ///     (['1m', '1m'], [], True)
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("layout", self.layout().to_dict(py)?)?;
        d.set_item("faces", self.0.faces().iter().map(|f| f.text()).collect::<Vec<_>>())?;
        d.set_item("present", self.present())?;
        Ok(d)
    }
    /// The board of `to_dict()` (a position in progress: faces and present slots).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        let layout = PyLayout::from_dict(&dict_item(d, "SolitaireBoard", "layout")?)?;
        let present: Vec<usize> = dict_item(d, "SolitaireBoard", "present")?
            .extract()
            .map_err(|_| LayoutError::new_err("SolitaireBoard.from_dict: \"present\" must be a list of slots"))?;
        Self::restored(&layout, &dict_item(d, "SolitaireBoard", "faces")?, present)
    }
    /// Unpickling: layout, face codes and present slots.
    #[staticmethod]
    fn _restore(layout: &PyLayout, faces: &Bound<'_, PyAny>, present: Vec<usize>) -> PyResult<Self> {
        Self::restored(layout, faces, present)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::json::Reduced<'py, (PyLayout, Vec<u32>, Vec<usize>)> {
        let me = slf.borrow();
        Ok((slf.get_type().getattr("_restore")?, (me.layout(), me.faces(), me.present())))
    }
    /// Equal when the layouts' slots, the faces and the present slots are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, PyBoard>>().is_ok_and(|o| {
            self.0.layout().positions() == o.0.layout().positions()
                && self.0.faces() == o.0.faces()
                && self.0.present() == o.0.present()
        })
    }
    fn __repr__(&self) -> String {
        format!(
            "SolitaireBoard({:?}, {} of {} left)",
            self.0.layout().name(),
            self.0.remaining(),
            self.0.layout().len()
        )
    }
}

impl PyBoard {
    /// Two slot arguments `a`, `b`.
    fn pair(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
        Ok((slot(&self.0, a, "a")?, slot(&self.0, b, "b")?))
    }
    fn restored(layout: &PyLayout, faces: &Bound<'_, PyAny>, present: Vec<usize>) -> PyResult<Self> {
        let b = Board::new(layout.0.clone(), faces_from(faces)?).py_err()?;
        let mut b = PyBoard(b);
        let bits = bits_from(&present, b.0.layout().len())?;
        b.0.set_present(bits);
        Ok(b)
    }
}

/// `d[key]` of a dict given to a `from_dict`, or an error naming the class and key.
fn dict_item<'py>(d: &Bound<'py, PyAny>, class: &str, key: &str) -> PyResult<Bound<'py, PyAny>> {
    let d = d.cast::<PyDict>().map_err(|_| LayoutError::new_err(format!("{class}.from_dict: expected a dict")))?;
    d.get_item(key)?.ok_or_else(|| LayoutError::new_err(format!("{class}.from_dict: missing {key:?}")))
}

fn limits(max_nodes: u64, max_millis: u64) -> SolveLimits {
    SolveLimits { max_nodes, max_millis }
}

fn result_dict<'py>(py: Python<'py>, r: &SolveResult, faces: &[Face]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("verdict", r.verdict.name())?;
    d.set_item("solution", r.solution.clone())?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("micros", r.micros)?;
    let proof = match &r.proof {
        None => None,
        Some(p) => {
            let pd = PyDict::new(py);
            match p {
                Proof::DeadGroup { group, slots } => {
                    pd.set_item("kind", "dead_group")?;
                    let face = slots.first().and_then(|&i| faces.get(i)).map(|f| f.text()).unwrap_or_default();
                    pd.set_item("group", *group)?;
                    pd.set_item("face", face)?;
                    pd.set_item("slots", slots.clone())?;
                }
                Proof::Cycle { slots } => {
                    pd.set_item("kind", "cycle")?;
                    pd.set_item("slots", slots.clone())?;
                }
                Proof::Stuck => pd.set_item("kind", "stuck")?,
                Proof::Exhausted { nodes } => {
                    pd.set_item("kind", "exhausted")?;
                    pd.set_item("nodes", *nodes)?;
                }
            }
            Some(pd)
        }
    };
    d.set_item("proof", proof)?;
    Ok(d)
}

/// Solve the board's current position. Returns a dict: `verdict` ("solvable",
/// "unsolvable" or "unknown" when the budget ran out), `solution` (removal order
/// from this position), `proof` (why it is lost), `nodes`, `micros`.
///
/// Example:
///     >>> layout = SolitaireLayout.builtin("turtle")
///     >>> r = solitaire_solve(SolitaireBoard(layout, solitaire_uniform_faces(layout, 2026, 0)))
///     >>> r["verdict"], len(r["solution"])
///     ('solvable', 72)
#[pyfunction]
#[pyo3(signature = (board, max_nodes = 20_000_000, max_millis = 10_000))]
fn solitaire_solve<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::board)] board: PyRef<'_, PyBoard>,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let b = &board.0;
    let r = detach::run(py, |cancel| {
        let geo = Geometry::new(b.layout());
        let mut solver = Solver::new(&geo);
        solver.set_cancel(cancel.clone());
        let r = solver.solve(b.faces(), b.present(), limits(max_nodes, max_millis));
        cancel.check().map(|()| r)
    })?;
    result_dict(py, &r, b.faces())
}

/// Solve many full deals on one layout on all cores (GIL released). `deals` is a
/// sequence of face lists. Returns one result dict per deal.
///
/// Example:
///     >>> layout = SolitaireLayout.builtin("turtle")
///     >>> deals = [solitaire_uniform_faces(layout, 2026, i) for i in range(3)]
///     >>> [r["verdict"] for r in solitaire_solve_many(layout, deals)]
///     ['solvable', 'solvable', 'solvable']
#[pyfunction]
#[pyo3(signature = (layout, deals, max_nodes = 20_000_000, max_millis = 10_000))]
fn solitaire_solve_many<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    deals: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut all = Vec::new();
    for d in deals.try_iter()? {
        let f = faces_from(&d?)?;
        // Validate like a board would (count and even groups).
        Board::new(layout.0.clone(), f.clone()).py_err()?;
        all.push(f);
    }
    let l = &layout.0;
    let rs =
        detach::run(py, |cancel| generate::solve_many(&Geometry::new(l), &all, limits(max_nodes, max_millis), cancel))?;
    rs.iter().zip(all.iter()).map(|(r, f)| result_dict(py, r, f)).collect()
}

/// Solve uniform random deals `start .. start + count` of the stream `seed` on all
/// cores with the GIL released. Returns `(verdicts, micros, nodes)` lists, verdicts
/// coded 0 = solvable, 1 = unsolvable, 2 = unknown.
///
/// Example:
///     >>> verdicts, micros, nodes = solitaire_survey(SolitaireLayout.builtin("turtle"), 2026, 0, 4)
///     >>> verdicts, len(micros)
///     ([0, 0, 0, 0], 4)
#[pyfunction]
#[pyo3(signature = (layout, seed, start, count, max_nodes = 20_000_000, max_millis = 10_000))]
fn solitaire_survey(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::start)] start: u64,
    #[pyo3(from_py_with = arg::count)] count: u64,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<(Vec<u32>, Vec<u64>, Vec<u64>)> {
    let l = &layout.0;
    let rows = detach::run(py, |cancel| {
        generate::survey(&Geometry::new(l), seed, start, count, limits(max_nodes, max_millis), cancel)
    })?;
    let code = |v: mahjong_core::solitaire::Verdict| match v {
        mahjong_core::solitaire::Verdict::Solvable => 0,
        mahjong_core::solitaire::Verdict::Unsolvable => 1,
        mahjong_core::solitaire::Verdict::Unknown => 2,
    };
    Ok((
        rows.iter().map(|r| code(r.verdict)).collect(),
        rows.iter().map(|r| r.micros).collect(),
        rows.iter().map(|r| r.nodes).collect(),
    ))
}

/// The uniform deal number `index` of the stream `seed` (faces only, not checked).
///
/// Example:
///     >>> faces = solitaire_uniform_faces(SolitaireLayout.builtin("turtle"), 2026, 0)
///     >>> len(faces), sorted(faces) == sorted(solitaire_uniform_faces(SolitaireLayout.builtin("turtle"), 2026, 1))
///     (144, True)
#[pyfunction]
fn solitaire_uniform_faces(
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::index)] index: u64,
) -> Vec<u32> {
    let mut rng = mahjong_core::solitaire::rng::Rng::for_index(seed, index);
    generate::uniform_faces(&mut rng, layout.0.len()).iter().map(|f| f.code() as u32).collect()
}

fn generated_dict<'py>(py: Python<'py>, g: &Generated) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("faces", g.faces.iter().map(|f| f.code() as u32).collect::<Vec<_>>())?;
    d.set_item("solution", g.solution.clone())?;
    d.set_item("method", g.method.name())?;
    d.set_item("attempts", g.attempts)?;
    Ok(d)
}

/// A solvable deal: `method` "reverse" (reverse construction) or "uniform" (uniform
/// deals kept only when proven solvable; falls back to reverse construction after
/// `max_attempts`, reported as method "reverse-fallback"). Returns a dict with
/// `faces`, `solution`, `method`, `attempts`.
///
/// Example:
///     >>> d = solitaire_deal(SolitaireLayout.builtin("turtle"), 7, method="reverse")
///     >>> d["method"], len(d["faces"]), len(d["solution"])
///     ('reverse', 144, 72)
#[pyfunction]
#[pyo3(signature = (layout, seed, method = "uniform", max_attempts = 50, max_nodes = 2_000_000, max_millis = 2_000))]
fn solitaire_deal<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::method)] method: &str,
    #[pyo3(from_py_with = arg::max_attempts)] max_attempts: usize,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let l = &layout.0;
    let g = match method {
        "reverse" => detach::run(py, |_| generate::reverse_deal(&Geometry::new(l), seed))?,
        "uniform" => detach::run(py, |cancel| {
            let lim = limits(max_nodes, max_millis);
            generate::solvable_uniform_deal(&Geometry::new(l), seed, max_attempts, lim, cancel)
        })?,
        _ => {
            return Err(LayoutError::new_err(format!("unknown deal method {method:?}; use \"uniform\" or \"reverse\"")))
        }
    };
    generated_dict(py, &g)
}

/// Face codes by slot and the pairs of slots that clear them.
type FacesAndPairs = (Vec<u32>, Vec<(usize, usize)>);

/// Faces rearranged on the board's present slots so that the position is
/// solvable. Returns `(faces, solution)`.
///
/// Example:
///     >>> layout = SolitaireLayout.builtin("turtle")
///     >>> faces, solution = solitaire_shuffle(SolitaireBoard(layout, solitaire_uniform_faces(layout, 2026, 0)), 3)
///     >>> len(faces), len(solution)
///     (144, 72)
#[pyfunction]
#[pyo3(signature = (board, seed, max_nodes = 2_000_000, max_millis = 2_000))]
fn solitaire_shuffle(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::board)] board: PyRef<'_, PyBoard>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<FacesAndPairs> {
    let b = &board.0;
    let (faces, sol) = detach::run(py, |cancel| {
        let geo = Geometry::new(b.layout());
        generate::shuffle_solvable(&geo, b.faces(), b.present(), seed, limits(max_nodes, max_millis), cancel)
    })?;
    Ok((faces.iter().map(|f| f.code() as u32).collect(), sol))
}

/// Share of `playouts` random games from the board's position that clear it.
///
/// Example:
///     >>> layout = SolitaireLayout.builtin("turtle")
///     >>> share = solitaire_playout_share(SolitaireBoard(layout, solitaire_uniform_faces(layout, 2026, 0)), 100, 1)
///     >>> 0.0 <= share <= 1.0
///     True
#[pyfunction]
#[pyo3(signature = (board, playouts = 1000, seed = 0))]
fn solitaire_playout_share(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::board)] board: PyRef<'_, PyBoard>,
    #[pyo3(from_py_with = arg::playouts)] playouts: usize,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
) -> PyResult<f64> {
    let b = &board.0;
    detach::run(py, |cancel| {
        generate::random_playout_share(&Geometry::new(b.layout()), b.faces(), b.present(), playouts, seed, cancel)
    })
}

/// Score of a game under one of the seed's variants ("time", "moves", "penalty",
/// "none"; None for "none"). `events` is a list of `(kind, seconds)` with kind
/// "pair", "hint", "shuffle" or "undo"; `options` override the variant's defaults
/// (time_start, time_per_second, points_per_pair, combo_window, combo_bonus,
/// no_help_bonus, hint_penalty, shuffle_penalty, undo_penalty).
///
/// Example:
///     >>> solitaire_score("moves", [("pair", 1.0), ("pair", 2.0)], 3.0, False)
///     25
#[pyfunction]
#[pyo3(signature = (variant, events, elapsed, won, options = None))]
fn solitaire_score(
    #[pyo3(from_py_with = arg::variant)] variant: &str,
    events: Vec<(String, f64)>,
    #[pyo3(from_py_with = arg::elapsed)] elapsed: f64,
    #[pyo3(from_py_with = arg::won)] won: bool,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<i64>> {
    let mut r = ScoringRules::preset(ScoringRules::variant_named(variant).py_err()?);
    if let Some(o) = options.filter(|o| !o.is_none()) {
        for (k, v) in crate::args::dict(o, "options")?.iter() {
            let k = crate::args::text(&k, "options")?.to_owned();
            let bad = || crate::errors::InvalidRuleError::new_err(format!("scoring option {k} must be a number"));
            match k.as_str() {
                "combo_window" => r.combo_window = v.extract().map_err(|_| bad())?,
                _ => {
                    let x: i64 = v.extract().map_err(|_| bad())?;
                    match k.as_str() {
                        "time_start" => r.time_start = x,
                        "time_per_second" => r.time_per_second = x,
                        "points_per_pair" => r.points_per_pair = x,
                        "combo_bonus" => r.combo_bonus = x,
                        "no_help_bonus" => r.no_help_bonus = x,
                        "hint_penalty" => r.hint_penalty = x,
                        "shuffle_penalty" => r.shuffle_penalty = x,
                        "undo_penalty" => r.undo_penalty = x,
                        _ => {
                            return Err(crate::errors::InvalidRuleError::new_err(format!(
                                "unknown scoring option {k:?}"
                            )))
                        }
                    }
                }
            }
        }
    }
    let mut ev = Vec::with_capacity(events.len());
    for (kind, t) in events {
        ev.push(match kind.as_str() {
            "pair" => Event::Pair(t),
            "hint" => Event::Hint(t),
            "shuffle" => Event::Shuffle(t),
            "undo" => Event::Undo(t),
            _ => return Err(crate::errors::InvalidRuleError::new_err(format!("unknown scoring event {kind:?}"))),
        });
    }
    Ok(scoring::score(&r, &ev, elapsed, won))
}

/// Text of a face code ("5p", "7z", "1f".."8f").
///
/// Example:
///     >>> solitaire_face_text(33), solitaire_face_text(34)
///     ('7z', '1f')
#[pyfunction]
fn solitaire_face_text(#[pyo3(from_py_with = arg::code)] code: u32) -> PyResult<String> {
    Ok(Face::new(code).py_err()?.text())
}

/// Face code of a text ("5p", "7z", "1f".."8f", 梅 .. 冬).
///
/// Example:
///     >>> solitaire_face_code("5p"), solitaire_face_code("梅")
///     (13, 34)
#[pyfunction]
fn solitaire_face_code(#[pyo3(from_py_with = arg::text)] text: &str) -> PyResult<u32> {
    Ok(Face::parse(text).py_err()?.code() as u32)
}

/// Wins of `playouts` games of a simple player ("random", "greedy" or "careful")
/// from the board's position (game `k` seeded by `(seed, k)`; GIL released).
///
/// Example:
///     >>> b = SolitaireBoard(SolitaireLayout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
///     >>> solitaire_player_wins(b, "careful", 3)
///     3
#[pyfunction]
#[pyo3(signature = (board, player, playouts = 100, seed = 0))]
fn solitaire_player_wins(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::board)] board: PyRef<'_, PyBoard>,
    #[pyo3(from_py_with = arg::player)] player: &str,
    #[pyo3(from_py_with = arg::playouts)] playouts: usize,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
) -> PyResult<usize> {
    let p = Player::parse(player).py_err()?;
    let b = &board.0;
    detach::run_ok(py, |_| players::wins(b.geometry(), b.faces(), b.present(), p, playouts, seed))
}

/// The atlas's deals `start .. start + count` of a layout on all cores (GIL
/// released): per deal the verdict code (0 solvable, 1 unsolvable, 2 unknown),
/// solve micros and nodes, whether the reverse generator's first face-blind
/// clearing succeeded and whether one random playout won the uniform deal and a
/// reverse-built one. Columns as lists in a dict.
///
/// Example:
///     >>> c = solitaire_atlas_deals(SolitaireLayout.builtin("turtle"), 2026, 0, 3)
///     >>> sorted(c), len(c["verdict"])
///     (['micros', 'nodes', 'random_play_reverse', 'random_play_uniform', 'reverse_first_try', 'verdict'], 3)
#[pyfunction]
#[pyo3(signature = (layout, seed, start, count, max_nodes = 200_000, max_millis = 50))]
fn solitaire_atlas_deals<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::start)] start: u64,
    #[pyo3(from_py_with = arg::count)] count: u64,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<Bound<'py, PyDict>> {
    check_count("count", count)?;
    let l = &layout.0;
    let rows = detach::run_ok(py, |_| {
        generate::atlas_deals(&Geometry::new(l), seed, start, count, limits(max_nodes, max_millis))
    })?;
    let d = PyDict::new(py);
    d.set_item("verdict", rows.iter().map(|r| verdict_code(r.verdict)).collect::<Vec<u32>>())?;
    d.set_item("micros", rows.iter().map(|r| r.micros).collect::<Vec<u64>>())?;
    d.set_item("nodes", rows.iter().map(|r| r.nodes).collect::<Vec<u64>>())?;
    d.set_item("reverse_first_try", rows.iter().map(|r| r.reverse_first_try as u32).collect::<Vec<u32>>())?;
    d.set_item("random_play_uniform", rows.iter().map(|r| r.random_play_uniform as u32).collect::<Vec<u32>>())?;
    d.set_item("random_play_reverse", rows.iter().map(|r| r.random_play_reverse as u32).collect::<Vec<u32>>())?;
    Ok(d)
}

/// Deals `start .. start + count` of `seed` (uniform, or reverse-built with
/// `reverse`) solved and played `playouts` times by each simple player on all
/// cores (GIL released): columns `verdict`, `nodes`, `micros` and the wins of
/// `random`, `greedy`, `careful`.
///
/// Example:
///     >>> c = solitaire_rate_deals(SolitaireLayout.builtin("turtle"), 1, 0, 2, False, 4, 9)
///     >>> sorted(c), len(c["careful"])
///     (['careful', 'greedy', 'micros', 'nodes', 'random', 'verdict'], 2)
#[pyfunction]
#[pyo3(signature = (layout, seed, start, count, reverse, playouts, play_seed, max_nodes = 2_000_000, max_millis = 1000))]
#[allow(clippy::too_many_arguments)]
fn solitaire_rate_deals<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::layout)] layout: PyRef<'_, PyLayout>,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::start)] start: u64,
    #[pyo3(from_py_with = arg::count)] count: u64,
    #[pyo3(from_py_with = arg::reverse)] reverse: bool,
    #[pyo3(from_py_with = arg::playouts)] playouts: usize,
    #[pyo3(from_py_with = arg::play_seed)] play_seed: u64,
    #[pyo3(from_py_with = arg::max_nodes)] max_nodes: u64,
    #[pyo3(from_py_with = arg::max_millis)] max_millis: u64,
) -> PyResult<Bound<'py, PyDict>> {
    check_count("count", count)?;
    IntArg::new("playouts", 0, 1_000_000).check(playouts as i128).py_err()?;
    let l = &layout.0;
    let rows = detach::run_ok(py, |_| {
        generate::rate_deals(
            &Geometry::new(l),
            seed,
            start,
            count,
            reverse,
            playouts,
            play_seed,
            limits(max_nodes, max_millis),
        )
    })?;
    let d = PyDict::new(py);
    d.set_item("verdict", rows.iter().map(|r| verdict_code(r.verdict)).collect::<Vec<u32>>())?;
    d.set_item("nodes", rows.iter().map(|r| r.nodes).collect::<Vec<u64>>())?;
    d.set_item("micros", rows.iter().map(|r| r.micros).collect::<Vec<u64>>())?;
    for (k, p) in Player::ALL.iter().enumerate() {
        d.set_item(p.name(), rows.iter().map(|r| r.wins[k]).collect::<Vec<u32>>())?;
    }
    Ok(d)
}

fn check_count(name: &'static str, count: u64) -> PyResult<()> {
    IntArg::new(name, 0, 1 << 32).check(count as i128).py_err().map(|_| ())
}

fn verdict_code(v: mahjong_core::solitaire::Verdict) -> u32 {
    match v {
        mahjong_core::solitaire::Verdict::Solvable => 0,
        mahjong_core::solitaire::Verdict::Unsolvable => 1,
        mahjong_core::solitaire::Verdict::Unknown => 2,
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLayout>()?;
    m.add_class::<PyBoard>()?;
    m.add_function(wrap_pyfunction!(solitaire_solve, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_survey, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_uniform_faces, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_deal, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_shuffle, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_playout_share, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_score, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_face_text, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_face_code, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_player_wins, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_atlas_deals, m)?)?;
    m.add_function(wrap_pyfunction!(solitaire_rate_deals, m)?)?;
    Ok(())
}
