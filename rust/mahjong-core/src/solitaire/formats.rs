//! Layout files other programs use, read and written:
//!
//! - KMahjongg `.layout`, v1.0 and v1.1: a header line `kmahjongg-layout-v1.0` or
//!   `-v1.1` (`mahjongg-layout-v1.1`, the same format, in other collections); v1.1 then gives the board size in half-tile cells as `w<cols>`,
//!   `h<rows>` and `d<layers>` lines (v1.0 is fixed at 32 x 16 x 5); `#` lines are
//!   comments. Then `d` blocks of `h` text rows: each tile is drawn as `12` over `43`
//!   and `1` marks its top-left cell; `.` is empty.
//! - GNOME Mahjongg `.map`: XML, `<map name=.. scorename=..>` holding `<layer z=..>`
//!   elements with `<tile x y [z]>`, `<row left right y>`, `<column x top bottom>` and
//!   `<block left right top bottom>`, coordinates in whole tiles (halves allowed), so
//!   twice their value in our half-tile units. A file may hold several maps:
//!   [`read_gnome_map`] picks one by name ([`gnome_map_names`] lists them), the
//!   others read the first.
//! - xmahjongg: one tile per line, `row column level` in half-tile units.
//! - Kyodai `.lay`, 3.0 and 6.0: a `Kyodai 3.0` (or `Kyodai 6.0`) line, a name
//!   line (`name::category`, or `NAME by AUTHOR`), then 5 x 20 x 34 characters
//!   `0`/`1`, level by level, row by row, `1` = a tile's top-left cell (6.0 writes
//!   them on one line; whitespace is ignored).
//!
//! Every reader ends in [`Layout::new`], so odd counts, too many slots and overlaps
//! are rejected with a [`Error::Layout`] naming the problem.

use super::layout::{Layout, Pos};
use crate::error::{Error, Result};

/// The file formats.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Format {
    KMahjongg10,
    KMahjongg11,
    GnomeMap,
    XMahjongg,
    Kyodai30,
}

impl Format {
    pub fn parse(s: &str) -> Result<Format> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "kmahjongg" | "kmahjongg-1.1" | "kmahjongg-v1.1" | "layout" | "kmahjongg11" => Format::KMahjongg11,
            "kmahjongg-1.0" | "kmahjongg-v1.0" | "kmahjongg10" => Format::KMahjongg10,
            "gnome" | "map" | "gnome-mahjongg" => Format::GnomeMap,
            "xmahjongg" => Format::XMahjongg,
            "kyodai" | "lay" | "kyodai-3.0" => Format::Kyodai30,
            _ => {
                return Err(Error::Layout(format!(
                    "unknown layout format {s:?}; use kmahjongg (v1.1), kmahjongg-1.0, gnome, xmahjongg or kyodai"
                )))
            }
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Format::KMahjongg10 => "kmahjongg-1.0",
            Format::KMahjongg11 => "kmahjongg",
            Format::GnomeMap => "gnome",
            Format::XMahjongg => "xmahjongg",
            Format::Kyodai30 => "kyodai",
        }
    }
}

/// Guess the format from the first non-blank characters.
pub fn detect(text: &str) -> Result<Format> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with("kmahjongg-layout-v1.0") {
        Ok(Format::KMahjongg10)
    } else if t.starts_with("kmahjongg-layout-v1") || t.starts_with("mahjongg-layout-v1") {
        Ok(Format::KMahjongg11)
    } else if t.starts_with('<') {
        Ok(Format::GnomeMap)
    } else if t.starts_with("Kyodai") {
        Ok(Format::Kyodai30)
    } else if t.starts_with(|c: char| c.is_ascii_digit() || c == '#') || t.is_empty() {
        Ok(Format::XMahjongg)
    } else {
        Err(Error::Layout(format!(
            "cannot tell the layout format of text starting {:?}",
            t.chars().take(30).collect::<String>()
        )))
    }
}

/// Read a layout in any supported format (detected from the text).
pub fn read(text: &str, name: &str) -> Result<Layout> {
    match detect(text)? {
        Format::KMahjongg10 | Format::KMahjongg11 => read_kmahjongg(text, name),
        Format::GnomeMap => read_gnome(text, name),
        Format::XMahjongg => read_xmahjongg(text, name),
        Format::Kyodai30 => read_kyodai(text, name),
    }
}

