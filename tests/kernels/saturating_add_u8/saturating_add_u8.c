// Saturating addition of two uint8_t vectors: sums above 255 clamp to 255 instead of wrapping.
#include "dynamatic/Integration.h"
#include "saturating_add_u8.h"
#include <stdint.h>
#include <stdlib.h>

void saturating_add_u8(uint8_t a[N], uint8_t b[N], uint8_t out[N]) {
  for (int i = 0; i < N; i++) {
    unsigned s = (unsigned)a[i] + b[i];
    out[i] = s > 255u ? 255 : (uint8_t)s;
  }
}

int main(void) {
  uint8_t a[N];
  uint8_t b[N];
  uint8_t out[N];
  srand(255);
  for (int i = 0; i < N; i++) {
    a[i] = (uint8_t)(rand() % 256);
    b[i] = (uint8_t)(rand() % 256);
    out[i] = 0;
  }
  CALL_KERNEL(saturating_add_u8, a, b, out);
  return 0;
}
