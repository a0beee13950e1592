// One-dimensional Jacobi relaxation in float: each of 4 time steps averages every interior
// point with its neighbours into b, then copies b back into a. Endpoints stay fixed.
#include "dynamatic/Integration.h"
#include "jacobi_1d.h"
#include <stdlib.h>

void jacobi_1d(float a[N], float b[N]) {
  for (int t = 0; t < STEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
}

int main(void) {
  float a[N];
  float b[N];
  srand(4);
  for (int i = 0; i < N; i++) {
    a[i] = (float)(rand() % 1000) / 10.0f;
    b[i] = 0.0f;
  }
  CALL_KERNEL(jacobi_1d, a, b);
  return 0;
}
