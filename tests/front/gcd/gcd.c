#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 32

void gcd(unsigned a[N], unsigned b[N], unsigned out[N]) {
  for (int i = 0; i < N; i++) {
    unsigned x = a[i], y = b[i];
    while (y != 0) {
      unsigned t = x % y;
      x = y;
      y = t;
    }
    out[i] = x;
  }
}

int main(void) {
  unsigned a[N], b[N], out[N];
  srand(7);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 1000 + 1;
    b[i] = rand() % 1000 + 1;
    out[i] = 0;
  }
  CALL_KERNEL(gcd, a, b, out);
  return 0;
}
