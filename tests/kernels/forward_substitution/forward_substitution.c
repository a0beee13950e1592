// Solves the lower-triangular system L x = b in double precision by forward substitution:
// x[i] = (b[i] - sum_{j<i} L[i][j] x[j]) / L[i][i]. Each x[i] reads all earlier x[j].
#include "dynamatic/Integration.h"
#include "forward_substitution.h"
#include <stdlib.h>

void forward_substitution(double l[N][N], double b[N], double x[N]) {
  for (int i = 0; i < N; i++) {
    double s = b[i];
    for (int j = 0; j < i; j++)
      s -= l[i][j] * x[j];
    x[i] = s / l[i][i];
  }
}

int main(void) {
  double l[N][N];
  double b[N];
  double x[N];
  srand(12);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      if (j < i)
        l[i][j] = (double)(rand() % 21 - 10) / 16.0;
      else if (j == i)
        l[i][j] = 2.0 + (double)(rand() % 8);
      else
        l[i][j] = 0.0;
    }
    b[i] = (double)(rand() % 100);
    x[i] = 0.0;
  }
  CALL_KERNEL(forward_substitution, l, b, x);
  return 0;
}
