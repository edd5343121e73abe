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
    // A draw or discard tag (`<T12/>`) is about eight bytes: room for them all.
    let mut out = Vec::with_capacity(text.len() / 8);
    read_tags_into(text, base, &|| source.to_string(), &mut out)?;
    Ok(out)
}

/// [`read_tags`] appending to `out`, so that one list serves many lines (a client
/// log reads each line apart); `source` names the text only when an error is made,
/// since most texts have none.
pub fn read_tags_into<'a>(
    text: &'a str,
    base: usize,
    source: &dyn Fn() -> String,
    out: &mut Vec<Tag<'a>>,
) -> Result<()> {
    let b = text.as_bytes();
    let mut i = 0;
    let err = |pos: usize, why: &str| Error::LogParse(format!("{}: byte {}: {why}", source(), base + pos));
    while i < b.len() {
        if b[i] != b'<' {
            // Text between tags (new lines, spaces) is skipped in one search.
            match b[i..].iter().position(|&c| c == b'<') {
                Some(j) => i += j,
                None => break,
            }
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
    Ok(())
}

/// Parse a comma-separated list of integers.
pub fn int_list(v: &str) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    each_int(v, |x| out.push(x)).then_some(out)
}

/// Feed each integer of a comma-separated list to `f`, without building a list;
/// false (after feeding the ones before it) when an item is not an integer. An
/// empty or blank text is an empty list.
pub fn each_int(v: &str, mut f: impl FnMut(i64)) -> bool {
    if v.is_empty() || v.trim().is_empty() {
        return true;
    }
    // Plain digits and commas (what Tenhou writes) in one pass over the bytes; at
    // anything else the rest of the list goes item by item through `one_int`.
    let b = v.as_bytes();
    let (mut start, mut n) = (0, 0i64);
    let mut odd = false;
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_digit() && i - start < 18 {
            n = n * 10 + (c - b'0') as i64;
        } else if c == b',' && i > start {
            f(n);
            (start, n) = (i + 1, 0);
        } else {
            odd = true;
            break;
        }
    }
    if !odd && start < b.len() {
        f(n);
        return true;
    }
    // From the item that is not plain digits (or the empty one after a last comma).
    for x in v[start..].split(',') {
        match one_int(x) {
            Some(n) => f(n),
            None => return false,
        }
    }
    true
}

/// One integer as `str::parse::<i64>` reads the trimmed text; plain digits (what
/// Tenhou writes) take a short path with no overflow possible.
#[inline]
pub fn one_int(x: &str) -> Option<i64> {
    let b = x.as_bytes();
    if !b.is_empty() && b.len() <= 18 {
        let mut n = 0i64;
        for &d in b {
            if !d.is_ascii_digit() {
                return x.trim().parse::<i64>().ok();
            }
            n = n * 10 + (d - b'0') as i64;
        }
        return Some(n);
    }
    x.trim().parse::<i64>().ok()
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
    fn integers_read_as_trimmed_parse_reads_them() {
        let reference = |v: &str| -> Option<Vec<i64>> {
            if v.trim().is_empty() {
                return Some(Vec::new());
            }
            v.split(',').map(|x| x.trim().parse::<i64>().ok()).collect()
        };
        let cases = [
            "",
            " ",
            "0",
            "7,8,9",
            " 1, 2 ,3",
            "+3",
            "-4",
            "1,,2",
            "1,",
            ",1",
            "x",
            "1 2",
            "\u{3000}5",
            "999999999999999999",
            "9999999999999999999",
            "99999999999999999999",
            "-9223372036854775808",
            "000000000000000000012",
            "12a",
            "١٢",
        ];
        for v in cases {
            assert_eq!(int_list(v), reference(v), "{v:?}");
        }
        // Seeded random lists over digits, commas, signs and spaces.
        let alphabet = b"0123456789999,,, -+";
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 45) as usize;
            let v: String =
                (0..len).map(|i| alphabet[((x >> (i % 50)) as usize + i * 7) % alphabet.len()] as char).collect();
            assert_eq!(int_list(&v), reference(&v), "{v:?}");
        }
    }

    #[test]
    fn reports_position() {
        let e = read_tags(r#"<T1/><N who="1 m="2"/>"#, 0, "f.xml").unwrap_err();
        assert!(e.message().contains("f.xml"), "{e}");
        let mut out = Vec::new();
        let e = read_tags_into("  <T1/>\n<N", 30, &|| "f.log: line 4".into(), &mut out).unwrap_err();
        assert_eq!(e.message(), "f.log: line 4: byte 38: unterminated tag <N");
        assert_eq!(out.len(), 1);
        assert!(read_tags("<T1", 0, "f").is_err());
    }
}
