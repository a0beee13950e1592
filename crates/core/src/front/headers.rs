//! The headers every kernel may include without providing them: Dynamatic's integration
//! header and the few C library headers kernels use.
//!
//! They hold only macros and typedefs. The library functions the subset knows (`rand`, `srand`,
//! `abs` and the math functions of [`crate::mathlib`]) are built into the type checker, so no
//! prototypes are needed here. `math.h` has glibc's `M_` constants (as in gcc's default GNU
//! mode), `INFINITY`, `HUGE_VAL`, `HUGE_VALF`, `NAN`, and `isnan`/`isinf`/`isfinite` as macros
//! (their argument is evaluated more than once).
//! `assert` expands to a call the checker turns into an assertion statement.
//! The types are those of x86-64 Linux (LP64): `int64_t`, `size_t` and friends are `long`.

/// The text of a built-in header, if `name` is one.
pub fn builtin_header(name: &str) -> Option<&'static str> {
    Some(match name {
        "dynamatic/Integration.h" => {
            "#pragma once\n#define CALL_KERNEL(f, ...) f(__VA_ARGS__)\n"
        }
        "stdlib.h" => "#pragma once\n#define RAND_MAX 2147483647\n#define EXIT_SUCCESS 0\n#define EXIT_FAILURE 1\ntypedef unsigned long size_t;\n",
        "stddef.h" => "#pragma once\ntypedef unsigned long size_t;\ntypedef long ptrdiff_t;\n",
        "stdint.h" | "inttypes.h" => concat!(
            "#pragma once\n",
            "typedef signed char int8_t;\n",
            "typedef unsigned char uint8_t;\n",
            "typedef short int16_t;\n",
            "typedef unsigned short uint16_t;\n",
            "typedef int int32_t;\n",
            "typedef unsigned int uint32_t;\n",
            "typedef long int64_t;\n",
            "typedef unsigned long uint64_t;\n",
            "typedef long intmax_t;\n",
            "typedef unsigned long uintmax_t;\n",
            "typedef long intptr_t;\n",
            "typedef unsigned long uintptr_t;\n",
            "#define INT8_MIN (-128)\n#define INT8_MAX 127\n#define UINT8_MAX 255\n",
            "#define INT16_MIN (-32768)\n#define INT16_MAX 32767\n#define UINT16_MAX 65535\n",
            "#define INT32_MIN (-2147483647-1)\n#define INT32_MAX 2147483647\n",
            "#define UINT32_MAX 4294967295u\n",
            "#define INT64_MIN (-9223372036854775807L-1)\n#define INT64_MAX 9223372036854775807L\n",
            "#define UINT64_MAX 18446744073709551615UL\n",
            "#define INTMAX_MIN INT64_MIN\n#define INTMAX_MAX INT64_MAX\n#define UINTMAX_MAX UINT64_MAX\n",
            "#define SIZE_MAX UINT64_MAX\n",
        ),
        "stdbool.h" => "#pragma once\n#define bool _Bool\n#define true 1\n#define false 0\n",
        // Not `#pragma once`: as in C, each inclusion defines `assert` anew from `NDEBUG`.
        // Without it, the condition and its text go to the checker (`sema_labels.rs`).
        "assert.h" => concat!(
            "#undef assert\n",
            "#ifdef NDEBUG\n#define assert(e)\n",
            "#else\n#define assert(e) __rivulet_assert((e), #e)\n#endif\n",
        ),
        "math.h" => concat!(
            "#pragma once\n",
            "#define M_E 2.7182818284590452354\n#define M_LOG2E 1.4426950408889634074\n",
            "#define M_LOG10E 0.43429448190325182765\n#define M_LN2 0.69314718055994530942\n",
            "#define M_LN10 2.30258509299404568402\n#define M_PI 3.14159265358979323846\n",
            "#define M_PI_2 1.57079632679489661923\n#define M_PI_4 0.78539816339744830962\n",
            "#define M_1_PI 0.31830988618379067154\n#define M_2_PI 0.63661977236758134308\n",
            "#define M_2_SQRTPI 1.12837916709551257390\n#define M_SQRT2 1.41421356237309504880\n",
            "#define M_SQRT1_2 0.70710678118654752440\n",
            // Infinity as an overflowing literal (a `float` for INFINITY and HUGE_VALF, as in
            // glibc); NAN is glibc's positive quiet NaN, which the type checker makes a constant.
            "#define INFINITY 1e999f\n#define HUGE_VALF 1e999f\n#define HUGE_VAL 1e999\n",
            "#define NAN (__builtin_nanf(\"\"))\n",
            // glibc's classification results: isinf is -1 for negative infinity.
            "#define isnan(x) ((x) != (x))\n#define isfinite(x) ((x) - (x) == 0)\n",
            "#define isinf(x) ((x) == 1e999f ? 1 : (x) == -1e999f ? -1 : 0)\n",
        ),
        "stdio.h" => "#pragma once\ntypedef unsigned long size_t;\n",
        "limits.h" => concat!(
            "#pragma once\n",
            "#define CHAR_BIT 8\n#define SCHAR_MIN (-128)\n#define SCHAR_MAX 127\n",
            "#define UCHAR_MAX 255\n#define CHAR_MIN (-128)\n#define CHAR_MAX 127\n",
            "#define SHRT_MIN (-32768)\n#define SHRT_MAX 32767\n#define USHRT_MAX 65535\n",
            "#define INT_MIN (-2147483647-1)\n#define INT_MAX 2147483647\n",
            "#define UINT_MAX 4294967295u\n",
            "#define LONG_MIN (-9223372036854775807L-1)\n#define LONG_MAX 9223372036854775807L\n",
            "#define ULONG_MAX 18446744073709551615UL\n",
            "#define LLONG_MIN (-9223372036854775807LL-1)\n#define LLONG_MAX 9223372036854775807LL\n",
            "#define ULLONG_MAX 18446744073709551615ULL\n",
        ),
        _ => return None,
    })
}
