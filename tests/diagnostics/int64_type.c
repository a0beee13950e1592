// expect: error 4:23: 64-bit integer types are not supported (`int64_t`)
#include <stdint.h>

int int64_type(int a, int64_t b) { return a; }