/// Write a layout in `format`.
pub fn write(layout: &Layout, format: Format) -> Result<String> {
    match format {
        Format::KMahjongg10 => write_kmahjongg(layout, false),
        Format::KMahjongg11 => write_kmahjongg(layout, true),
        Format::GnomeMap => Ok(write_gnome(layout)),
        Format::XMahjongg => Ok(write_xmahjongg(layout)),
        Format::Kyodai30 => write_kyodai(layout),
    }
}

fn err(name: &str, msg: String) -> Error {
    Error::Layout(format!("layout {name:?}: {msg}"))
}

pub fn read_kmahjongg(text: &str, name: &str) -> Result<Layout> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").trim().trim_start_matches('\u{feff}');
    let v11 = match header {
        "kmahjongg-layout-v1.0" => false,
        "kmahjongg-layout-v1.1" | "mahjongg-layout-v1.1" => true,
        _ => return Err(err(name, format!("not a KMahjongg layout: first line is {header:?}"))),
    };
    let (mut w, mut h, mut d) = (32usize, 16usize, 5usize);
    let mut rows: Vec<&str> = Vec::new();
    let mut title = name.to_owned();
    for line in lines {
        let l = line.trim_end_matches(['\r', '\n']);
        if let Some(c) = l.strip_prefix('#') {
            if let Some(n) = c.trim().strip_prefix("name:") {
                if name.is_empty() {
                    title = n.trim().to_owned();
                }
            }
            continue;
        }
        if v11 {
            let dim = |s: &str| s[1..].trim().parse::<usize>().ok();
            if l.starts_with(['w', 'h', 'd']) && l.len() > 1 && l[1..].trim().chars().all(|c| c.is_ascii_digit()) {
                let v = dim(l).ok_or_else(|| err(name, format!("bad size line {l:?}")))?;
                if v == 0 || v > KMAHJONGG_MAX_SIZE {
                    return Err(err(name, format!("size line {l:?} is out of range 1-{KMAHJONGG_MAX_SIZE}")));
                }
                match &l[..1] {
                    "w" => w = v,
                    "h" => h = v,
                    _ => d = v,
                }
                continue;
            }
        }
        if l.trim().is_empty() {
            continue;
        }
        rows.push(l);
    }
    let mut ps = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let (z, y) = (k / h, k % h);
        if z >= d {
            return Err(err(name, format!("more than {d} layers of {h} rows")));
        }
        for (x, c) in row.chars().enumerate() {
            match c {
                '1' => {
                    if x >= w {
                        return Err(err(name, format!("tile at column {x} beyond the width {w}")));
                    }
                    ps.push(Pos::new(x as u16, y as u16, z as u8));
                }
                '2' | '3' | '4' | '.' | ' ' => {}
                _ => return Err(err(name, format!("unexpected character {c:?} at layer {z}, row {y}, column {x}"))),
            }
        }
    }
    Layout::new(&title, ps)
}

/// Largest width, height and depth a KMahjongg v1.1 size line may give (read and write).
const KMAHJONGG_MAX_SIZE: usize = 1024;

pub fn write_kmahjongg(layout: &Layout, v11: bool) -> Result<String> {
    let (mut w, mut h, mut d) = layout.extent();
    let (w, h, d) = if v11 {
        // A slot at the largest coordinate reaches two cells past it, beyond what a size
        // line may say: such a layout is refused here rather than written unreadable.
        let big = w.max(h).max(u16::from(d)) as usize;
        if big > KMAHJONGG_MAX_SIZE {
            return Err(err(
                layout.name(),
                format!(
                    "needs {w} x {h} cells and {d} layers; KMahjongg v1.1 holds at most {KMAHJONGG_MAX_SIZE} of each"
                ),
            ));
        }
        (w as usize, h as usize, d as usize)
    } else {
        if w > 32 || h > 16 || d > 5 {
            return Err(err(
                layout.name(),
                format!("needs {w} x {h} cells and {d} layers; KMahjongg v1.0 holds 32 x 16 x 5 (use v1.1)"),
            ));
        }
        w = 32;
        h = 16;
        d = 5;
        (w as usize, h as usize, d as usize)
    };
    let mut grid = vec![vec![b'.'; w]; h * d];
    for p in layout.positions() {
        let (x, y, z) = (p.x as usize, p.y as usize, p.z as usize);
        let r = z * h + y;
        grid[r][x] = b'1';
        grid[r][x + 1] = b'2';
        grid[r + 1][x + 1] = b'3';
        grid[r + 1][x] = b'4';
    }
    let mut s = String::new();
    s.push_str(if v11 { "kmahjongg-layout-v1.1\n" } else { "kmahjongg-layout-v1.0\n" });
    s.push_str(&format!("# name: {}\n", layout.name()));
    if v11 {
        s.push_str(&format!("w{w}\nh{h}\nd{d}\n"));
    }
    for z in 0..d {
        s.push_str(&format!("# Level {z}\n"));
        for y in 0..h {
            s.push_str(std::str::from_utf8(&grid[z * h + y]).unwrap_or(""));
            s.push('\n');
        }
    }
    Ok(s)
}

