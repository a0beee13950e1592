// File-scope constants as HLS code writes them: scalar constants computed from one another,
// a float coefficient table written as arithmetic, a 2-D double table and a `static const`
// integer lookup table, all read by the kernel (as ROMs) and by `main`.
#include "dynamatic/Integration.h"
#include "const_tables.h"

static const int SHIFT = 3;
const int ROUNDING = (1 << SHIFT) / 2;
const float NORM = 1.0f / 16;

// Binomial smoothing taps 1 4 6 4 1, pre-scaled by 1/16.
const float taps[TAPS] = {1 * NORM, 4 * NORM, 6 * NORM, 4 * NORM, 1 * NORM};
// Per-phase gain and offset.
const double phase_gain[2][2] = {{1.0, 0.5}, {-0.25, 2.0 / 3}};
static const unsigned char quantize[8] = {0, 1, 3, 7, 15, 31, 63, 127};

int const_tables(float in[N], float smooth[N], int level[N]) {
  int total = 0;
  for (int i = 0; i < N; i++) {
    float acc = 0.0f;
    for (int t = 0; t < TAPS; t++) {
      int k = i + t - TAPS / 2;
      if (k >= 0 && k < N)
        acc += taps[t] * in[k];
    }
    double g = phase_gain[i & 1][(i >> 1) & 1];
    smooth[i] = (float)(acc * g);
    int q = ((int)(acc * 8.0f) + ROUNDING) >> SHIFT;
    level[i] = quantize[q & 7];
    total += level[i];
  }
  return total;
}

int main(void) {
  float in[N];
  float smooth[N];
  int level[N];
  for (int i = 0; i < N; i++) {
    in[i] = (float)((i * 7) % 11) * taps[i % TAPS] * 4.0f;
    smooth[i] = 0.0f;
    level[i] = quantize[i % 8];
  }
  CALL_KERNEL(const_tables, in, smooth, level);
  return 0;
}
