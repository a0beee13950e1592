// Five-point Laplacian stencil on a 16x16 grid; border cells are copied unchanged
// (an if/else inside the doubly nested loop).
#include "dynamatic/Integration.h"
#include "stencil_2d.h"
#include <stdlib.h>

void stencil_2d(int in[ROWS][COLS], int out[ROWS][COLS]) {
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) {
      if (i == 0 || j == 0 || i == ROWS - 1 || j == COLS - 1)
        out[i][j] = in[i][j];
      else
        out[i][j] = 4 * in[i][j] - in[i - 1][j] - in[i + 1][j] - in[i][j - 1] - in[i][j + 1];
    }
  }
}

int main(void) {
  int in[ROWS][COLS];
  int out[ROWS][COLS];
  srand(42);
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++) {
      in[i][j] = rand() % 256;
      out[i][j] = 0;
    }
  }
  CALL_KERNEL(stencil_2d, in, out);
  return 0;
}
