// Number of Collatz steps (n -> n/2 if even, 3n+1 if odd) from n down to 1.
// Scalar-only; the trip count depends entirely on the input (27 takes 111 steps).
#include "dynamatic/Integration.h"
#include <stdlib.h>

int collatz(unsigned n) {
  unsigned v = n;
  int steps = 0;
  while (v > 1) {
    if (v % 2 == 0)
      v = v / 2;
    else
      v = 3 * v + 1;
    steps++;
  }
  return steps;
}

int main(void) {
  unsigned n = 27;
  CALL_KERNEL(collatz, n);
  return 0;
}
