// pass: if-convert
// A clamp to [0, 255] and a diamond of cheap arithmetic inside a loop become selects.
#include "dynamatic/Integration.h"
#define N 16

void if_convert_clamp(int in[N], int out[N]) {
  for (int i = 0; i < N; i++) {
    int x = in[i];
    int y;
    if (x & 1)
      y = x + 7;
    else
      y = x - 3;
    if (y < 0)
      y = 0;
    if (y > 255)
      y = 255;
    out[i] = y;
  }
}

int main(void) {
  int in[N], out[N];
  for (int k = 0; k < N; k++) {
    in[k] = k * 41 - 100;
    out[k] = 0;
  }
  CALL_KERNEL(if_convert_clamp, in, out);
  return 0;
}
