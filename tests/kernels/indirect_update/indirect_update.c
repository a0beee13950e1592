// Indirect update across time steps, as in sparse propagation kernels:
// m[k][row[p]] += a[p] * m[k - 1][col[p]]. Rows and columns come from index arrays, so the
// updates of one step may hit the same element and are ordered through memory at run time.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define STEPS 4
#define NODES 32
#define EDGES 48

void indirect_update(int m[STEPS][NODES], int a[EDGES], int row[EDGES], int col[EDGES]) {
  for (int k = 1; k < STEPS; k++)
    for (int p = 0; p < EDGES; p++)
      m[k][row[p]] += a[p] * m[k - 1][col[p]];
}

int main(void) {
  int m[STEPS][NODES];
  int a[EDGES];
  int row[EDGES];
  int col[EDGES];
  srand(17);
  for (int k = 0; k < STEPS; k++)
    for (int n = 0; n < NODES; n++)
      m[k][n] = k == 0 ? rand() % 10 : 0;
  for (int p = 0; p < EDGES; p++) {
    a[p] = rand() % 7 - 3;
    row[p] = rand() % NODES;
    col[p] = rand() % NODES;
  }
  CALL_KERNEL(indirect_update, m, a, row, col);
  return 0;
}
