// Loop-free 32-bit hash finalizer of two scalars: xor-shifts, rotations and multiplications
// by odd constants, all on unsigned values so every overflow wraps modulo 2^32.
#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>

uint32_t rotl32(uint32_t v, unsigned r) { return (v << r) | (v >> (32u - r)); }

uint32_t hash_mix32(uint32_t key, uint32_t seed) {
  uint32_t h = seed ^ (key * 0xCC9E2D51u);
  h = rotl32(h, 13) * 5u + 0xE6546B64u;
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= rotl32(h, 7) + key;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}

int main(void) {
  uint32_t key = 0xDEADBEEFu;
  uint32_t seed = 2026u;
  CALL_KERNEL(hash_mix32, key, seed);
  return 0;
}
