// Quantizes floats to uint8_t codes: q = clamp(round(x * scale + 128), 0, 255). A helper,
// called from the loop and inlined, rounds half away from zero, clamps in float and only
// then converts to int, so the conversion never overflows. Returns how many values clipped.
#include "dynamatic/Integration.h"
#include "quantize_u8.h"
#include <stdint.h>
#include <stdlib.h>

int round_clamp_u8(float v) {
  if (v <= 0.0f)
    return 0;
  if (v >= 255.0f)
    return 255;
  return (int)(v + 0.5f);
}

int quantize_u8(float x[N], float scale, uint8_t q[N]) {
  int clipped = 0;
  for (int i = 0; i < N; i++) {
    float v = x[i] * scale + 128.0f;
    int code = round_clamp_u8(v);
    q[i] = (uint8_t)code;
    if (code == 0 || code == 255)
      clipped++;
  }
  return clipped;
}

int main(void) {
  float x[N];
  float scale = 40.0f;
  uint8_t q[N];
  srand(256);
  for (int i = 0; i < N; i++) {
    x[i] = (float)(rand() % 801 - 400) / 100.0f;
    q[i] = 0;
  }
  CALL_KERNEL(quantize_u8, x, scale, q);
  return 0;
}
