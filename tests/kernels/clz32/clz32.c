// Count of leading zero bits of a 32-bit scalar by binary search with five ifs and no loop
// (32 for zero).
#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>

int clz32(uint32_t x) {
  if (x == 0)
    return 32;
  uint32_t v = x;
  int n = 0;
  if ((v & 0xFFFF0000u) == 0) {
    n += 16;
    v <<= 16;
  }
  if ((v & 0xFF000000u) == 0) {
    n += 8;
    v <<= 8;
  }
  if ((v & 0xF0000000u) == 0) {
    n += 4;
    v <<= 4;
  }
  if ((v & 0xC0000000u) == 0) {
    n += 2;
    v <<= 2;
  }
  if ((v & 0x80000000u) == 0)
    n += 1;
  return n;
}

int main(void) {
  uint32_t x = 0x00035A7Fu;
  CALL_KERNEL(clz32, x);
  return 0;
}
