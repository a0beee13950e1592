// Run-length encoding of 48 bytes into (value, count) pairs; returns the number of runs.
// The output position advances only when a run ends (data-dependent store addresses).
#include "dynamatic/Integration.h"
#include "run_length.h"
#include <stdint.h>
#include <stdlib.h>

int run_length(uint8_t in[N], uint8_t values[N], uint8_t counts[N]) {
  int runs = 0;
  uint8_t cur = in[0];
  uint8_t cnt = 1;
  for (int i = 1; i < N; i++) {
    if (in[i] == cur) {
      cnt++;
    } else {
      values[runs] = cur;
      counts[runs] = cnt;
      runs++;
      cur = in[i];
      cnt = 1;
    }
  }
  values[runs] = cur;
  counts[runs] = cnt;
  return runs + 1;
}

int main(void) {
  uint8_t in[N];
  uint8_t values[N];
  uint8_t counts[N];
  srand(48);
  for (int i = 0; i < N; i++) {
    in[i] = (uint8_t)(rand() % 3);
    values[i] = 0;
    counts[i] = 0;
  }
  CALL_KERNEL(run_length, in, values, counts);
  return 0;
}
