// pass: promote-elements
// best[r] is written only when a larger value comes, and read on every iteration: it is read
// once before the j loop, carried through both arms, and written back once after the loop.
// The outer loop then reads and writes best[r] at a varying index, so it keeps its accesses.
#include "dynamatic/Integration.h"
#define R 3
#define N 6

void promote_conditional(int x[R][N], int best[R]) {
  for (int r = 0; r < R; r++) {
    for (int j = 0; j < N; j++) {
      if (x[r][j] > best[r])
        best[r] = x[r][j];
    }
  }
}

int main(void) {
  int x[R][N];
  int best[R];
  for (int r = 0; r < R; r++) {
    best[r] = 2 * r - 3;
    for (int j = 0; j < N; j++)
      x[r][j] = (r * 7 + j * 5) % 11 - 4;
  }
  CALL_KERNEL(promote_conditional, x, best);
  return 0;
}
