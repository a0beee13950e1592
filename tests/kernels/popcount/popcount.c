// Number of set bits of a 32-bit scalar: clear the lowest set bit until none is left
// (a while loop whose trip count is the answer).
#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>

int popcount(uint32_t x) {
  uint32_t v = x;
  int count = 0;
  while (v != 0) {
    v &= v - 1;
    count++;
  }
  return count;
}

int main(void) {
  uint32_t x = 0xF00DCAFEu;
  CALL_KERNEL(popcount, x);
  return 0;
}
