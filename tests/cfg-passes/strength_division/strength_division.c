// pass: strength-reduce
// Divisions and remainders by powers of two become shifts, masks and at most two adders:
// unsigned by 2 and 2^31, signed by 2, 16 and 2^30 (rounding toward zero, the remainder
// taking the dividend's sign), over values that include negatives, INT_MIN and INT_MAX.
// The loop counter i is never negative: i / 4 and i % 8 need no bias (a shift and a mask);
// j runs from 3 down to -4, so j % 4 and j / 2 keep it.
// A signed division by 2^31 (INT_MIN) and one by 10 keep their divider.
#include "dynamatic/Integration.h"
#include <limits.h>

#define N 12

void strength_division(int s[N], unsigned u[N], int q[N], int r[N], int t[8]) {
  for (int i = 0; i < N; i++) {
    q[i] = s[i] / 2 + s[i] / 16 + s[i] / (1 << 30) + (int)(u[i] / 2u) + (int)(u[i] / 2147483648u) +
           s[i] / 10 + s[i] / INT_MIN + i / 4;
    r[i] = s[i] % 2 + s[i] % 16 + s[i] % (1 << 30) + (int)(u[i] % 2u) + (int)(u[i] % 2147483648u) +
           i % 8;
  }
  for (int j = 3; j > -5; j--)
    t[3 - j] = j % 4 + j / 2;
}

int main(void) {
  int s[N] = {0, 1, -1, 7, -7, 16, -16, -17, INT_MIN, INT_MAX, -1073741825, 1073741824};
  unsigned u[N] = {0u, 1u, 2u, 3u, 2147483647u, 2147483648u, 2147483649u, 4294967295u,
                   12345u, 65535u, 1073741824u, 3000000000u};
  int q[N];
  int r[N];
  int t[8];
  CALL_KERNEL(strength_division, s, u, q, r, t);
  return 0;
}
