// pass: indvars
// A loop that only counts: x gets its exit value x + 100 and s the sum 0 + 1 + … + 99,
// computed before the loop; the loop, left without effect, is deleted.
#include "dynamatic/Integration.h"

int indvars_count(int x) {
  int s = 0;
  for (int i = 0; i < 100; i++) {
    x++;
    s += i;
  }
  return x + s;
}

int main(void) {
  int x = 7;
  CALL_KERNEL(indvars_count, x);
  return 0;
}
