// pass: indvars
// Loops whose body never runs: the start already fails the test (signed <, unsigned <=).
// The exit values are the start values; both loops are deleted.
#include "dynamatic/Integration.h"

int indvars_zero_trip(int x) {
  int i;
  for (i = 10; i < 5; i++)
    x += 3;
  unsigned u;
  for (u = 9u; u <= 2u; u++)
    x += 5;
  return x + i + (int)u;
}

int main(void) {
  int x = 1;
  CALL_KERNEL(indvars_zero_trip, x);
  return 0;
}
