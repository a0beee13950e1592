#include "dynamatic/Integration.h"
#include "matvec.h"
#include <stdlib.h>

void matvec(in_t m[ROWS][COLS], in_t v[COLS], out_t out[ROWS]) {
  for (int i = 0; i < ROWS; i++) {
    out_t acc = 0;
    for (int j = 0; j < COLS; j++)
      acc += m[i][j] * v[j];
    out[i] = acc;
  }
}

int main(void) {
  in_t m[ROWS][COLS];
  in_t v[COLS];
  out_t out[ROWS];
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++)
      m[i][j] = rand() % 200 - 100;
    out[i] = 0;
  }
  for (int j = 0; j < COLS; j++)
    v[j] = rand() % 200 - 100;
  CALL_KERNEL(matvec, m, v, out);
  return 0;
}
