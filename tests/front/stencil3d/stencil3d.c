#include "dynamatic/Integration.h"
#include <stdlib.h>
#define X 6
#define Y 5
#define Z 4

void stencil3d(int in[X][Y][Z], int out[X][Y][Z]) {
  for (int i = 0; i < X; i++)
    for (int j = 0; j < Y; j++)
      for (int k = 0; k < Z; k++) {
        int s = in[i][j][k] * 2;
        if (i > 0) s += in[i - 1][j][k];
        if (i < X - 1) s += in[i + 1][j][k];
        if (j > 0) s += in[i][j - 1][k];
        if (k < Z - 1) s -= in[i][j][k + 1];
        out[i][j][k] = s;
      }
}

int main(void) {
  int in[X][Y][Z], out[X][Y][Z];
  srand(2);
  for (int i = 0; i < X; i++)
    for (int j = 0; j < Y; j++)
      for (int k = 0; k < Z; k++) {
        in[i][j][k] = rand() % 100;
        out[i][j][k] = 0;
      }
  CALL_KERNEL(stencil3d, in, out);
  return 0;
}
