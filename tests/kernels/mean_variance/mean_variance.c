// Mean and (population) variance of 64 doubles in two passes; stats[0] = mean,
// stats[1] = variance. Uses floating-point division by N.
#include "dynamatic/Integration.h"
#include "mean_variance.h"
#include <stdlib.h>

void mean_variance(double x[N], double stats[2]) {
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += x[i];
  double mean = sum / N;
  double sq = 0.0;
  for (int i = 0; i < N; i++) {
    double d = x[i] - mean;
    sq += d * d;
  }
  stats[0] = mean;
  stats[1] = sq / N;
}

int main(void) {
  double x[N];
  double stats[2];
  srand(64);
  for (int i = 0; i < N; i++)
    x[i] = 20.0 + (double)(rand() % 1000) / 50.0;
  stats[0] = 0.0;
  stats[1] = 0.0;
  CALL_KERNEL(mean_variance, x, stats);
  return 0;
}
