// Sine of 64 phases in Q15 fixed point: a 17-entry quarter-wave table (read-only memory),
// mirrored and negated per quadrant, with linear interpolation between entries.
#include "dynamatic/Integration.h"
#include "sine_lut.h"
#include <stdint.h>
#include <stdlib.h>

// quarter_sine[k] = round(32767 * sin(k * pi / 32)), k = 0..16.
const int16_t quarter_sine[17] = {0,     3212,  6393,  9512,  12539, 15446,
                                  18204, 20787, 23170, 25329, 27245, 28898,
                                  30273, 31356, 32137, 32609, 32767};

void sine_lut(uint16_t phase[N], int16_t out[N]) {
  for (int i = 0; i < N; i++) {
    unsigned quadrant = phase[i] >> 14;
    unsigned within = phase[i] & (QUARTER - 1);
    // Quadrants 1 and 3 run the quarter wave backwards.
    unsigned pos = (quadrant & 1u) ? QUARTER - within : within;
    unsigned idx = pos >> STEP_BITS;
    int frac = (int)(pos & ((1u << STEP_BITS) - 1));
    int value = quarter_sine[idx];
    if (idx < 16)
      value += (quarter_sine[idx + 1] - quarter_sine[idx]) * frac / (1 << STEP_BITS);
    out[i] = (int16_t)(quadrant >= 2 ? -value : value);
  }
}

int main(void) {
  uint16_t phase[N];
  int16_t out[N];
  srand(360);
  for (int i = 0; i < N; i++) {
    phase[i] = (uint16_t)(i < 4 ? i * QUARTER : rand() % 65536);
    out[i] = 0;
  }
  CALL_KERNEL(sine_lut, phase, out);
  return 0;
}
