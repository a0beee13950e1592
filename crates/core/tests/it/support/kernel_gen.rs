//! Random kernels in the Dynamatic format, for tests that push odd control flow through the
//! whole pipeline: a kernel `k(unsigned a[N], unsigned b[N], unsigned c[N], float h[N],
//! unsigned s)` of nested counted loops, bounded data-dependent `while` loops, `if`/`else`,
//! `break`, loads and stores with data-dependent indices, integer arithmetic, a 64-bit scalar
//! (`unsigned long long`: wrapping multiplies by a 64-bit constant, shifts by 0..63) and a
//! single-precision accumulator (pipelined floating-point units on loops), and a `main` that
//! fills the arrays with `rand()` and calls it once with `CALL_KERNEL`.
//!
//! Mixed in are the memory patterns load-store queues exist for, whose conflicts are only known
//! at run time: indices loaded from arrays (`a[c[i] & 15u]`, mostly from the index array `c`),
//! read-modify-writes through them (`a[c[i] & 15u] += …`, `h[b[i] % 16u] += …` in float),
//! stores under conditions at indices that repeat (`if (…) a[i >> 1] = …;`), a producer loop
//! then a consumer loop over one array, loops that read `a[i - 1]` and `a[i + 1]` while writing
//! `a[i]`, and triangular nests (`for i, for j < i: a[i] -= a[j] * …`).
//!
//! Invariants: every program is inside the C subset and well defined in C (indices masked
//! into range, divisors in 1..8, shift amounts in 0..7, integer arithmetic in `unsigned`,
//! the accumulator kept in `[0, 512)` so that its conversion back is defined; `h` holds
//! non-negative multiples of 0.25 that start below 4, and a write makes an element at most
//! 1.75 above the largest one, so that its sums are exact and its conversion to `unsigned` is
//! defined), terminates (every loop is bounded by a constant), and the same seed always gives
//! the same program.

/// The arrays' length (a power of two: indices are masked with `N - 1` or taken `% N`).
const N: u32 = 16;

/// SplitMix64: small, deterministic, good enough to pick program shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }

    /// True with probability `percent` %.
    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

/// The program's state while it is written: the scalars and loop counters in scope.
struct Writer {
    rng: Rng,
    out: String,
    /// Loop counters in scope (read-only inside their loops).
    counters: Vec<String>,
    /// How many loops were opened so far (names counters uniquely).
    loops: u32,
    /// Statements written so far (bounds the program's size).
    statements: u32,
}

/// The kernel's scalar variables, all `unsigned` (wrapping arithmetic is defined in C).
const SCALARS: [&str; 3] = ["x", "y", "z"];

/// The most statements a program gets.
const MAX_STATEMENTS: u32 = 14;

/// The C program of `seed`, its kernel function named `name` (a C identifier; the kernel's
/// file must be `name.c`).
pub fn kernel(name: &str, seed: u64) -> String {
    let mut w = Writer {
        rng: Rng(seed),
        out: String::new(),
        counters: Vec::new(),
        loops: 0,
        statements: 0,
    };
    let (rom, table) = (w.constants(), w.constants());
    w.out.push_str(&format!(
        "#include \"dynamatic/Integration.h\"\n#include <stdlib.h>\n#define N {N}\n\n\
         const unsigned rom[8] = {{{rom}}};\n\n\
         unsigned {name}(unsigned a[N], unsigned b[N], unsigned c[N], float h[N], unsigned s) {{\n  \
         unsigned x = s;\n  unsigned y = 1u;\n  unsigned z = 0u;\n  float f = 0.0f;\n  \
         int v = 0;\n  unsigned long long u = 0x9e3779b97f4a7c15ull;\n  \
         unsigned t[8] = {{{table}}};\n"
    ));
    if w.rng.chance(40) {
        w.memory_loops(0);
    }
    w.top_loop();
    if w.rng.chance(40) {
        w.memory_loops(0);
    }
    w.out
        .push_str("  return x ^ (y + z) ^ (unsigned)f ^ (unsigned)v ^ (unsigned)(u >> 29) ^ t[x & 7u];\n}\n\n");
    w.out.push_str(&format!(
        "int main(void) {{\n  unsigned a[N];\n  unsigned b[N];\n  unsigned c[N];\n  \
         float h[N];\n  srand({});\n  for (int i = 0; i < N; i++) {{\n    \
         a[i] = (unsigned)(rand() % 200);\n    b[i] = (unsigned)(rand() % 50);\n    \
         c[i] = (unsigned)(rand() % 64);\n    h[i] = (float)(rand() % 16) * 0.25f;\n  }}\n  \
         CALL_KERNEL({name}, a, b, c, h, {}u);\n  return 0;\n}}\n",
        seed % 1000,
        seed % 97
    ));
    w.out
}

