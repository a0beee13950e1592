// 32-bit FNV-1a hash of 48 bytes: xor in a byte, multiply by the FNV prime. The product
// wraps modulo 2^32 on purpose, which is well defined because the state is unsigned.
#include "dynamatic/Integration.h"
#include "fnv1a_hash.h"
#include <stdint.h>
#include <stdlib.h>

uint32_t fnv1a_hash(uint8_t data[N]) {
  uint32_t h = FNV_OFFSET;
  for (int i = 0; i < N; i++) {
    h ^= data[i];
    h *= FNV_PRIME;
  }
  return h;
}

int main(void) {
  uint8_t data[N];
  for (int i = 0; i < N; i++)
    data[i] = (uint8_t)('A' + (i * 7) % 26);
  CALL_KERNEL(fnv1a_hash, data);
  return 0;
}
