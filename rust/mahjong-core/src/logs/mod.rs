//! Game logs: readers for Tenhou mjlog XML (plain or gzipped), Tenhou client-protocol
//! session logs, tenhou.net/6 JSON and mjai event streams, all into the one
//! [`event::Event`] stream the engine emits; writers for mjai and tenhou.net/6 JSON.
//!
//! A log that cannot be read fully is an error ([`Error::LogParse`]) naming the file
//! and the byte or line where reading stopped; nothing is returned half-read.

// Seats index several parallel arrays at once.
#![allow(clippy::needless_range_loop)]

pub mod event;
pub mod ids;
pub mod meldcode;
pub mod mjai;
pub mod mjai_yaku;
pub mod numbers;
pub mod pack;
pub mod roundtrip;
pub mod tables;
pub mod tags;
pub mod tenhou;
pub mod tenhou6;
pub mod tenhou6_note;
pub mod write;
pub mod write_mjlog;

use crate::error::{Error, Result};
pub use event::{DrawKind, DrawRecord, Event, GameLog, LogMeld, LogRules, Resumed, RoundStart, WinRecord};
use std::io::Read;
use std::path::Path;

/// The formats a file can hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Mjlog,
    TenhouClient,
    Tenhou6,
    Mjai,
}

/// Guess the format from the text.
pub fn detect(text: &str) -> Option<Format> {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head: &str = &text[..end];
    let t = head.trim_start();
    if t.contains("<mjloggm") {
        Some(Format::Mjlog)
    } else if head.contains("Get: <") || head.contains("Send: <") {
        Some(Format::TenhouClient)
    } else if t.starts_with('{') || t.starts_with('[') {
        // mjai: one event object per line, each with a string "type"; tenhou.net/6:
        // one object with a "log" array.
        let first = t.lines().next().unwrap_or("");
        let v: Option<serde_json::Value> = serde_json::from_str(first).ok();
        let is_event = |v: &serde_json::Value| v.get("type").is_some_and(|x| x.is_string());
        match v {
            Some(serde_json::Value::Object(ref m)) if is_event(&serde_json::Value::Object(m.clone())) => {
                Some(Format::Mjai)
            }
            Some(serde_json::Value::Array(ref a)) if a.first().is_some_and(is_event) => Some(Format::Mjai),
            _ if t.contains("\"log\"") => Some(Format::Tenhou6),
            _ => None,
        }
    } else {
        None
    }
}

/// Read a file's bytes as text, gunzipping when it starts with the gzip magic.
pub fn read_text(path: &Path) -> Result<String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Error::LogParse(format!("{name}: cannot read: {e}")))?;
    decode_bytes(&bytes, &name)
}

/// Bytes (plain, gzipped or bzip2-compressed, told by their magic) to text.
pub fn decode_bytes(bytes: &[u8], name: &str) -> Result<String> {
    if bytes.starts_with(b"BZh") {
        // An mjlog compresses about fourfold: room for the whole text at once, not
        // grown (and copied) step by step.
        let mut out = String::with_capacity(bytes.len().saturating_mul(5));
        bzip2::read::MultiBzDecoder::new(bytes)
            .read_to_string(&mut out)
            .map_err(|e| Error::LogParse(format!("{name}: bad bzip2 or not UTF-8 text: {e}")))?;
        Ok(out)
    } else if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = String::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_string(&mut out)
            .map_err(|e| Error::LogParse(format!("{name}: bad gzip or not UTF-8 text: {e}")))?;
        Ok(out)
    } else {
        String::from_utf8(bytes.to_vec()).map_err(|e| {
            let what = if bytes.len() >= 8 && &bytes[4..8] == b"Bud1" {
                " (a macOS Finder .DS_Store file, not a game log)"
            } else if bytes.contains(&0) {
                " (binary data, not a game log)"
            } else {
                ""
            };
            Error::LogParse(format!("{name}: byte {}: not UTF-8 text{what}", e.utf8_error().valid_up_to()))
        })
    }
}

