// Weighted sum over a 4-D array with four nested loops: each element is weighted by
// w[(i + j + k + l) % 4], so the weight index mixes all four induction variables.
#include "dynamatic/Integration.h"
#include "loop_4d_sum.h"
#include <stdlib.h>

int loop_4d_sum(short a[D][D][D][D], int w[D]) {
  int sum = 0;
  for (int i = 0; i < D; i++)
    for (int j = 0; j < D; j++)
      for (int k = 0; k < D; k++)
        for (int l = 0; l < D; l++)
          sum += a[i][j][k][l] * w[(i + j + k + l) % D];
  return sum;
}

int main(void) {
  short a[D][D][D][D];
  int w[D];
  srand(4444);
  for (int i = 0; i < D; i++)
    for (int j = 0; j < D; j++)
      for (int k = 0; k < D; k++)
        for (int l = 0; l < D; l++)
          a[i][j][k][l] = (short)(rand() % 201 - 100);
  for (int i = 0; i < D; i++)
    w[i] = i * 2 - 3;
  CALL_KERNEL(loop_4d_sum, a, w);
  return 0;
}
