// pass: strength-reduce
// Multiplications by constants that need at most one adder become shifts (8, 10, 14, -4);
// those that would need a chain of adders (11, 77) keep their multiplier.
#include "dynamatic/Integration.h"

int strength_forms(int x) {
  return x * 8 + x * 10 + x * 14 + x * -4 + x * 11 + x * 77;
}

int main(void) {
  int x = 13;
  CALL_KERNEL(strength_forms, x);
  return 0;
}
