// Clamps a signal that main synthesizes with the float forms of <math.h> to [lo, hi] with
// fminf/fmaxf and returns the total clipped amount, summed with fabsf. fabsf becomes the absf
// unit, fminf and fmaxf a comparison and a select. main rounds each sample to a multiple of
// 2^-10 (grid): sinf, cosf, expf, ... may differ from glibc's in the last bit, and the rounding
// makes the inputs equal for gcc and the interpreter (the library's own test compares the raw
// results).
#include "dynamatic/Integration.h"
#include "math_inputs_float.h"
#include <math.h>

float math_inputs_float(float lo, float hi, float v[N], float clamped[N]) {
  float clipped = 0.0f;
  for (int i = 0; i < N; i++) {
    float c = fminf(fmaxf(v[i], lo), hi);
    clamped[i] = c;
    clipped = clipped + fabsf(v[i] - c);
  }
  return clipped;
}

float grid(float v) { return roundf(v * 1024.0f) / 1024.0f; }

int main(void) {
  float lo = -1.5f;
  float hi = floorf(2.75f) + ceilf(0.25f) / 2.0f;
  if (isinf(-INFINITY) == -1 && isnan(NAN) && isfinite(hi) && !isfinite(HUGE_VAL) &&
      HUGE_VALF == INFINITY)
    lo = -1.25f;
  float v[N];
  float clamped[N];
  for (int i = 0; i < N; i++) {
    float f = (float)i;
    float t = f * (float)M_PI / 8.0f;
    v[i] = sqrtf(f) * cosf(t) + powf(1.05f, f) * sinf(t) / 4.0f
           - expf(-f / 16.0f) * logf(1.0f + f);
    if (i % 3 == 1)
      v[i] = v[i] * tanhf(f / 8.0f) + fmodf(f * 0.7f, 1.25f) - roundf(log2f(f + 1.0f)) / 4.0f;
    if (i % 3 == 2)
      v[i] = v[i] + atan2f(sinf(t), 2.0f + cosf(t)) * hypotf(f, 3.0f) / 8.0f - truncf(f / 7.0f);
    v[i] = grid(v[i]);
  }
  CALL_KERNEL(math_inputs_float, lo, hi, v, clamped);
  return 0;
}
