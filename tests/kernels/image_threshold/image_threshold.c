// Binarizes a 16x16 grayscale image into a bool mask (pixel > threshold) and returns the
// number of foreground pixels.
#include "dynamatic/Integration.h"
#include "image_threshold.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

int image_threshold(uint8_t img[H][W], uint8_t threshold, bool mask[H][W]) {
  int on = 0;
  for (int r = 0; r < H; r++) {
    for (int c = 0; c < W; c++) {
      bool fg = img[r][c] > threshold;
      mask[r][c] = fg;
      on += fg;
    }
  }
  return on;
}

int main(void) {
  uint8_t img[H][W];
  bool mask[H][W];
  uint8_t threshold = 128;
  srand(1616);
  for (int r = 0; r < H; r++) {
    for (int c = 0; c < W; c++) {
      // A bright disc on a noisy dark background.
      int d2 = (r - 8) * (r - 8) + (c - 7) * (c - 7);
      img[r][c] = (uint8_t)(d2 < 25 ? 180 + rand() % 70 : rand() % 140);
      mask[r][c] = false;
    }
  }
  CALL_KERNEL(image_threshold, img, threshold, mask);
  return 0;
}
