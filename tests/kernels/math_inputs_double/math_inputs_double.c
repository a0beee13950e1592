// Envelope of two signals that main synthesizes with <math.h> (double forms, M_PI, NAN): per
// sample the larger magnitude env[i] = fmax(|x[i]|, |y[i]|) and the smaller signed value
// low[i] = fmin(x[i], y[i]); returns the peak envelope. fabs becomes the absf unit, fmin and
// fmax a comparison and a select in which a NaN operand loses (y[5] is NAN). main rounds each
// sample to a multiple of 2^-16 (grid): the functions other than sqrt, floor, ceil, round,
// trunc and fmod may differ from glibc's in the last bit, and the rounding makes the inputs
// equal for gcc and the interpreter (the library's own test compares the raw results).
#include "dynamatic/Integration.h"
#include "math_inputs_double.h"
#include <math.h>

double math_inputs_double(double x[N], double y[N], double env[N], double low[N]) {
  double peak = 0.0;
  for (int i = 0; i < N; i++) {
    double m = fmax(fabs(x[i]), fabs(y[i]));
    env[i] = m;
    low[i] = fmin(x[i], y[i]);
    peak = fmax(peak, m);
  }
  return peak;
}

double grid(double v) { return round(v * 65536) / 65536; }

int main(void) {
  double x[N];
  double y[N];
  double env[N];
  double low[N];
  for (int i = 0; i < N; i++) {
    double t = i * M_PI / 8;
    x[i] = grid(sqrt(i) * cos(t) + pow(1.05, i) * sin(t) / 4 - exp(-i / 16.0) * log(1 + i));
    y[i] = atan2(sin(t), cos(t) + 2) * hypot(i, 3) / 4 + tanh(i / 8.0) - floor(i / 5.0) / 3;
    if (i % 4 == 1)
      y[i] = y[i] + fmod(i * M_E, 2.5) - ceil(log2(i + 1.0)) + round(log10(i + 1.0) * 4) / 2;
    if (i % 4 == 2)
      y[i] = atan(i / 3.0) + asin(i / 64.0) - acos(i / 96.0) + cosh(i / 24.0) - sinh(i / 32.0);
    if (i % 4 == 3)
      y[i] = tan(i * M_PI_4 / 16) + exp2(i / 12.0) - trunc(i * M_SQRT2) / 16;
    y[i] = grid(y[i]);
  }
  y[5] = NAN;
  y[0] = -0.0;
  CALL_KERNEL(math_inputs_double, x, y, env, low);
  return 0;
}
