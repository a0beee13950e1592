// Image filter: a horizontal sharpen, out = clamp(3 p - l - r, 0, 255), of an 8-bit image
// whose border pixels reuse the nearest column. A defensive bounds test that never holds
// skips nothing; the clamps are the typical data-dependent ifs of image kernels.
#include "dynamatic/Integration.h"
#include "sharpen_clamp.h"
#include <stdint.h>
#include <stdlib.h>

void sharpen_clamp(uint8_t in[H][W], uint8_t out[H][W]) {
  for (int r = 0; r < H; r++) {
    for (int c = 0; c < W; c++) {
      if (r < 0 || r >= H || c < 0 || c >= W)
        continue;
      int cl = c > 0 ? c - 1 : c;
      int cr = c < W - 1 ? c + 1 : c;
      int v = 3 * in[r][c] - in[r][cl] - in[r][cr];
      if (v < 0)
        v = 0;
      if (v > 255)
        v = 255;
      out[r][c] = (uint8_t)v;
    }
  }
}

int main(void) {
  uint8_t in[H][W];
  uint8_t out[H][W];
  srand(42);
  for (int r = 0; r < H; r++) {
    for (int c = 0; c < W; c++) {
      in[r][c] = (uint8_t)(rand() % 256);
      out[r][c] = 0;
    }
  }
  CALL_KERNEL(sharpen_clamp, in, out);
  return 0;
}