impl Writer {
    /// Eight constants below 1000, as a C initializer list.
    fn constants(&mut self) -> String {
        let c: Vec<String> = (0..8)
            .map(|_| format!("{}u", self.rng.below(1000)))
            .collect();
        c.join(", ")
    }

    fn indent(&self, depth: usize) -> String {
        "  ".repeat(depth + 1)
    }

    /// The outer loop every kernel has (so that buffer placement has a loop to work on).
    fn top_loop(&mut self) {
        let trips = 4 + self.rng.below(N - 3);
        self.counted_loop(0, trips);
    }

    /// `for (unsigned iK = 0; iK < trips; iK++) { … }` at `depth`.
    fn counted_loop(&mut self, depth: usize, trips: u32) {
        let i = format!("i{}", self.loops);
        self.loops += 1;
        let pad = self.indent(depth);
        self.out.push_str(&format!(
            "{pad}for (unsigned {i} = 0u; {i} < {trips}u; {i}++) {{\n"
        ));
        self.counters.push(i);
        self.block(depth + 1, true);
        self.counters.pop();
        self.out.push_str(&format!("{pad}}}\n"));
    }

    /// One to three statements at `depth`; `in_for`: directly inside a counted loop, where
    /// a `break` may end it.
    fn block(&mut self, depth: usize, in_for: bool) {
        let in_scope = self.counters.len();
        let count = 1 + self.rng.below(3);
        for _ in 0..count {
            self.statement(depth, in_for);
        }
        // The `while` counters declared in the block end with it.
        self.counters.truncate(in_scope);
    }

    fn statement(&mut self, depth: usize, in_for: bool) {
        self.statements += 1;
        let pad = self.indent(depth);
        let nested = depth < 3 && self.statements < MAX_STATEMENTS;
        match self.rng.below(if nested { 14 } else { 6 }) {
            0 | 1 if self.rng.chance(30) => self.other_assignment(&pad),
            0 | 1 => {
                let v = SCALARS[self.rng.below(3) as usize];
                let e = self.expr(2);
                self.out.push_str(&format!("{pad}{v} = {e};\n"));
            }
            2 => {
                let v = SCALARS[self.rng.below(3) as usize];
                let e = self.expr(2);
                let op = ["+=", "^=", "-="][self.rng.below(3) as usize];
                self.out.push_str(&format!("{pad}{v} {op} {e};\n"));
            }
            3 => {
                let (idx, e) = (self.index(), self.expr(2));
                self.out.push_str(&format!("{pad}b[{idx}] = {e};\n"));
            }
            4 if in_for && self.rng.chance(40) => {
                let c = self.condition();
                self.out
                    .push_str(&format!("{pad}if ({c})\n{pad}  break;\n"));
            }
            4 if self.rng.chance(50) => {
                let (idx, e) = (self.index(), self.expr(1));
                self.out.push_str(&format!("{pad}b[{idx}] += {e};\n"));
            }
            4 => {
                // Halved, plus at most 255: stays in [0, 512).
                let e = self.expr(1);
                self.out
                    .push_str(&format!("{pad}f = f * 0.5f + (float)(({e}) & 255u);\n"));
            }
            5 if !nested => self.memory_update(&pad),
            5 | 6 => {
                let c = self.condition();
                self.out.push_str(&format!("{pad}if ({c}) {{\n"));
                self.block(depth + 1, false);
                if self.rng.chance(50) {
                    self.out.push_str(&format!("{pad}}} else {{\n"));
                    self.block(depth + 1, false);
                }
                self.out.push_str(&format!("{pad}}}\n"));
            }
            7 | 8 => {
                let trips = 1 + self.rng.below(6);
                self.counted_loop(depth, trips);
            }
            9 => self.while_loop(depth),
            10 | 11 => self.memory_update(&pad),
            _ => self.memory_loops(depth),
        }
    }

    /// A read-modify-write at a loaded index (int or float), or a store under a condition at
    /// an index that may repeat across iterations.
    fn memory_update(&mut self, pad: &str) {
        let line = match self.rng.below(4) {
            0 => {
                let (arr, ind, e) = (self.int_array(), self.loaded_index(), self.expr(1));
                let op = ["+=", "^=", "-="][self.rng.below(3) as usize];
                format!("{arr}[{ind}] {op} {e};")
            }
            1 => {
                // At most 1.75 more: `h` stays a small multiple of 0.25.
                let (ind, e) = (self.loaded_index(), self.expr(1));
                format!("h[{ind}] += (float)(({e}) & 7u) * 0.25f;")
            }
            2 => {
                let (c, arr, j, e) = (
                    self.condition(),
                    self.int_array(),
                    self.repeating_index(),
                    self.expr(1),
                );
                format!("if ({c})\n{pad}  {arr}[{j}] = {e};")
            }
            _ => {
                let (c, j, k) = (
                    self.condition(),
                    self.repeating_index(),
                    self.loaded_index(),
                );
                format!("if ({c})\n{pad}  h[{j}] = h[{k}] + 0.25f;")
            }
        };
        self.out.push_str(&format!("{pad}{line}\n"));
    }

