// Seven-point 3-D stencil (discrete Laplacian) over the 6x6x6 interior of an 8x8x8 grid;
// the boundary of the output is left as it was.
#include "dynamatic/Integration.h"
#include "stencil_3d.h"
#include <stdlib.h>

void stencil_3d(int in[S][S][S], int out[S][S][S]) {
  for (int i = 1; i < S - 1; i++) {
    for (int j = 1; j < S - 1; j++) {
      for (int k = 1; k < S - 1; k++) {
        int n = in[i - 1][j][k] + in[i + 1][j][k] + in[i][j - 1][k] + in[i][j + 1][k] +
                in[i][j][k - 1] + in[i][j][k + 1];
        out[i][j][k] = n - 6 * in[i][j][k];
      }
    }
  }
}

int main(void) {
  int in[S][S][S];
  int out[S][S][S];
  srand(512);
  for (int i = 0; i < S; i++) {
    for (int j = 0; j < S; j++) {
      for (int k = 0; k < S; k++) {
        in[i][j][k] = rand() % 1000;
        out[i][j][k] = -1;
      }
    }
  }
  CALL_KERNEL(stencil_3d, in, out);
  return 0;
}
