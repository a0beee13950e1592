// pass: promote-elements
// c[i][j] is read and written at one index in the k loop: it is carried in a register there,
// starting from the 0 stored just before the loop (that store goes), and written back once
// after the loop. The loop keeps its loads of a and b and no access of c.
#include "dynamatic/Integration.h"
#define N 4

void promote_accumulate(int a[N][N], int b[N][N], int c[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      c[i][j] = 0;
      for (int k = 0; k < N; k++)
        c[i][j] += a[i][k] * b[k][j];
    }
  }
}

int main(void) {
  int a[N][N];
  int b[N][N];
  int c[N][N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      a[i][j] = i * N + j - 5;
      b[i][j] = (i + 2) * (j - 1);
      c[i][j] = 7;
    }
  }
  CALL_KERNEL(promote_accumulate, a, b, c);
  return 0;
}
