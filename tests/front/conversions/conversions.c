#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>
#define N 24

float conversions(int a[N], unsigned u[N], float f[N], double d[N], uint8_t b[N], int16_t s[N]) {
  float acc = 0.0f;
  for (int i = 0; i < N; i++) {
    float x = a[i];            /* int -> float rounds */
    double y = u[i];           /* unsigned -> double exact */
    f[i] = (float)(d[i] * 3.0) + x / 7.0f;
    d[i] = y / 3.0 + f[i];
    b[i] = (uint8_t)(f[i] > 0 ? f[i] : -f[i]);
    s[i] = (int16_t)(a[i] >> 3) * (int16_t)b[i];
    u[i] = u[i] / 3u + (unsigned)(a[i] % 7) + (a[i] < 0 ? 1u : 2u);
    a[i] = (int)(d[i] / 1000.0) - (int)f[i];
    acc += (float)d[i] - f[i] * 0.25f;
  }
  return acc;
}

int main(void) {
  int a[N];
  unsigned u[N];
  float f[N];
  double d[N];
  uint8_t b[N];
  int16_t s[N];
  srand(2024);
  for (int i = 0; i < N; i++) {
    a[i] = rand() - 1073741824;
    u[i] = (unsigned)rand() * 2u + 1u;
    d[i] = (rand() % 10000) / 97.0;
    f[i] = 0.0f;
    b[i] = 0;
    s[i] = 0;
  }
  CALL_KERNEL(conversions, a, u, f, d, b, s);
  return 0;
}
