// pass: if-convert
// Branches that stay: an arm with a load (it could read out of bounds or uninitialized),
// an arm with a division (it traps), and a triangle outside any loop.
#include "dynamatic/Integration.h"
#define N 8

int if_convert_kept(int a[N], int b[N], int d) {
  int s = 0;
  for (int i = 0; i < N; i++) {
    if (a[i] > 0)
      s += b[i];
    else
      s -= 1;
    if (d != 0)
      s = s / d;
  }
  if (s < 0)
    s = -s;
  return s;
}

int main(void) {
  int a[N], b[N];
  int d = 2;
  for (int k = 0; k < N; k++) {
    a[k] = k % 3 - 1;
    b[k] = k * 5;
  }
  CALL_KERNEL(if_convert_kept, a, b, d);
  return 0;
}
