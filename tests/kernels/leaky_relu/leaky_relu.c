// Leaky ReLU on int16_t activations: positive values pass, negative ones are divided by 8
// (signed division truncating toward zero), chosen by a conditional expression.
#include "dynamatic/Integration.h"
#include "leaky_relu.h"
#include <stdint.h>
#include <stdlib.h>

void leaky_relu(int16_t x[N], int16_t y[N]) {
  for (int i = 0; i < N; i++)
    y[i] = (int16_t)(x[i] > 0 ? x[i] : x[i] / SLOPE_DIV);
}

int main(void) {
  int16_t x[N];
  int16_t y[N];
  srand(808);
  for (int i = 0; i < N; i++) {
    x[i] = (int16_t)(rand() % 2001 - 1000);
    y[i] = 0;
  }
  CALL_KERNEL(leaky_relu, x, y);
  return 0;
}
