// Sparse matrix-vector product y = A x with A in compressed sparse row form: the inner loop
// bounds come from memory (row_ptr) and x is read through an index array (col).
#include "dynamatic/Integration.h"
#include "sparse_matvec.h"
#include <stdlib.h>

void sparse_matvec(int row_ptr[ROWS + 1], int col[NNZ], float val[NNZ], float x[COLS],
                   float y[ROWS]) {
  for (int r = 0; r < ROWS; r++) {
    float s = 0.0f;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

int main(void) {
  int row_ptr[ROWS + 1];
  int col[NNZ];
  float val[NNZ];
  float x[COLS];
  float y[ROWS];
  srand(40);
  int k = 0;
  for (int r = 0; r < ROWS; r++) {
    row_ptr[r] = k;
    // Row r holds r % 4 + 1 entries: 4 * (1 + 2 + 3 + 4) = 40 = NNZ in total.
    for (int e = 0; e <= r % 4; e++) {
      col[k] = (r * 3 + e * 5) % COLS;
      val[k] = (float)(rand() % 100 - 50) / 8.0f;
      k++;
    }
  }
  row_ptr[ROWS] = k;
  for (int c = 0; c < COLS; c++)
    x[c] = (float)(rand() % 64) / 4.0f;
  for (int r = 0; r < ROWS; r++)
    y[r] = 0.0f;
  CALL_KERNEL(sparse_matvec, row_ptr, col, val, x, y);
  return 0;
}
