// Determinant of a 3x3 double matrix by cofactor expansion along the first row: a single
// loop-free expression over a 2-D array parameter.
#include "dynamatic/Integration.h"
#include <stdlib.h>

double det3x3(double m[3][3]) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int main(void) {
  double m[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      m[i][j] = (double)((i * 3 + j) * (i * 3 + j) % 7) - 2.5;
  CALL_KERNEL(det3x3, m);
  return 0;
}
