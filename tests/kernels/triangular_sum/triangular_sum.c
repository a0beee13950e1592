// Row sums of the lower triangle of a 16x16 matrix: the inner loop bound depends on the
// outer index (j <= i), 136 inner iterations in all. Returns the sum of the whole triangle.
#include "dynamatic/Integration.h"
#include "triangular_sum.h"
#include <stdlib.h>

int triangular_sum(int m[N][N], int rows[N]) {
  int total = 0;
  for (int i = 0; i < N; i++) {
    int s = 0;
    for (int j = 0; j <= i; j++)
      s += m[i][j];
    rows[i] = s;
    total += s;
  }
  return total;
}

int main(void) {
  int m[N][N];
  int rows[N];
  srand(136);
  for (int i = 0; i < N; i++) {
    rows[i] = 0;
    for (int j = 0; j < N; j++)
      m[i][j] = rand() % 50;
  }
  CALL_KERNEL(triangular_sum, m, rows);
  return 0;
}