/// Attributes of one XML start tag, `key="value"` or `key='value'`.
fn attrs(tag: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let b = tag.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && !(b[i].is_ascii_alphabetic()) {
            i += 1;
        }
        let ks = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
            i += 1;
        }
        let key = &tag[ks..i];
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        if i < b.len() && b[i] == b'=' {
            i += 1;
            while i < b.len() && b[i] == b' ' {
                i += 1;
            }
            if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                let q = b[i];
                i += 1;
                let vs = i;
                while i < b.len() && b[i] != q {
                    i += 1;
                }
                out.push((key.to_ascii_lowercase(), tag[vs..i.min(b.len())].to_owned()));
                i += 1;
            }
        }
    }
    out
}

/// The `name` attributes of the `<map>` elements of a GNOME file, in file order.
pub fn gnome_map_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("<map") {
        let Some(close) = rest[open..].find('>') else { break };
        let tag = &rest[open + 4..open + close];
        if tag.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/') || tag.is_empty() {
            let name = attrs(tag).into_iter().find(|(k, _)| k == "name").map(|(_, v)| v).unwrap_or_default();
            out.push(name);
        }
        rest = &rest[open + close..];
    }
    out
}

/// The map named `map` (its `name` or `scorename`, case-insensitive) of a GNOME
/// file; `None` reads the first. Errors name the maps there are.
pub fn read_gnome_map(text: &str, map: Option<&str>, name: &str) -> Result<Layout> {
    let Some(want) = map else { return read_gnome(text, name) };
    let lower = want.trim().to_lowercase();
    let mut rest = text;
    while let Some(open) = rest.find("<map") {
        let Some(close) = rest[open..].find('>') else { break };
        let tag = &rest[open + 4..open + close];
        let a = attrs(tag);
        let hit = a.iter().any(|(k, v)| (k == "name" || k == "scorename") && v.trim().to_lowercase() == lower);
        if hit {
            let title = a.iter().find(|(k, _)| k == "name").map(|(_, v)| v.clone()).unwrap_or_default();
            let shown = if name.is_empty() { title } else { name.to_owned() };
            return read_gnome(&rest[open..], &shown);
        }
        rest = &rest[open + close..];
    }
    Err(err(name, format!("no map named {want:?}; the file has {}", gnome_map_names(text).join(", "))))
}

