// 64-bit integer arithmetic: a signed multiply-accumulate, signed and unsigned division and
// remainder with negative operands and divisors above 2^32, shifts by variable amounts up to 63
// (arithmetic on signed values, logical on unsigned ones), comparisons across signedness and
// widths, and conversions between 64-bit, 32-bit and double values.
#include "dynamatic/Integration.h"
#include <stdint.h>

#define N 16

int64_t int64_arith(int64_t a[N], int64_t b[N], uint64_t u[N], int64_t q[N], uint64_t r[N],
                    double d[N], int w[N]) {
  int64_t acc = 0;
  for (int i = 0; i < N; i++) {
    int64_t x = a[i];
    int64_t y = b[i];
    uint64_t v = u[i];
    int s = (i * 9) & 63;
    acc += (x >> 34) * (y >> 24);
    q[i] = x / y + x % y + (x >> s);
    uint64_t big = (uint64_t)y | 1u;
    r[i] = v / big + v % 0xFFFFFFFF00000001u + (v >> s) + (v << (63 - s));
    int flags = ((uint64_t)x < v) + 2 * (x < (int64_t)v) + 4 * (x < 3000000000u) +
                8 * (v > 0x7FFFFFFFFFFFFFFFu) + 16 * (x <= -1L);
    d[i] = (double)v + (double)x / 8.0;
    uint64_t back = (uint64_t)((double)(v >> 1) * 1.5);
    int64_t sback = (int64_t)((double)x * -0.75);
    w[i] = (int)(back >> 40) + (int)(sback >> 34) + flags + (int)((unsigned)v >> 2);
  }
  return acc;
}

int main(void) {
  int64_t a[N];
  int64_t b[N];
  uint64_t u[N];
  int64_t q[N];
  uint64_t r[N];
  double d[N];
  int w[N];
  uint64_t state = 0x243F6A8885A308D3u;
  for (int i = 0; i < N; i++) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    a[i] = (int64_t)(state >> 2) - 0x1FFFFFFFFFFFFFFF;
    state = state * 6364136223846793005u + 1442695040888963407u;
    b[i] = (int64_t)(state >> (i + 16)) - (int64_t)(state >> (i + 17));
    if (b[i] == 0)
      b[i] = -7;
    state = state * 6364136223846793005u + 1442695040888963407u;
    u[i] = state;
    q[i] = 0;
    r[i] = 0;
    d[i] = 0.0;
    w[i] = 0;
  }
  CALL_KERNEL(int64_arith, a, b, u, q, r, d, w);
  return 0;
}
