// 116x116 integer matrix product c = a * b: 1,560,896 multiply-accumulates, a few million
// cycles of simulation; the cycle limit must scale with such a run.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define N 116

void long_matmul(int a[N][N], int b[N][N], int c[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int acc = 0;
      for (int k = 0; k < N; k++)
        acc += a[i][k] * b[k][j];
      c[i][j] = acc;
    }
}

int main(void) {
  int a[N][N];
  int b[N][N];
  int c[N][N];
  srand(5);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = rand() % 200 - 100;
      b[i][j] = rand() % 200 - 100;
    }
  CALL_KERNEL(long_matmul, a, b, c);
  return 0;
}