/// Parse text of a known format; `source` names it in errors and in the games.
pub fn parse_text(text: &str, format: Format, source: &str) -> Result<Vec<GameLog>> {
    match format {
        Format::Mjlog => {
            let tags = tags::read_tags(text, 0, source)?;
            let mut r = tenhou::TagReader::new(source, tenhou::Flavour::Mjlog);
            r.expect_events(tags.len());
            for t in &tags {
                r.tag(t)?;
            }
            Ok(r.finish())
        }
        Format::TenhouClient => {
            let mut r = tenhou::TagReader::new(source, tenhou::Flavour::Client);
            let mut offset = 0;
            // One list for every line's tags; the line is named only in an error.
            let mut line_tags = Vec::new();
            let b = text.as_bytes();
            let mut lineno = 0;
            while offset < b.len() {
                // Lines are short: a byte loop finds their ends in fewer steps than
                // a general search set up per line.
                let end = b[offset..].iter().position(|&c| c == b'\n').map_or(b.len(), |j| offset + j + 1);
                let line = &text[offset..end];
                lineno += 1;
                if let Some(rest) = line.strip_prefix("Get: ") {
                    line_tags.clear();
                    tags::read_tags_into(rest, offset + 5, &|| format!("{source}: line {lineno}"), &mut line_tags)?;
                    for t in &line_tags {
                        r.tag(t)?;
                    }
                }
                offset = end;
            }
            Ok(r.finish())
        }
        Format::Tenhou6 => tenhou6::parse(text, source).map(|g| vec![g]),
        Format::Mjai => mjai::parse(text, source),
    }
}

/// A note naming a recognised format this crate does not read, for error messages.
fn unsupported_format(text: &str) -> &'static str {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    if head.trim_start().starts_with('{') && head.contains("\"eventHistory\"") {
        ": this is mjx's protobuf JSON (mjxproto.State), which is not read"
    } else {
        ""
    }
}

/// Read every game in one file (format detected from the content).
pub fn read_file(path: &Path) -> Result<Vec<GameLog>> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    read_games(&text, &name)
}

/// Read every game in the bytes of one log (an archive's row or member): plain,
/// gzipped or bzip2-compressed text of any supported format; `name` is its source.
pub fn read_bytes(bytes: &[u8], name: &str) -> Result<Vec<GameLog>> {
    read_games(&decode_bytes(bytes, name)?, name)
}

/// Every game of a log's text, its format detected from the content.
fn read_games(text: &str, name: &str) -> Result<Vec<GameLog>> {
    let format = detect(text).ok_or_else(|| {
        Error::LogParse(format!(
            "{name}: byte 0: not a known log format (mjlog XML, Tenhou client log, tenhou.net/6 JSON, mjai){}",
            unsupported_format(text)
        ))
    })?;
    parse_text(text, format, name)
}

/// Files under `path` (itself if a file), sorted, that look like logs by extension.
pub fn list_files(path: &Path) -> Result<Vec<std::path::PathBuf>> {
    let mut out = Vec::new();
    fn walk(p: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
        if p.is_dir() {
            let mut entries: Vec<_> = std::fs::read_dir(p)?.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            entries.sort();
            for e in entries {
                walk(&e, out)?;
            }
        } else {
            let n = p.file_name().and_then(|s| s.to_str()).unwrap_or("").to_ascii_lowercase();
            let ok = [".mjlog", ".xml", ".log", ".json", ".gz", ".mjson", ".jsonl"].iter().any(|x| n.ends_with(x));
            if ok {
                out.push(p.to_path_buf());
            }
        }
        Ok(())
    }
    if !path.exists() {
        return Err(Error::LogParse(format!("{}: no such file or folder", path.display())));
    }
    if path.is_file() {
        out.push(path.to_path_buf());
    } else {
        walk(path, &mut out).map_err(|e| Error::LogParse(format!("{}: cannot list: {e}", path.display())))?;
    }
    Ok(out)
}
