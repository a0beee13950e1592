// Integer square root (floor) of a 32-bit unsigned scalar by the digit-by-digit method:
// one while loop finds the highest power of four not above n, a second one builds the
// root bit by bit with shifts, compares and subtractions (no multiply, no divide).
#include "dynamatic/Integration.h"
#include <stdlib.h>

unsigned isqrt(unsigned n) {
  unsigned rem = n;
  unsigned root = 0;
  unsigned bit = 1u << 30;
  while (bit > rem)
    bit >>= 2;
  while (bit != 0) {
    if (rem >= root + bit) {
      rem -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

int main(void) {
  unsigned n = 123456789u;
  CALL_KERNEL(isqrt, n);
  return 0;
}
