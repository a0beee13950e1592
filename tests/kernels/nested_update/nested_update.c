// Element-wise update of a matrix in place, a[i][j] += 3 * b[i][j]: every iteration of the
// loop nest reads and writes its own element, so its memory accesses need no ordering.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define ROWS 12
#define COLS 16

void nested_update(int a[ROWS][COLS], int b[ROWS][COLS]) {
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      a[i][j] += 3 * b[i][j];
}

int main(void) {
  int a[ROWS][COLS];
  int b[ROWS][COLS];
  srand(29);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) {
      a[i][j] = rand() % 1000 - 500;
      b[i][j] = rand() % 200 - 100;
    }
  CALL_KERNEL(nested_update, a, b);
  return 0;
}
