//! Integer arguments of the public API: each one's name and allowed values, declared
//! once (next to the rule or function that needs the bound) so every binding checks the
//! same range and says it the same way, as people write ranges: `0-3`, not `0..4`.

use crate::error::Error;

/// An integer argument: its name as callers write it and its inclusive range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntArg {
    pub name: &'static str,
    pub min: i128,
    pub max: i128,
}

impl IntArg {
    pub const fn new(name: &'static str, min: i128, max: i128) -> Self {
        IntArg { name, min, max }
    }

    /// Any value of a `u64` (seeds, stream indices).
    pub const fn any_u64(name: &'static str) -> Self {
        IntArg::new(name, 0, u64::MAX as i128)
    }

    /// The allowed values as a reader writes them: `0-3`, `1 or more`.
    pub fn allowed(&self) -> String {
        if self.min == self.max {
            format!("{}", self.min)
        } else if self.max == i128::MAX {
            format!("{} or more", self.min)
        } else if self.max == u64::MAX as i128 {
            format!("{}-2**64-1", self.min)
        } else {
            format!("{}-{}", self.min, self.max)
        }
    }

    /// `v` if it is allowed, else the [`Error::InvalidArgument`] naming the range.
    pub fn check(&self, v: i128) -> Result<i128, Error> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(self.refuse(&v.to_string()))
        }
    }

    /// The error for a value `got` (already written for a message) that is not allowed.
    pub fn refuse(&self, got: &str) -> Error {
        Error::InvalidArgument {
            name: self.name,
            message: format!("{} must be an integer in {}, got {got}", self.name, self.allowed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_people_write_them() {
        let seat = IntArg::new("seat", 0, 3);
        assert_eq!(seat.allowed(), "0-3");
        assert_eq!(seat.check(3), Ok(3));
        let e = seat.check(4).unwrap_err();
        assert_eq!(e.kind(), "ArgumentError");
        assert_eq!(e.message(), "seat must be an integer in 0-3, got 4");
        assert_eq!(IntArg::any_u64("seed").allowed(), "0-2**64-1");
        assert_eq!(IntArg::new("n", 1, i128::MAX).allowed(), "1 or more");
    }
}