pub fn read_gnome(text: &str, name: &str) -> Result<Layout> {
    let mut ps = Vec::new();
    let mut layer_z = 0.0f64;
    let mut title = String::new();
    let mut in_map = false;
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').ok_or_else(|| err(name, "unclosed '<' in the XML".into()))? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        let tname: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if tag.starts_with('/') {
            match tname.as_str() {
                "layer" => layer_z = 0.0,
                "map" if in_map => break,
                _ => {}
            }
            continue;
        }
        let a = attrs(&tag[tname.len()..]);
        let get = |k: &str| a.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        let num = |k: &str, default: Option<f64>| -> Result<f64> {
            match get(k) {
                Some(v) => v
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| err(name, format!("<{tname}> attribute {k}={v:?} is not a number"))),
                None => default.ok_or_else(|| err(name, format!("<{tname}> lacks the attribute {k}"))),
            }
        };
        let half = |v: f64| -> Result<u16> {
            let h = v * 2.0;
            if !(0.0..=1024.0).contains(&h) || h.fract() != 0.0 {
                return Err(err(name, format!("<{tname}> coordinate {v} is not a whole or half tile in range")));
            }
            Ok(h as u16)
        };
        let layer = |z: f64| -> Result<u8> {
            if !(0.0..=63.0).contains(&z) || z.fract() != 0.0 {
                return Err(err(name, format!("<{tname}> layer {z} is out of range 0-63")));
            }
            Ok(z as u8)
        };
        match tname.as_str() {
            "map" => {
                in_map = true;
                title = get("name").unwrap_or_default();
            }
            "layer" => layer_z = num("z", Some(0.0))?,
            "tile" => {
                let z = layer(num("z", Some(layer_z))?)?;
                ps.push(Pos::new(half(num("x", None)?)?, half(num("y", None)?)?, z));
            }
            "row" => {
                let z = layer(num("z", Some(layer_z))?)?;
                let (l, r, y) = (half(num("left", None)?)?, half(num("right", None)?)?, half(num("y", None)?)?);
                let mut x = l;
                while x <= r {
                    ps.push(Pos::new(x, y, z));
                    x += 2;
                }
            }
            "column" => {
                let z = layer(num("z", Some(layer_z))?)?;
                let (t, b, x) = (half(num("top", None)?)?, half(num("bottom", None)?)?, half(num("x", None)?)?);
                let mut y = t;
                while y <= b {
                    ps.push(Pos::new(x, y, z));
                    y += 2;
                }
            }
            "block" => {
                let z = layer(num("z", Some(layer_z))?)?;
                let (l, r) = (half(num("left", None)?)?, half(num("right", None)?)?);
                let (t, b) = (half(num("top", None)?)?, half(num("bottom", None)?)?);
                let mut x = l;
                while x <= r {
                    let mut y = t;
                    while y <= b {
                        ps.push(Pos::new(x, y, z));
                        y += 2;
                    }
                    x += 2;
                }
            }
            _ => {}
        }
        if ps.len() > 100_000 {
            return Err(err(name, "far too many tiles".into()));
        }
    }
    let title = if name.is_empty() { title } else { name.to_owned() };
    Layout::new(&title, ps)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

pub fn write_gnome(layout: &Layout) -> String {
    let tiles = |v: u16| if v.is_multiple_of(2) { format!("{}", v / 2) } else { format!("{}.5", v / 2) };
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mahjongg>\n");
    let n = xml_escape(layout.name());
    s.push_str(&format!("  <map name=\"{n}\" scorename=\"{n}\">\n"));
    let (_, _, d) = layout.extent();
    for z in 0..d {
        s.push_str(&format!("    <layer z=\"{z}\">\n"));
        for p in layout.positions().iter().filter(|p| p.z == z) {
            s.push_str(&format!("      <tile x=\"{}\" y=\"{}\"/>\n", tiles(p.x), tiles(p.y)));
        }
        s.push_str("    </layer>\n");
    }
    s.push_str("  </map>\n</mahjongg>\n");
    s
}

pub fn read_xmahjongg(text: &str, name: &str) -> Result<Layout> {
    let mut ps = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let nums: Vec<&str> = l.split_whitespace().collect();
        let parsed: Option<Vec<i64>> = nums.iter().map(|t| t.parse::<i64>().ok()).collect();
        match parsed {
            Some(v) if v.len() == 3 => {
                let (r, c, z) = (v[0], v[1], v[2]);
                if !(0..=1024).contains(&r) || !(0..=1024).contains(&c) || !(0..=63).contains(&z) {
                    return Err(err(name, format!("line {}: {l:?} is out of range", k + 1)));
                }
                ps.push(Pos::new(c as u16, r as u16, z as u8));
            }
            _ => return Err(err(name, format!("line {}: expected `row column level`, got {l:?}", k + 1))),
        }
    }
    Layout::new(name, ps)
}

pub fn write_xmahjongg(layout: &Layout) -> String {
    let mut s = format!("# {}: row column level, half-tile units\n", layout.name());
    for p in layout.positions() {
        s.push_str(&format!("{} {} {}\n", p.y, p.x, p.z));
    }
    s
}

const KY_W: usize = 34;
const KY_H: usize = 20;
const KY_D: usize = 5;