    /// Loops over one array that depend on each other through it: a producer loop then a
    /// consumer loop, a loop that reads `a[i - 1]` and `a[i + 1]` while writing `a[i]`, or a
    /// triangular nest `for i, for j < i: a[i] -= a[j] * …`.
    fn memory_loops(&mut self, depth: usize) {
        let pad = self.indent(depth);
        let arr = self.int_array();
        let (i, j) = (format!("i{}", self.loops), format!("i{}", self.loops + 1));
        self.loops += 2;
        match self.rng.below(3) {
            0 => {
                let trips = 2 + self.rng.below(N - 1);
                self.counters.push(i.clone());
                let (dst, e) = (self.producer_index(&i), self.expr(1));
                self.counters.pop();
                let v = SCALARS[self.rng.below(3) as usize];
                let op = ["+=", "^=", "-="][self.rng.below(3) as usize];
                self.out.push_str(&format!(
                    "{pad}for (unsigned {i} = 0u; {i} < {trips}u; {i}++)\n\
                     {pad}  {arr}[{dst}] = {e};\n\
                     {pad}for (unsigned {j} = 1u; {j} < {trips}u; {j}++)\n\
                     {pad}  {v} {op} {arr}[{j} - 1u] * 3u + {arr}[{j}];\n"
                ));
            }
            1 => {
                let trips = 2 + self.rng.below(N - 2);
                self.counters.push(i.clone());
                let e = self.expr(1);
                self.counters.pop();
                let op = ["+", "^", "-"][self.rng.below(3) as usize];
                self.out.push_str(&format!(
                    "{pad}for (unsigned {i} = 1u; {i} < {trips}u; {i}++)\n\
                     {pad}  {arr}[{i}] = ({arr}[{i} - 1u] >> 1) {op} {arr}[{i} + 1u] + ({e});\n"
                ));
            }
            _ => {
                let trips = 2 + self.rng.below(7);
                self.counters.push(i.clone());
                self.counters.push(j.clone());
                let e = self.expr(1);
                self.counters.truncate(self.counters.len() - 2);
                self.out.push_str(&format!(
                    "{pad}for (unsigned {i} = 1u; {i} < {trips}u; {i}++)\n\
                     {pad}  for (unsigned {j} = 0u; {j} < {i}; {j}++)\n\
                     {pad}    {arr}[{i}] -= {arr}[{j}] * (({e}) & 3u);\n"
                ));
            }
        }
    }

