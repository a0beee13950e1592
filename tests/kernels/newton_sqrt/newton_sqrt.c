// Square root by Newton's iteration x' = (x + v / x) / 2 in double precision, in a do-while
// loop that runs until two iterates agree to 1e-12 (at most 64 rounds). Scalar-only.
#include "dynamatic/Integration.h"
#include <math.h>
#include <stdlib.h>

double newton_sqrt(double v) {
  double x = v > 1.0 ? v : 1.0;
  double prev;
  int rounds = 0;
  do {
    prev = x;
    x = 0.5 * (x + v / x);
    rounds++;
  } while (fabs(x - prev) > 1e-12 && rounds < 64);
  return x;
}

int main(void) {
  double v = 1234.5678;
  CALL_KERNEL(newton_sqrt, v);
  return 0;
}
