// Weighted histogram: hist[feature[i]] += weight[i]. Consecutive iterations may hit the
// same bin, so each update depends on earlier ones through memory.
#include "dynamatic/Integration.h"
#include "histogram.h"
#include <stdint.h>
#include <stdlib.h>

void histogram(uint8_t feature[N], int weight[N], int hist[BINS]) {
  for (int i = 0; i < N; i++) {
    uint8_t bin = feature[i] & (BINS - 1);
    hist[bin] += weight[i];
  }
}

int main(void) {
  uint8_t feature[N];
  int weight[N];
  int hist[BINS];
  srand(5);
  for (int i = 0; i < N; i++) {
    feature[i] = (uint8_t)(rand() % 256);
    weight[i] = rand() % 10 + 1;
  }
  for (int b = 0; b < BINS; b++)
    hist[b] = b;
  CALL_KERNEL(histogram, feature, weight, hist);
  return 0;
}
