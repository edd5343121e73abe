//! Numbers read from the JSON logs (tenhou.net/6, mjai): a value its field cannot
//! hold is refused with the field's name and the allowed range, never cast into a
//! wrapped or clamped value. The readers add the file and the line or hand.

use serde_json::Value;

/// `x` as a whole number from `lo` to `hi`.
pub fn int(x: &Value, what: &str, lo: i64, hi: i64) -> Result<i64, String> {
    match x.as_i64() {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!("{what} {x} is not a whole number from {lo} to {hi}")),
    }
}

/// Points (a score, a score change): whatever fits 32 bits.
pub fn points(x: &Value, what: &str) -> Result<i32, String> {
    int(x, what, i32::MIN as i64, i32::MAX as i64).map(|v| v as i32)
}

/// A count or code from 0 to `hi` (honba, sticks, han, fu, a limit code).
pub fn small(x: &Value, what: &str, hi: u32) -> Result<u32, String> {
    int(x, what, 0, hi as i64).map(|v| v as u32)
}

/// Up to four points values (one per seat; missing seats keep `fill`).
pub fn seat_points(a: &[Value], what: &str, fill: i32) -> Result<[i32; 4], String> {
    if a.len() > 4 {
        return Err(format!("{what} holds {} values, more than one per seat", a.len()));
    }
    let mut out = [fill; 4];
    for (i, x) in a.iter().enumerate() {
        // The value's name is built only for the refusal: this runs for every score.
        out[i] = match x.as_i64().and_then(|v| i32::try_from(v).ok()) {
            Some(v) => v,
            None => points(x, &format!("{what}[{i}]"))?,
        };
    }
    Ok(out)
}