    /// The integer arrays that loads and stores at loaded indices go to (the index array `c`
    /// less often: it then feeds its own indices).
    fn int_array(&mut self) -> &'static str {
        ["a", "b", "a", "b", "c"][self.rng.below(5) as usize]
    }

    /// An index loaded from an array, brought into `0..N`: `c[…] & 15u` or `b[…] % 16u`.
    fn loaded_index(&mut self) -> String {
        let src = ["c", "c", "a", "b"][self.rng.below(4) as usize];
        let inner = self.counter_index();
        if self.rng.chance(50) {
            format!("{src}[{inner}] & {}u", N - 1)
        } else {
            format!("{src}[{inner}] % {N}u")
        }
    }

    /// An index that takes the same value on several iterations: a counter halved or masked
    /// to a few values, or a loaded index.
    fn repeating_index(&mut self) -> String {
        match self.rng.below(3) {
            0 => self.loaded_index(),
            _ if self.counters.is_empty() => format!("x & {}u", self.rng.below(4)),
            k => {
                let c = &self.counters[self.rng.below(self.counters.len() as u32) as usize];
                if k == 1 {
                    format!("({c} >> 1) & {}u", N - 1)
                } else {
                    format!("{c} & 3u")
                }
            }
        }
    }

    /// The index a producer loop with counter `i` (below `N`) writes: `i` itself, or a loaded
    /// index (so the consumer's loads may or may not see each element written).
    fn producer_index(&mut self, i: &str) -> String {
        if self.rng.chance(70) {
            i.to_string()
        } else {
            format!("c[{i}] & {}u", N - 1)
        }
    }

    /// An index into `0..N` from a counter in scope (or `x` outside loops) plus a constant.
    fn counter_index(&mut self) -> String {
        let c = if self.counters.is_empty() {
            "x".to_string()
        } else {
            self.counters[self.rng.below(self.counters.len() as u32) as usize].clone()
        };
        format!("({c} + {}u) & {}u", self.rng.below(N), N - 1)
    }

    /// An assignment to the signed scalar `v` (kept small: no signed overflow), to the 64-bit
    /// scalar `u` (wrapping multiply, shift by up to 63) or to the local array `t`.
    fn other_assignment(&mut self, pad: &str) {
        let (e, e2) = (self.expr(1), self.expr(1));
        let line = match self.rng.below(4) {
            0 => format!("v = (int)(({e}) & 1023u) - 512;"),
            1 => format!("v = v / ((int)(({e}) & 7u) + 1) + (int)(({e2}) & 15u);"),
            2 => format!("u = (u ^ (u >> (({e}) & 63u))) * 0x100000001b3ull + ({e2});"),
            _ => format!("t[({e}) & 7u] = {e2};"),
        };
        self.out.push_str(&format!("{pad}{line}\n"));
    }

    /// A data-dependent loop bounded by a counter: `while (wK < bound && cond) { …; wK++; }`.
    fn while_loop(&mut self, depth: usize) {
        let pad = self.indent(depth);
        let w = format!("w{}", self.loops);
        self.loops += 1;
        let bound = 1 + self.rng.below(6);
        let c = self.condition();
        self.out.push_str(&format!(
            "{pad}unsigned {w} = 0u;\n{pad}while ({w} < {bound}u && ({c})) {{\n"
        ));
        self.block(depth + 1, false);
        self.out.push_str(&format!("{pad}  {w}++;\n{pad}}}\n"));
        // The counter is readable after the loop, not inside (it is written there).
        self.counters.push(w);
    }

    /// An index into `a` or `b`: an expression masked into `0..N`.
    fn index(&mut self) -> String {
        let e = self.expr(1);
        format!("({e}) & {}u", N - 1)
    }

    fn condition(&mut self) -> String {
        let (l, r) = (self.expr(1), self.expr(1));
        let op = ["<", ">", "==", "!=", "<=", ">="][self.rng.below(6) as usize];
        let c = if self.rng.chance(15) {
            // A signed comparison.
            format!("v {op} (int)({l} & 255u) - 128")
        } else {
            format!("{l} {op} {r}")
        };
        if self.rng.chance(20) {
            let other = self.expr(0);
            format!("{c} && ({other} & 1u)")
        } else {
            c
        }
    }

    /// An expression of nesting at most `depth`.
    fn expr(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.chance(30) {
            return self.leaf();
        }
        let (l, r) = (self.expr(depth - 1), self.expr(depth - 1));
        match self.rng.below(11) {
            0 => format!("({l} + {r})"),
            1 => format!("({l} - {r})"),
            2 => format!("({l} * {r})"),
            3 => format!("({l} & {r})"),
            4 => format!("({l} | {r})"),
            5 => format!("({l} ^ {r})"),
            6 => format!("({l} << ({r} & 7u))"),
            7 => format!("({l} >> ({r} & 7u))"),
            8 => format!("({l} / (({r} & 7u) + 1u))"),
            9 => format!("({l} % (({r} & 7u) + 1u))"),
            _ => {
                let c = self.condition();
                format!("(({c}) ? {l} : {r})")
            }
        }
    }

    fn leaf(&mut self) -> String {
        match self.rng.below(10) {
            0 => format!("{}u", self.rng.below(20)),
            6 => "(unsigned)f".to_string(),
            7 if self.rng.chance(50) => "(unsigned)(u >> 32)".to_string(),
            7 => "(unsigned)v".to_string(),
            8 | 9 => {
                let arr = ["rom", "t"][self.rng.below(2) as usize];
                let i = SCALARS[self.rng.below(3) as usize];
                format!("{arr}[({i} + {}u) & 7u]", self.rng.below(8))
            }
            1 | 2 => SCALARS[self.rng.below(3) as usize].to_string(),
            3 if !self.counters.is_empty() => {
                let i = self.rng.below(self.counters.len() as u32) as usize;
                self.counters[i].clone()
            }
            4 if self.rng.chance(50) => {
                let arr = self.int_array();
                let ind = self.loaded_index();
                format!("{arr}[{ind}]")
            }
            4 if self.rng.chance(20) => {
                let ind = self.loaded_index();
                format!("(unsigned)h[{ind}]")
            }
            4 => {
                let idx = format!("{}u", self.rng.below(N));
                let arr = ["a", "b"][self.rng.below(2) as usize];
                format!("{arr}[{idx}]")
            }
            _ => {
                let arr = ["a", "b"][self.rng.below(2) as usize];
                let idx = self.counter_index();
                format!("{arr}[{idx}]")
            }
        }
    }
}
