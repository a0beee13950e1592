// RGB to grayscale in fixed point: gray = (77 r + 150 g + 29 b) >> 8 with unsigned
// arithmetic (the weights approximate 0.299, 0.587, 0.114 and sum to 256).
#include "dynamatic/Integration.h"
#include "rgb_to_gray.h"
#include <stdint.h>
#include <stdlib.h>

void rgb_to_gray(uint8_t rgb[PIXELS][3], uint8_t gray[PIXELS]) {
  for (int p = 0; p < PIXELS; p++) {
    unsigned y = 77u * rgb[p][0] + 150u * rgb[p][1] + 29u * rgb[p][2];
    gray[p] = (uint8_t)(y >> 8);
  }
}

int main(void) {
  uint8_t rgb[PIXELS][3];
  uint8_t gray[PIXELS];
  srand(255);
  for (int p = 0; p < PIXELS; p++) {
    for (int c = 0; c < 3; c++)
      rgb[p][c] = (uint8_t)(rand() % 256);
    gray[p] = 0;
  }
  CALL_KERNEL(rgb_to_gray, rgb, gray);
  return 0;
}
