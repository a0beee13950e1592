// Matrix-vector product y = M x on a 16x16 integer matrix.
#include "dynamatic/Integration.h"
#include "matvec.h"
#include <stdlib.h>

void matvec(in_int_t m[N][N], in_int_t x[N], out_int_t y[N]) {
  for (int i = 0; i < N; i++) {
    int sum = 0;
    for (int j = 0; j < N; j++)
      sum += m[i][j] * x[j];
    y[i] = sum;
  }
}

int main(void) {
  in_int_t m[N][N];
  in_int_t x[N];
  out_int_t y[N];
  srand(7);
  for (int i = 0; i < N; i++) {
    x[i] = rand() % 100 - 50;
    y[i] = 0;
    for (int j = 0; j < N; j++)
      m[i][j] = rand() % 100;
  }
  CALL_KERNEL(matvec, m, x, y);
  return 0;
}
