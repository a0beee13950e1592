// Greatest common divisor of two scalars by Euclid's algorithm (repeated remainder).
// Consecutive Fibonacci numbers (scaled by 12) give the longest remainder chain.
#include "dynamatic/Integration.h"
#include <stdlib.h>

unsigned gcd(unsigned a, unsigned b) {
  unsigned x = a;
  unsigned y = b;
  while (y != 0) {
    unsigned r = x % y;
    x = y;
    y = r;
  }
  return x;
}

int main(void) {
  unsigned a = 28657u * 12u;
  unsigned b = 17711u * 12u;
  CALL_KERNEL(gcd, a, b);
  return 0;
}
