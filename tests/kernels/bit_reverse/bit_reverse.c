// Reverses the bit order of 32 words with a loop-free helper (swap halves, bytes, nibbles,
// pairs, bits with masks and shifts) that is inlined into the loop.
#include "dynamatic/Integration.h"
#include "bit_reverse.h"
#include <stdint.h>
#include <stdlib.h>

uint32_t reverse32(uint32_t v) {
  uint32_t r = (v >> 16) | (v << 16);
  r = ((r >> 8) & 0x00FF00FFu) | ((r & 0x00FF00FFu) << 8);
  r = ((r >> 4) & 0x0F0F0F0Fu) | ((r & 0x0F0F0F0Fu) << 4);
  r = ((r >> 2) & 0x33333333u) | ((r & 0x33333333u) << 2);
  r = ((r >> 1) & 0x55555555u) | ((r & 0x55555555u) << 1);
  return r;
}

void bit_reverse(uint32_t in[N], uint32_t out[N]) {
  for (int i = 0; i < N; i++)
    out[i] = reverse32(in[i]);
}

int main(void) {
  uint32_t in[N];
  uint32_t out[N];
  srand(32);
  for (int i = 0; i < N; i++) {
    in[i] = ((uint32_t)rand() << 1) ^ (uint32_t)(i == 0);
    out[i] = 0;
  }
  CALL_KERNEL(bit_reverse, in, out);
  return 0;
}
