#include "dynamatic/Integration.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#define N 48

int8_t narrow_types(int8_t a[N], uint8_t b[N], int16_t c[N], uint16_t d[N], bool flags[N]) {
  int8_t acc = 0;
  for (int i = 0; i < N; i++) {
    a[i] = a[i] * 3 + b[i];
    b[i] += a[i] >> 1;
    c[i] = (c[i] << 3) ^ d[i];
    d[i] = d[i] * 7 - b[i];
    flags[i] = (a[i] < b[i]) != flags[i];
    acc += a[i] / 3 - (char)d[i];
    if (b[i] > 200u && c[i] < -100)
      acc = ~acc;
  }
  return acc;
}

int main(void) {
  int8_t a[N];
  uint8_t b[N];
  int16_t c[N];
  uint16_t d[N];
  bool flags[N];
  srand(1234);
  for (int i = 0; i < N; i++) {
    a[i] = rand();
    b[i] = rand();
    c[i] = rand();
    d[i] = rand();
    flags[i] = rand() & 1;
  }
  CALL_KERNEL(narrow_types, a, b, c, d, flags);
  return 0;
}
