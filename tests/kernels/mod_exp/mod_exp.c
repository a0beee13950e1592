// Modular exponentiation base^exponent mod m by square-and-multiply over the exponent's bits.
// With m < 65536 every product fits in 32 unsigned bits.
#include "dynamatic/Integration.h"
#include <stdlib.h>

unsigned mod_exp(unsigned base, unsigned exponent, unsigned m) {
  unsigned result = 1 % m;
  unsigned b = base % m;
  unsigned e = exponent;
  while (e > 0) {
    if (e & 1u)
      result = result * b % m;
    b = b * b % m;
    e >>= 1;
  }
  return result;
}

int main(void) {
  unsigned base = 4321;
  unsigned exponent = 65537;
  unsigned m = 65521;
  CALL_KERNEL(mod_exp, base, exponent, m);
  return 0;
}
