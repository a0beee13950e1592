// Dot product of two int8_t vectors (quantized neural-network style): operands are promoted
// to int before multiplying, and the sum is accumulated in int.
#include "dynamatic/Integration.h"
#include "int8_dot.h"
#include <stdint.h>
#include <stdlib.h>

int int8_dot(int8_t a[N], int8_t b[N]) {
  int acc = 0;
  for (int i = 0; i < N; i++)
    acc += a[i] * b[i];
  return acc;
}

int main(void) {
  int8_t a[N];
  int8_t b[N];
  srand(127);
  for (int i = 0; i < N; i++) {
    a[i] = (int8_t)(rand() % 256 - 128);
    b[i] = (int8_t)(rand() % 256 - 128);
  }
  CALL_KERNEL(int8_dot, a, b);
  return 0;
}
