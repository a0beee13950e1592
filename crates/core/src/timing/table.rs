//! Values indexed by bitwidth, looked up by ceiling.
//!
//! Invariant: a table has at least one entry, widths are strictly increasing and positive.
//! A lookup takes the entry of the smallest listed width at or above the requested one; above
//! the largest listed width it takes the largest entry (a wider operator is at least as slow
//! as the widest one characterised, and no wider one was characterised).

/// A value per bitwidth (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct BitwidthTable<T> {
    entries: Vec<(u32, T)>,
}

impl<T> BitwidthTable<T> {
    /// One value for every width.
    pub fn uniform(value: T) -> Self {
        BitwidthTable {
            entries: vec![(u32::MAX, value)],
        }
    }

    /// A table from `(width, value)` pairs in any order; `None` when empty, when a width is
    /// zero or when a width repeats.
    pub fn from_entries(mut entries: Vec<(u32, T)>) -> Option<Self> {
        entries.sort_by_key(|&(w, _)| w);
        let distinct = entries.windows(2).all(|p| p[0].0 < p[1].0);
        let positive = entries.first().is_some_and(|&(w, _)| w > 0);
        (distinct && positive).then_some(BitwidthTable { entries })
    }

    /// The entry for an operator of `width` bits (ceiling lookup; see the module
    /// documentation).
    pub fn at(&self, width: u32) -> &T {
        let i = self.entries.partition_point(|&(w, _)| w < width);
        let i = i.min(self.entries.len() - 1);
        &self.entries[i].1
    }

    /// The `(width, value)` entries in increasing width (`u32::MAX` for a uniform table).
    pub fn entries(&self) -> &[(u32, T)] {
        &self.entries
    }

    /// The same widths with each value mapped by `f`.
    pub fn map<U>(&self, f: impl Fn(&T) -> U) -> BitwidthTable<U> {
        BitwidthTable {
            entries: self.entries.iter().map(|(w, v)| (*w, f(v))).collect(),
        }
    }
}

impl<T: Copy> BitwidthTable<T> {
    /// The value for an operator of `width` bits (see [`Self::at`]).
    pub fn get(&self, width: u32) -> T {
        *self.at(width)
    }

    /// The largest value of the table.
    pub fn max(&self) -> T
    where
        T: PartialOrd,
    {
        let mut best = self.entries[0].1;
        for &(_, v) in &self.entries[1..] {
            if v > best {
                best = v;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceiling_lookup() {
        let t = BitwidthTable::from_entries(vec![(32, 2.0), (1, 1.0), (8, 1.5)]).unwrap();
        assert_eq!(t.get(1), 1.0);
        assert_eq!(t.get(2), 1.5);
        assert_eq!(t.get(8), 1.5);
        assert_eq!(t.get(9), 2.0);
        assert_eq!(t.get(64), 2.0);
        assert_eq!(t.max(), 2.0);
        assert_eq!(BitwidthTable::uniform(3).get(17), 3);
        assert!(BitwidthTable::<f64>::from_entries(vec![]).is_none());
        assert!(BitwidthTable::from_entries(vec![(4, 1), (4, 2)]).is_none());
        assert!(BitwidthTable::from_entries(vec![(0, 1)]).is_none());
    }
}
