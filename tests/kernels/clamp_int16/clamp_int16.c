// Clamps int16_t samples to [lo, hi] with nested conditional expressions; returns how many
// samples were clipped.
#include "dynamatic/Integration.h"
#include "clamp_int16.h"
#include <stdint.h>
#include <stdlib.h>

int clamp_int16(int16_t in[N], int16_t lo, int16_t hi, int16_t out[N]) {
  int clipped = 0;
  for (int i = 0; i < N; i++) {
    int16_t x = in[i];
    out[i] = x < lo ? lo : (x > hi ? hi : x);
    clipped += (x < lo || x > hi);
  }
  return clipped;
}

int main(void) {
  int16_t in[N];
  int16_t out[N];
  int16_t lo = -12000;
  int16_t hi = 20000;
  srand(16);
  for (int i = 0; i < N; i++) {
    in[i] = (int16_t)(rand() % 65536 - 32768);
    out[i] = 0;
  }
  CALL_KERNEL(clamp_int16, in, lo, hi, out);
  return 0;
}
