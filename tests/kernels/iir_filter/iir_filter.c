// Second-order IIR (biquad, direct form I) low-pass filter in float:
// y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2].
// The previous outputs are carried in scalars from one iteration to the next.
#include "dynamatic/Integration.h"
#include "iir_filter.h"
#include <stdlib.h>

void iir_filter(float x[N], float y[N]) {
  float x1 = 0.0f;
  float x2 = 0.0f;
  float y1 = 0.0f;
  float y2 = 0.0f;
  for (int n = 0; n < N; n++) {
    float xn = x[n];
    float yn = B0 * xn + B1 * x1 + B2 * x2 - A1 * y1 - A2 * y2;
    y[n] = yn;
    x2 = x1;
    x1 = xn;
    y2 = y1;
    y1 = yn;
  }
}

int main(void) {
  float x[N];
  float y[N];
  srand(2024);
  for (int n = 0; n < N; n++) {
    x[n] = (float)(rand() % 200 - 100) / 10.0f;
    y[n] = 0.0f;
  }
  CALL_KERNEL(iir_filter, x, y);
  return 0;
}
