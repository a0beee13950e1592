// Valid 2-D convolution of a 10x10 image with a 3x3 kernel: four nested loops.
#include "dynamatic/Integration.h"
#include "conv2d.h"
#include <stdlib.h>

void conv2d(int img[IMG][IMG], int w[K][K], int out[OUT][OUT]) {
  for (int r = 0; r < OUT; r++) {
    for (int c = 0; c < OUT; c++) {
      int acc = 0;
      for (int kr = 0; kr < K; kr++) {
        for (int kc = 0; kc < K; kc++)
          acc += img[r + kr][c + kc] * w[kr][kc];
      }
      out[r][c] = acc;
    }
  }
}

int main(void) {
  int img[IMG][IMG];
  int w[K][K];
  int out[OUT][OUT];
  srand(8);
  for (int i = 0; i < IMG; i++)
    for (int j = 0; j < IMG; j++)
      img[i][j] = rand() % 256;
  for (int i = 0; i < K; i++)
    for (int j = 0; j < K; j++)
      w[i][j] = rand() % 7 - 3;
  for (int i = 0; i < OUT; i++)
    for (int j = 0; j < OUT; j++)
      out[i][j] = 0;
  CALL_KERNEL(conv2d, img, w, out);
  return 0;
}
