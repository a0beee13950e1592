// Single-precision a*x plus y, in place: y[i] = a * x[i] + y[i], with the scalar a as a
// kernel parameter. The multiply and the add are separate operations (no fused multiply-add).
#include "dynamatic/Integration.h"
#include "saxpy_float.h"
#include <stdlib.h>

void saxpy_float(float a, float x[N], float y[N]) {
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  float a = 1.75f;
  float x[N];
  float y[N];
  srand(12);
  for (int i = 0; i < N; i++) {
    x[i] = (float)(rand() % 2000 - 1000) / 64.0f;
    y[i] = (float)(rand() % 2000) / 3.0f;
  }
  CALL_KERNEL(saxpy_float, a, x, y);
  return 0;
}
