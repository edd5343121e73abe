//! What scoring a Taiwan hand returns: the patterns with their tai, the total and the
//! split of the hand that scored best. Fixed-size, so scoring never allocates.

use super::pattern::{Pattern, ALL_PATTERNS};
use crate::decompose::{Decomposition, Wait};

/// One scored pattern: how many times it applies (wind sets, flowers, dragon sets) and
/// the tai it brings in total.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PatternTai {
    pub pattern: Pattern,
    pub count: u8,
    pub tai: u16,
}

/// The result of scoring one winning hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TaiScore {
    entries: [PatternTai; ALL_PATTERNS.len()],
    n: u8,
    /// Sum of the patterns' tai, after the rule set's cap.
    pub total: u32,
    /// Sum before the cap.
    pub uncapped: u32,
    /// The dealer's tai (莊家 + 連莊) under the rules: added to each payment the
    /// dealer takes part in, never part of `total`.
    pub dealer_tai: u32,
    /// Bit `p as u64` set for each pattern scored.
    pub mask: u64,
    /// The concealed sets and pair of the best split (melds are the caller's).
    pub decomposition: Decomposition,
    /// Where the winning tile sits in that split: `None` = the pair, else a set index.
    pub win_group: Option<u8>,
    /// The wait shape the winning tile completed in that split.
    pub wait: Wait,
    /// True when exactly one tile kind completed the hand (獨聽 by shape).
    pub one_wait: bool,
    /// The hand was read as five sets and a pair (`decomposition`, `win_group` and
    /// `wait` describe it); false for 嚦咕嚦咕, which has no such split.
    pub five_sets: bool,
}

impl TaiScore {
    pub(crate) fn empty() -> TaiScore {
        TaiScore {
            entries: [PatternTai { pattern: Pattern::ConcealedHand, count: 0, tai: 0 }; ALL_PATTERNS.len()],
            n: 0,
            total: 0,
            uncapped: 0,
            dealer_tai: 0,
            mask: 0,
            decomposition: Decomposition::default(),
            win_group: None,
            wait: Wait::Tanki,
            one_wait: false,
            five_sets: true,
        }
    }

    /// Record `count` occurrences of `p` worth `tai` in all; a pattern whose tai is 0
    /// under the rules is switched off and not listed.
    #[inline]
    pub(crate) fn push(&mut self, p: Pattern, count: u8, tai: u16) {
        if tai == 0 || count == 0 {
            return;
        }
        let n = self.n as usize;
        if n < self.entries.len() {
            self.entries[n] = PatternTai { pattern: p, count, tai };
            self.n += 1;
            self.uncapped += tai as u32;
            self.mask |= 1 << p as u64;
        }
    }

    /// The patterns scored, in table order.
    pub fn patterns(&self) -> &[PatternTai] {
        &self.entries[..self.n as usize]
    }

    /// The tai of one pattern (0 when it did not score).
    pub fn tai_of(&self, p: Pattern) -> u16 {
        self.patterns().iter().filter(|e| e.pattern == p).map(|e| e.tai).sum()
    }

    pub(crate) fn sort(&mut self) {
        let n = self.n as usize;
        self.entries[..n].sort_unstable_by_key(|e| e.pattern);
    }
}
