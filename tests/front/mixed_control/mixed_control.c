#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 25

unsigned mixed_control(int a[N], unsigned u[N], int n) {
  unsigned total = 0;
  int i = 0;
  do {
    int v = a[i];
    if (v > 0 && (v % 3 == 0 || v % 5 == 0))
      total += v;
    else if (!(v > -10) || v == 7)
      total -= v;
    u[i] = (u[i] >> (i & 15)) | (u[i] << 3);
    if (u[i] < (unsigned)v)
      u[i] = v < 0 ? -v : v;
    i++;
  } while (i < n);
  int j = n;
  while (1) {
    j--;
    if (j < 3)
      break;
    if (a[j] & 1)
      continue;
    total ^= a[j] * j;
  }
  for (;;) {
    if (total > 1000u)
      total /= 7u;
    else
      break;
  }
  total += (-5 < 3u) + (total > -1);
  return total;
}

int main(void) {
  int a[N];
  unsigned u[N];
  srand(77);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 61 - 30;
    u[i] = rand() * 3u;
  }
  CALL_KERNEL(mixed_control, a, u, N);
  return 0;
}
