//! A small reader for the flat XML that Tenhou speaks (`<NAME a="1" b="2"/>`), used
//! by both the mjlog reader and the client-protocol reader. The tags never nest in
//! a way that matters (only the `<mjloggm>` wrapper), so a tokenizer suffices and
//! gives exact byte positions for error messages.

use crate::error::{Error, Result};

/// One tag: its name, its attributes (raw text) and where it started.
#[derive(Debug, Clone)]
pub struct Tag<'a> {
    pub name: &'a str,
    pub attrs: Vec<(&'a str, &'a str)>,
    /// Byte offset of `<` in the text it was read from.
    pub offset: usize,
}

impl<'a> Tag<'a> {
    /// The value of attribute `key`, if present.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.attrs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

/// Read every tag of `text`; closing tags (`</x>`), comments and the XML declaration
/// are skipped. `base` is added to offsets (for texts cut out of a larger file).
pub fn read_tags<'a>(text: &'a str, base: usize, source: &str) -> Result<Vec<Tag<'a>>> {
    let b = text.as_bytes();
    // A draw or discard tag (`<T12/>`) is about eight bytes: room for them all.
    let mut out = Vec::with_capacity(text.len() / 8);
    let mut i = 0;
    let err = |pos: usize, why: &str| Error::LogParse(format!("{source}: byte {}: {why}", base + pos));
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if i < b.len() && (b[i] == b'/' || b[i] == b'?' || b[i] == b'!') {
            match text[i..].find('>') {
                Some(j) => {
                    i += j + 1;
                    continue;
                }
                None => return Err(err(start, "unterminated tag")),
            }
        }
        let name_start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if i == name_start {
            return Err(err(start, "tag without a name"));
        }
        let name = &text[name_start..i];
        let mut attrs = Vec::new();
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() {
                return Err(err(start, &format!("unterminated tag <{name}")));
            }
            if b[i] == b'>' {
                i += 1;
                break;
            }
            if b[i] == b'/' {
                if i + 1 < b.len() && b[i + 1] == b'>' {
                    i += 2;
                    break;
                }
                return Err(err(i, &format!("stray '/' in <{name}>")));
            }
            let k0 = i;
            while i < b.len() && b[i] != b'=' && b[i] != b'>' && !b[i].is_ascii_whitespace() {
                i += 1;
            }
            let key = &text[k0..i];
            if i >= b.len() || b[i] != b'=' {
                return Err(err(k0, &format!("attribute {key:?} of <{name}> has no value")));
            }
            i += 1;
            if i >= b.len() || b[i] != b'"' {
                return Err(err(i, &format!("attribute {key} of <{name}>: expected a quoted value")));
            }
            i += 1;
            let v0 = i;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            if i >= b.len() {
                return Err(err(v0, &format!("attribute {key} of <{name}>: unterminated value")));
            }
            attrs.push((key, &text[v0..i]));
            i += 1;
        }
        out.push(Tag { name, attrs, offset: base + start });
    }
    Ok(out)
}

/// Parse a comma-separated list of integers.
pub fn int_list(v: &str) -> Option<Vec<i64>> {
    if v.trim().is_empty() {
        return Some(Vec::new());
    }
    v.split(',').map(|x| x.trim().parse::<i64>().ok()).collect()
}

/// Decode Tenhou's `%XX` percent-encoded player names.
pub fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        // Decode from bytes, not by slicing the str: a `%` followed by a multi-byte
        // character must not split it (a damaged log once panicked here).
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(hi), Some(lo)) = (hex_digit(b[i + 1]), hex_digit(b[i + 2])) {
                out.push(hi << 4 | lo);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_digit(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decode_keeps_multibyte_text_whole() {
        assert_eq!(percent_decode("%41%e3%81%82"), "Aあ");
        assert_eq!(percent_decode("%\u{851d7}M"), "%\u{851d7}M");
        assert_eq!(percent_decode("%4"), "%4");
    }

    #[test]
    fn reads_tags_and_attributes() {
        let t = read_tags(r#"<mjloggm ver="2.3"><T12/><N who="1" m="123" /></mjloggm>"#, 0, "x").unwrap();
        assert_eq!(t.len(), 3);
        assert_eq!(t[1].name, "T12");
        assert_eq!(t[2].get("m"), Some("123"));
        assert_eq!(percent_decode("%41%72ia"), "Aria");
    }

    #[test]
    fn reports_position() {
        let e = read_tags(r#"<T1/><N who="1 m="2"/>"#, 0, "f.xml").unwrap_err();
        assert!(e.message().contains("f.xml"), "{e}");
        assert!(read_tags("<T1", 0, "f").is_err());
    }
}
