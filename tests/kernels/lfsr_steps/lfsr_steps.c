// Advances a 16-bit Galois linear-feedback shift register (taps 0xB400) a given number of
// steps and returns the final state. Scalar-only: shifts, xor and a data-dependent if.
#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>

uint16_t lfsr_steps(uint16_t seed, int steps) {
  uint16_t s = seed;
  for (int i = 0; i < steps; i++) {
    unsigned lsb = s & 1u;
    s = (uint16_t)(s >> 1);
    if (lsb)
      s ^= 0xB400u;
  }
  return s;
}

int main(void) {
  uint16_t seed = 0xACE1u;
  int steps = 200;
  CALL_KERNEL(lfsr_steps, seed, steps);
  return 0;
}
