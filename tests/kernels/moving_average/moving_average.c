// Moving average over the last 4 uint16_t samples, keeping the window in a small local
// circular buffer (index wraps with & 3) and a running sum updated incrementally.
#include "dynamatic/Integration.h"
#include "moving_average.h"
#include <stdint.h>
#include <stdlib.h>

void moving_average(uint16_t in[N], uint16_t out[N]) {
  uint16_t window[WIN] = {0, 0, 0, 0};
  unsigned sum = 0;
  for (int i = 0; i < N; i++) {
    int slot = i & (WIN - 1);
    sum = sum - window[slot] + in[i];
    window[slot] = in[i];
    out[i] = (uint16_t)(sum / WIN);
  }
}

int main(void) {
  uint16_t in[N];
  uint16_t out[N];
  srand(4);
  for (int i = 0; i < N; i++) {
    in[i] = (uint16_t)(30000 + rand() % 35536);
    out[i] = 0;
  }
  CALL_KERNEL(moving_average, in, out);
  return 0;
}
