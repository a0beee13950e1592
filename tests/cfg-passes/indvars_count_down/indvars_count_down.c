// pass: indvars
// Count-down loops: signed >= 0 in steps of 3 (i = 20, 17, …, 2: 7 trips, exits at -1) and
// unsigned > with a step of 4 (u = 30, 26, …, 6: 7 trips, exits at 2).
#include "dynamatic/Integration.h"

int indvars_count_down(int x) {
  int i;
  for (i = 20; i >= 0; i -= 3)
    x += 2;
  unsigned u;
  for (u = 30u; u > 5u; u -= 4u)
    x -= 1;
  return x * 1000 + i * 100 + (int)u;
}

int main(void) {
  int x = 4;
  CALL_KERNEL(indvars_count_down, x);
  return 0;
}
