// Two-dimensional Jacobi relaxation in double precision: every step averages each interior
// point with its four neighbours into b, then back from b into a (two sweeps per step).
#include "dynamatic/Integration.h"
#include "jacobi_2d.h"
#include <stdlib.h>

void jacobi_2d(double a[N][N], double b[N][N]) {
  for (int t = 0; t < STEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        a[i][j] = 0.2 * (b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
  }
}

int main(void) {
  double a[N][N];
  double b[N][N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      a[i][j] = (double)(i * (j + 3)) / N;
      b[i][j] = (double)(i * (j + 2)) / N;
    }
  }
  CALL_KERNEL(jacobi_2d, a, b);
  return 0;
}
