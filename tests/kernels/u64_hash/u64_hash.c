// FNV-1a-64 over a byte array, with splitmix64's finalizer applied to every prefix hash.
// 64-bit multiplications by constants above 2^32, 64-bit xor-shift mixing, uint64_t outputs.
#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>

#define N 64

uint64_t u64_hash(uint8_t data[N], uint64_t mix[N]) {
  uint64_t h = 0xcbf29ce484222325u;
  for (int i = 0; i < N; i++) {
    h ^= data[i];
    h *= 0x100000001b3u;
    uint64_t z = h + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    mix[i] = z ^ (z >> 31);
  }
  return h;
}

int main(void) {
  uint8_t data[N];
  uint64_t mix[N];
  for (int i = 0; i < N; i++) {
    data[i] = (uint8_t)(rand() & 0xff);
    mix[i] = 0;
  }
  CALL_KERNEL(u64_hash, data, mix);
  return 0;
}
