//! The headers every kernel may include without providing them: Dynamatic's integration
//! header and the few C library headers kernels use.
//!
//! They hold only macros and typedefs. The library functions the subset knows (`rand`, `srand`,
//! `abs`, `fabs`, `fabsf`) are built into the type checker, so no prototypes are needed here.
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
        "math.h" => "#pragma once\n",
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
