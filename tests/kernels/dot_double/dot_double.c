// Double-precision dot product, accumulated in program order.
#include "dynamatic/Integration.h"
#include "dot_double.h"
#include <stdlib.h>

double dot_double(double x[N], double y[N]) {
  double acc = 0.0;
  for (int i = 0; i < N; i++)
    acc += x[i] * y[i];
  return acc;
}

int main(void) {
  double x[N];
  double y[N];
  srand(31);
  for (int i = 0; i < N; i++) {
    x[i] = (double)(rand() % 10000) / 997.0;
    y[i] = (double)(rand() % 10000 - 5000) / 101.0;
  }
  CALL_KERNEL(dot_double, x, y);
  return 0;
}
