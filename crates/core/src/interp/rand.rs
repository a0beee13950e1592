//! glibc's `rand()`/`srand()`: the TYPE_3 additive feedback generator (degree 31, separation
//! 3) seeded by a Park–Miller minimal standard generator, 310 outputs discarded after seeding.
//! `RAND_MAX` is 2147483647 and the default seed is 1, so sequences equal a native Linux
//! program's.

/// The generator's state.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    /// Index of the front pointer (`fptr`) and rear pointer (`rptr`) into the 31-word table.
    f: usize,
    b: usize,
    table: [i32; 31],
}

impl Default for GlibcRand {
    fn default() -> Self {
        GlibcRand::new(1)
    }
}

impl GlibcRand {
    /// A generator seeded like `srand(seed)`.
    pub fn new(seed: u32) -> Self {
        let mut g = GlibcRand {
            f: 3,
            b: 0,
            table: [0; 31],
        };
        g.seed(seed);
        g
    }

    /// `srand(seed)`.
    pub fn seed(&mut self, seed: u32) {
        let seed = if seed == 0 { 1 } else { seed };
        let mut word = seed as i32;
        self.table[0] = word;
        for i in 1..31 {
            // word = (16807 * word) % 2147483647 without overflow, as glibc computes it.
            let hi = word / 127773;
            let lo = word % 127773;
            word = 16807i32
                .wrapping_mul(lo)
                .wrapping_sub(2836i32.wrapping_mul(hi));
            if word < 0 {
                word = word.wrapping_add(2147483647);
            }
            self.table[i] = word;
        }
        self.f = 3;
        self.b = 0;
        for _ in 0..310 {
            self.rand();
        }
    }

    /// `rand()`: the next value in `0..=RAND_MAX`.
    pub fn rand(&mut self) -> i32 {
        let v = self.table[self.f].wrapping_add(self.table[self.b]);
        self.table[self.f] = v;
        let result = ((v as u32) >> 1) as i32;
        self.f = (self.f + 1) % 31;
        self.b = (self.b + 1) % 31;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_seed_matches_glibc() {
        // The first outputs of glibc's rand() without srand (well-known values).
        let mut g = GlibcRand::default();
        let first: Vec<i32> = (0..5).map(|_| g.rand()).collect();
        assert_eq!(
            first,
            vec![1804289383, 846930886, 1681692777, 1714636915, 1957747793]
        );
    }
}
