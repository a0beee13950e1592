// 64-bit constant expressions and headers: the type of each integer constant, the usual
// arithmetic conversions with 64-bit ranks, limits, 64-bit case labels and ROM entries.
#include "dynamatic/Integration.h"
#include <limits.h>
#include <stdint.h>
#define N 8
#define BIG (1ULL << 63)
#define SHIFTED (0x123456789LL << 20 >> 7)

const uint64_t table[4] = {0xcbf29ce484222325, 18446744073709551615u, 1ULL << 40, 3};

long long int64_consts(long long a[N], unsigned long b[N], int c[N]) {
  long long sum = 0;
  for (int i = 0; i < N; i++) {
    long long x = a[i];
    switch (x) {
    case 0x100000000LL:
      sum += 1;
      break;
    case -4294967297:
      sum += 2;
      break;
    case LLONG_MIN:
      sum += 4;
      break;
    default:
      sum += 8;
    }
    b[i] = b[i] / (BIG >> 40) + table[i & 3] + SHIFTED + (unsigned long)(INT64_MIN / -3);
    c[i] = (-1LL < 0u) + 2 * (-1 < 0u) + 4 * (0x80000000 > -1) + 8 * (2147483648 > -1) +
           16 * (int)sizeof(int64_t) + 32 * (UINT64_MAX == (unsigned long long)-1) +
           64 * (LONG_MAX / 7 == 1317624576693539401) + (int)(ULLONG_MAX % 1000);
  }
  return sum + INT64_MAX / 1000000000000 + (long)(3000000000u * 2);
}

int main(void) {
  long long a[N] = {0x100000000LL, -4294967297LL, LLONG_MIN, 5, -5, 4294967296, 0, LLONG_MAX};
  unsigned long b[N];
  int c[N];
  for (int i = 0; i < N; i++) {
    b[i] = (unsigned long)i * 0x0123456789abcdefUL;
    c[i] = 0;
  }
  CALL_KERNEL(int64_consts, a, b, c);
  return 0;
}
