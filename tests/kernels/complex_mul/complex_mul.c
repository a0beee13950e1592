// Loop-free float kernel: the product of two complex numbers held as {re, im} arrays,
// written to a third array, plus the squared magnitude of the product as the return value.
#include "dynamatic/Integration.h"
#include <stdlib.h>

float complex_mul(float a[2], float b[2], float out[2]) {
  float re = a[0] * b[0] - a[1] * b[1];
  float im = a[0] * b[1] + a[1] * b[0];
  out[0] = re;
  out[1] = im;
  return re * re + im * im;
}

int main(void) {
  float a[2] = {1.5f, -2.25f};
  float b[2] = {0.75f, 3.125f};
  float out[2] = {0.0f, 0.0f};
  CALL_KERNEL(complex_mul, a, b, out);
  return 0;
}