pub fn read_kyodai(text: &str, name: &str) -> Result<Layout> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").trim().trim_start_matches('\u{feff}');
    if header != "Kyodai 3.0" && header != "Kyodai 6.0" {
        return Err(err(name, format!("not a Kyodai layout: first line is {header:?}")));
    }
    let title_line = lines.next().unwrap_or("");
    let title = title_line.split("::").next().unwrap_or("").trim().to_owned();
    let cells: Vec<char> = lines.flat_map(|l| l.chars()).filter(|c| !c.is_whitespace()).collect();
    if cells.len() < KY_W * KY_H * KY_D {
        return Err(err(name, format!("expected {} cells of 0/1, found {}", KY_W * KY_H * KY_D, cells.len())));
    }
    let mut ps = Vec::new();
    for (k, &c) in cells.iter().take(KY_W * KY_H * KY_D).enumerate() {
        match c {
            '0' => {}
            '1' => {
                let (z, rem) = (k / (KY_W * KY_H), k % (KY_W * KY_H));
                ps.push(Pos::new((rem % KY_W) as u16, (rem / KY_W) as u16, z as u8));
            }
            _ => return Err(err(name, format!("unexpected character {c:?} in the cell grid"))),
        }
    }
    let title = if name.is_empty() { title } else { name.to_owned() };
    Layout::new(&title, ps)
}

pub fn write_kyodai(layout: &Layout) -> Result<String> {
    let (w, h, d) = layout.extent();
    if w as usize > KY_W || h as usize > KY_H || d as usize > KY_D {
        return Err(err(
            layout.name(),
            format!("needs {w} x {h} cells and {d} layers; a Kyodai 3.0 board holds {KY_W} x {KY_H} x {KY_D}"),
        ));
    }
    let mut cells = vec![b'0'; KY_W * KY_H * KY_D];
    for p in layout.positions() {
        cells[p.z as usize * KY_W * KY_H + p.y as usize * KY_W + p.x as usize] = b'1';
    }
    let mut s = format!("Kyodai 3.0\n{}\n", layout.name().replace(['\n', '\r'], " "));
    s.push_str(std::str::from_utf8(&cells).unwrap_or(""));
    s.push('\n');
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::layout::MAX_COORD;
    use crate::solitaire::layouts::{builtin, NAMES};

    #[test]
    fn round_trips() {
        for n in NAMES {
            let l = builtin(n).unwrap();
            for f in [Format::KMahjongg11, Format::GnomeMap, Format::XMahjongg, Format::KMahjongg10, Format::Kyodai30] {
                match write(&l, f) {
                    Ok(text) => {
                        assert_eq!(detect(&text).unwrap(), f, "{n} {f:?}");
                        let back = read(&text, n).unwrap();
                        assert_eq!(back.positions(), l.positions(), "{n} {f:?}");
                    }
                    Err(e) => assert!(matches!(f, Format::KMahjongg10 | Format::Kyodai30), "{n} {f:?}: {e}"),
                }
            }
        }
    }

    #[test]
    fn a_layout_at_the_largest_coordinate_is_written_only_where_it_reads_back() {
        // Found by the layout fuzz target: an XMahjongg slot at column 1,024 made a
        // KMahjongg v1.1 file of width 1,026, which the KMahjongg reader refuses.
        let edge = Layout::new("edge", vec![Pos::new(0, 0, 0), Pos::new(MAX_COORD, 0, 0)]).unwrap();
        for f in [Format::KMahjongg11, Format::GnomeMap, Format::XMahjongg, Format::KMahjongg10, Format::Kyodai30] {
            match write(&edge, f) {
                Ok(text) => assert_eq!(read(&text, "edge").unwrap().positions(), edge.positions(), "{f:?}"),
                Err(e) => assert!(e.message().contains("holds"), "{f:?}: {e}"),
            }
        }
        assert!(write(&edge, Format::KMahjongg11).unwrap_err().message().contains("at most 1024"));
    }

    #[test]
    fn reads_gnome_rows_and_blocks() {
        let text = r#"<mahjongg><map name="t" scorename="t"><layer z="0"><row left="0" right="2" y="0"/>
            <block left="0" right="1" top="2" bottom="2"/></layer><layer z="1"><tile x="0.5" y="0"/></layer></map></mahjongg>"#;
        let l = read(text, "").unwrap();
        assert_eq!(l.len(), 6);
        assert_eq!(l.name(), "t");
        assert!(l.index_of(Pos::new(1, 0, 1)).is_some());
        assert!(l.index_of(Pos::new(4, 0, 0)).is_some());
    }

    #[test]
    fn rejects_bad_files() {
        assert!(read("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n", "x").is_ok());
        assert!(read("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n43..\n", "x").unwrap_err().message().contains("odd"));
        assert!(read("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1x..\n", "x").is_err());
        assert!(read("0 0 0\n0 1 0\n", "x").unwrap_err().message().contains("overlapping"));
        assert!(read("0 0\n", "x").is_err());
        assert!(read("Kyodai 3.0\nx\n0101", "x").is_err());
    }
}
