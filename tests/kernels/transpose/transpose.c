// Matrix transpose of 16x16 uint16_t values: out[j][i] = in[i][j], all iterations independent.
#include "dynamatic/Integration.h"
#include "transpose.h"
#include <stdint.h>
#include <stdlib.h>

void transpose(uint16_t in[N][N], uint16_t out[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      out[j][i] = in[i][j];
}

int main(void) {
  uint16_t in[N][N];
  uint16_t out[N][N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      in[i][j] = (uint16_t)(i * 256 + j);
      out[i][j] = 0;
    }
  }
  CALL_KERNEL(transpose, in, out);
  return 0;
}
