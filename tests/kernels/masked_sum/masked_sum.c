// Sums the uint16_t values whose bool mask entry is set; also writes the running count of
// selected elements so far. Returns the sum.
#include "dynamatic/Integration.h"
#include "masked_sum.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

unsigned masked_sum(bool mask[N], uint16_t val[N], uint8_t seen[N]) {
  unsigned sum = 0;
  uint8_t count = 0;
  for (int i = 0; i < N; i++) {
    if (mask[i]) {
      sum += val[i];
      count++;
    }
    seen[i] = count;
  }
  return sum;
}

int main(void) {
  bool mask[N];
  uint16_t val[N];
  uint8_t seen[N];
  srand(1);
  for (int i = 0; i < N; i++) {
    mask[i] = rand() % 3 != 0;
    val[i] = (uint16_t)(rand() % 65536);
    seen[i] = 0;
  }
  CALL_KERNEL(masked_sum, mask, val, seen);
  return 0;
}
