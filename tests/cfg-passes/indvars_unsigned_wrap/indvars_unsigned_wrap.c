// pass: indvars
// Wrapping induction variables: an 8-bit counter from 250 to 4 through 255 and 0 (10 trips,
// `!=`), and a 32-bit unsigned counter wrapping past 0xffffffff (21 trips) whose accumulator
// wraps too (x += 0x40000000 each trip).
#include "dynamatic/Integration.h"
#include <stdint.h>

unsigned indvars_unsigned_wrap(unsigned x) {
  unsigned n = 0;
  for (uint8_t b = 250; b != 4; b++)
    n++;
  for (unsigned u = 0xfffffff0u; u != 5u; u++)
    x += 0x40000000u;
  return x + n;
}

int main(void) {
  unsigned x = 3u;
  CALL_KERNEL(indvars_unsigned_wrap, x);
  return 0;
}
