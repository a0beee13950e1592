// Evaluates a degree-8 polynomial at 32 points by Horner's rule in double precision.
#include "dynamatic/Integration.h"
#include "poly_eval.h"
#include <stdlib.h>

void poly_eval(double coeff[DEG + 1], double xs[M], double ys[M]) {
  for (int p = 0; p < M; p++) {
    double x = xs[p];
    double acc = coeff[DEG];
    for (int k = DEG - 1; k >= 0; k--)
      acc = acc * x + coeff[k];
    ys[p] = acc;
  }
}

int main(void) {
  double coeff[DEG + 1];
  double xs[M];
  double ys[M];
  srand(77);
  for (int k = 0; k <= DEG; k++)
    coeff[k] = (double)(rand() % 200 - 100) / 25.0;
  for (int p = 0; p < M; p++) {
    xs[p] = -2.0 + (double)p / 8.0;
    ys[p] = 0.0;
  }
  CALL_KERNEL(poly_eval, coeff, xs, ys);
  return 0;
}
