#include "dynamatic/Integration.h"
#include <math.h>
#include <stdlib.h>
#define N 50

double floats(float x[N], double y[N], float scale) {
  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    float t = x[i] * scale + 0.1f;
    if (t > 10.0f)
      t = t / 3.0f;
    y[i] = y[i] * 0.5 + t - fabs(y[i] - 2.25);
    x[i] = fabsf(t - 5.0f) * -1.5f;
    sum += y[i] / (i + 1);
  }
  return sum;
}

int main(void) {
  float x[N];
  double y[N];
  srand(3);
  for (int i = 0; i < N; i++) {
    x[i] = (rand() % 1000) / 37.0f;
    y[i] = (rand() % 1000) / 13.0 - 20.0;
  }
  CALL_KERNEL(floats, x, y, 1.75f);
  return 0;
}
