//! The examples menu's kernels, embedded from the corpus in `tests/kernels/` (never copied).
//!
//! Each entry is one of the corpus README's teaching picks with its one-line "what it
//! teaches". The kernel file comes first; the header, when the kernel has one, second.

/// One example kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// Kernel name (= file stem).
    pub name: &'static str,
    /// What it teaches, one line.
    pub teaches: &'static str,
    /// `<name>.c`.
    pub kernel: &'static str,
    /// `<name>.h`, if the kernel has one.
    pub header: Option<&'static str>,
}

impl Example {
    /// The example's files in tab order: `(name, text)`.
    pub fn files(&self) -> Vec<(String, String)> {
        let mut files = vec![(format!("{}.c", self.name), self.kernel.to_string())];
        if let Some(header) = self.header {
            files.push((format!("{}.h", self.name), header.to_string()));
        }
        files
    }
}

macro_rules! example {
    ($name:literal, $teaches:literal) => {
        Example {
            name: $name,
            teaches: $teaches,
            kernel: include_str!(concat!("../../../tests/kernels/", $name, "/", $name, ".c")),
            header: None,
        }
    };
    ($name:literal, $teaches:literal, header) => {
        Example {
            name: $name,
            teaches: $teaches,
            kernel: include_str!(concat!("../../../tests/kernels/", $name, "/", $name, ".c")),
            header: Some(include_str!(concat!(
                "../../../tests/kernels/",
                $name,
                "/",
                $name,
                ".h"
            ))),
        }
    };
}

/// A blank kernel to start from: a small loop with its `main` and `CALL_KERNEL`.
pub const BLANK: Example = Example {
    name: "kernel",
    teaches: "a blank template: write your own kernel",
    kernel: include_str!("blank_kernel.c"),
    header: None,
};

/// The examples, from the simplest up. The first is the default kernel.
pub const EXAMPLES: &[Example] = &[
    example!(
        "fir",
        "a reduction: the accumulator is carried from one iteration to the next",
        header
    ),
    example!(
        "vector_add",
        "the ideal pipeline: one iteration can start every cycle",
        header
    ),
    example!(
        "gcd",
        "a data-dependent while loop whose body is one remainder"
    ),
    example!(
        "median3",
        "control flow without loops: branches merge into one result"
    ),
    example!(
        "matvec",
        "nested loops and a 2-D array flattened row-major",
        header
    ),
    example!(
        "histogram",
        "a store and a later load may hit the same address: memory dependences",
        header
    ),
    example!(
        "prefix_sum",
        "a value stored in one iteration is loaded in the next",
        header
    ),
    example!(
        "binary_search",
        "a loop whose trip count and addresses depend on loaded values",
        header
    ),
    example!(
        "insertion_sort",
        "an inner loop that exits on data, with && guarding the load",
        header
    ),
    example!(
        "iir_filter",
        "a floating-point recurrence bounds how fast the loop can go",
        header
    ),
    example!(
        "saxpy_float",
        "floating-point units are deep pipelines that independent iterations keep full",
        header
    ),
    example!(
        "stencil_2d",
        "several loads of one array per iteration share its memory ports",
        header
    ),
    example!(
        "crc8_table",
        "a read-only table becomes a ROM read in the loop",
        header
    ),
    example!(
        "switch_decode",
        "a switch lowered to a multi-way branch inside a loop",
        header
    ),
];

/// The kernel shown when the page opens.
pub fn default_example() -> &'static Example {
    &EXAMPLES[0]
}

/// The example with this name, if any.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}
