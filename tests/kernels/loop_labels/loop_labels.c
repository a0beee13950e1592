// Weighted row sums of a 16x8 matrix written the way HLS code names its loops: a label on
// the outer loop, on the inner loop and on a plain statement. The labels are only names;
// rows[i] receives the weighted sum of row i and the kernel returns the sum of all rows.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define ROWS 16
#define COLS 8

int loop_labels(int a[ROWS][COLS], int w[COLS], int rows[ROWS]) {
  int total = 0;
ROW_LOOP:
  for (int i = 0; i < ROWS; i++) {
    int acc = 0;
  COL_LOOP:
    for (int j = 0; j < COLS; j++) {
    MAC:
      acc += a[i][j] * w[j];
    }
  STORE:
    rows[i] = acc;
    total += acc;
  }
  return total;
}

int main(void) {
  int a[ROWS][COLS];
  int w[COLS];
  int rows[ROWS];
  srand(21);
  for (int j = 0; j < COLS; j++)
    w[j] = rand() % 9 - 4;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++)
      a[i][j] = rand() % 201 - 100;
    rows[i] = 0;
  }
  CALL_KERNEL(loop_labels, a, w, rows);
  return 0;
}
