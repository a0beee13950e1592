//! One `#[test]` per corpus kernel: the kernel lists of `tests/front`, `tests/kernels`,
//! `tests/lower` and `tests/cfg-passes`, and [`kernel_tests!`], which turns a per-kernel check into a module of tests
//! (so kernels run in parallel, a failure names its kernel and `cargo test fir` selects one).
//!
//! Invariant: each list names exactly the `<name>/<name>.c` directories of its directory, in
//! sorted order ([`every_kernel_directory_is_listed`]), so a new kernel cannot be skipped
//! silently.
//!
//! Loops left inside one test are over fixtures (diagnostics files, configuration errors,
//! Handshake cases, mutants), over a few hand-picked kernels (`buffer_milp`,
//! `sim_buffers_interval`'s loops) or have assertions about the whole set (`buffer_evaluate`'s
//! counts, `synth_corpus`'s number of lowered cases).

use super::corpus;
use std::path::PathBuf;

/// Calls `$callback!($($args)*; "tests/front" [names])` with the kernels of `tests/front`.
macro_rules! front_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/front" [
            binary_search, const_table, conversions, fir, floats, gcd, helpers, histogram,
            insertion_sort, int64_consts, local_array, matvec, misc_features, mixed_control,
            narrow_types, scalar_only, stencil3d, switch_ops,
        ] }
    };
}

/// Calls `$callback!($($args)*; "tests/kernels" [names])` with the kernels of `tests/kernels`.
macro_rules! corpus_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/kernels" [
            add_constant, argmin, assert_checks, bfs_distances, binary_search, bit_reverse,
            bubble_sort, char_classes, clamp_int16, clz32, collatz, complex_mul, const_tables,
            conv2d, counted_steps, crc8_table, det3x3, digit_sum, dot_double, fir, first_duplicate,
            fletcher16, floyd_warshall, fnv1a_hash, forward_substitution, gauss_eliminate, gcd,
            goto_search,
            grade_bins, hash_mix32, histogram, histogram_float, iir_filter, image_threshold,
            indirect_update, insertion_sort,
            int64_arith, int8_dot, is_palindrome, isqrt, jacobi_1d, jacobi_2d, kmp_prefix,
            leaky_relu, lfsr_steps, loop_4d_sum, loop_labels, masked_sum, math_inputs_double,
            math_inputs_float, matmul, matvec, max_search, max_subarray, mean_variance, median3,
            mixed_sign_compare, mod_exp, moving_average, nested_update, newton_sqrt, partial_output,
            pointer_jump, poly_eval,
            popcount, prefix_sum, quantize_u8, reverse_digits, rgb_to_gray, run_length, sad_8x8,
            saturating_add_u8, saxpy_float, sharpen_clamp, sieve_primes, signed_divmod, sine_lut,
            sparse_matvec, stencil_2d, stencil_3d, string_match, sum_until_sentinel, switch_decode,
            tensor_contract, to_upper, transpose, triangular_sum, u64_hash, vector_add,
            vector_swap, while_threshold,
        ] }
    };
}

/// Calls `$callback!($($args)*; "tests/kernels-large" [names])` with the kernels of
/// `tests/kernels-large` (big memories, millions of cycles; tests/kernels-large/README.md).
macro_rules! large_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/kernels-large" [big_array_256, long_matmul] }
    };
}

/// Calls `$callback!($($args)*; "tests/lower" [names])` with the kernels of `tests/lower`.
macro_rules! lower_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/lower" [
            add_five, hist, hw_inst, if_else, narrow, nested_loops, one_loop, straight,
        ] }
    };
}

/// Calls `$callback!($($args)*; "tests/cfg-passes" [names])` with the kernels of
/// `tests/cfg-passes`.
macro_rules! cfg_pass_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/cfg-passes" [
            if_convert_clamp, if_convert_kept, indvars_count, indvars_count_down,
            indvars_store_kept, indvars_unsigned_wrap, indvars_zero_trip, promote_accumulate,
            promote_conditional, promote_kept, simplify_implied, simplify_never_taken,
            strength_division, strength_forms,
        ] }
    };
}

/// `kernel_tests!(module, check, set)`: `mod module` with one `#[test] fn <kernel>()` per
/// kernel of `set` calling `super::check(&file)` with the kernel's `<dir>/<name>/<name>.c`.
/// `set` is `front`, `kernels`, `large`, `lower` or `cfg_passes` (a whole directory, as listed
/// above; `large_kernels!(kernel_tests!(ignored module, check))` makes ignored tests); a list macro
/// of the same shape gives another set: `examples!(kernel_tests!(module, check))`.
macro_rules! kernel_tests {
    ($module:ident, $check:ident, front) => {
        front_kernels!(kernel_tests!($module, $check));
    };
    ($module:ident, $check:ident, kernels) => {
        corpus_kernels!(kernel_tests!($module, $check));
    };
    ($module:ident, $check:ident, large) => {
        large_kernels!(kernel_tests!($module, $check));
    };
    ($module:ident, $check:ident, lower) => {
        lower_kernels!(kernel_tests!($module, $check));
    };
    ($module:ident, $check:ident, cfg_passes) => {
        cfg_pass_kernels!(kernel_tests!($module, $check));
    };
    (ignored $module:ident, $check:ident $(,)?; $dir:literal [$($name:ident),* $(,)?]) => {
        mod $module {
            $(
                #[test]
                #[ignore = "long: run by the directory's run.sh"]
                fn $name() {
                    super::$check(&$crate::support::corpus::kernel_file($dir, stringify!($name)));
                }
            )*
        }
    };
    ($module:ident, $check:ident $(,)?; $dir:literal [$($name:ident),* $(,)?]) => {
        mod $module {
            $(
                #[test]
                fn $name() {
                    super::$check(&$crate::support::corpus::kernel_file($dir, stringify!($name)));
                }
            )*
        }
    };
}

/// `(dir, names)` of a list.
macro_rules! listed {
    (; $dir:literal [$($name:ident),* $(,)?]) => {
        ($dir, vec![$(stringify!($name)),*])
    };
}

/// The kernels' names, in order.
fn names(files: &[PathBuf]) -> Vec<String> {
    files.iter().map(|f| corpus::kernel_name(f)).collect()
}

#[test]
fn every_kernel_directory_is_listed() {
    let lists = [
        front_kernels!(listed!()),
        corpus_kernels!(listed!()),
        large_kernels!(listed!()),
        lower_kernels!(listed!()),
        cfg_pass_kernels!(listed!()),
    ];
    for (dir, listed) in &lists {
        assert!(!listed.is_empty(), "{dir}: empty list");
        assert_eq!(
            names(&corpus::kernel_files_in(&[dir])),
            *listed,
            "{dir}: support/kernels.rs must list its kernels, sorted"
        );
    }
    // The corpus the benches read: tests/front, then tests/kernels.
    assert_eq!(
        names(&corpus::kernel_files()),
        [lists[0].1.clone(), lists[1].1.clone()].concat()
    );
}
