// Gaussian elimination in place (no pivoting) on a diagonally dominant integer matrix scaled
// to stay exact: row j -= (a[j][i] / a[i][i]) * row i, for rows below i. The rows read and the
// rows written are the same array, and the triangular bounds hide which elements coincide.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define N 10

void gauss_eliminate(float a[N][N]) {
  for (int i = 0; i < N - 1; i++)
    for (int j = i + 1; j < N; j++) {
      float f = a[j][i] / a[i][i];
      for (int k = i; k < N; k++)
        a[j][k] = a[j][k] - f * a[i][k];
    }
}

int main(void) {
  float a[N][N];
  srand(3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = i == j ? 40.0f + (float)(rand() % 10) : (float)(rand() % 9 - 4);
  CALL_KERNEL(gauss_eliminate, a);
  return 0;
}
