// A 256x256 int image and a 256x256 double image: b[j][i] = (a[i][j] + a[j][i]) * 0.5 (the
// symmetric part, transposed) and the trace of a. Memories of 65,536 words each: the testbench
// memories must elaborate and check fast at this size.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define N 256

int big_array_256(int a[N][N], double b[N][N]) {
  int trace = 0;
  for (int i = 0; i < N; i++) {
    trace += a[i][i];
    for (int j = 0; j < N; j++)
      b[j][i] = (double)(a[i][j] + a[j][i]) * 0.5;
  }
  return trace;
}

int main(void) {
  int a[N][N];
  double b[N][N];
  srand(11);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = rand() % 1000 - 500;
  CALL_KERNEL(big_array_256, a, b);
  return 0;
}
