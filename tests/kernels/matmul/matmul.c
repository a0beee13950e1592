// Matrix-matrix product C = A B on 8x8 integers, accumulating directly in C
// (a read-modify-write of the same element on every inner iteration).
#include "dynamatic/Integration.h"
#include "matmul.h"
#include <stdlib.h>

void matmul(in_int_t a[N][N], in_int_t b[N][N], inout_int_t c[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      c[i][j] = 0;
      for (int k = 0; k < N; k++)
        c[i][j] += a[i][k] * b[k][j];
    }
  }
}

int main(void) {
  in_int_t a[N][N];
  in_int_t b[N][N];
  inout_int_t c[N][N];
  srand(21);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      a[i][j] = rand() % 21 - 10;
      b[i][j] = rand() % 21 - 10;
      c[i][j] = -1;
    }
  }
  CALL_KERNEL(matmul, a, b, c);
  return 0;
}
