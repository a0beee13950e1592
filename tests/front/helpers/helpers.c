#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 30

static int clamp(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

int square(int x) { return x * x; }

void scale_all(int a[N], int k) {
  for (int i = 0; i < N; i++)
    a[i] = clamp(a[i] * k, -500, 500);
}

int helpers(int a[N], int b[N]) {
  int s = 0;
  scale_all(a, 3);
  for (int i = 0; i < N; i++) {
    b[i] = square(a[i] - b[i]) % 1000;
    s += abs(b[i] - 500);
  }
  return s;
}

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 400 - 200;
    b[i] = rand() % 100;
  }
  CALL_KERNEL(helpers, a, b);
  return 0;
}
