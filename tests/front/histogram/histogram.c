#include "dynamatic/Integration.h"
#include <stdint.h>
#include <stdlib.h>
#define N 200
#define BINS 16

void histogram(uint8_t feature[N], float weight[N], float hist[BINS]) {
  for (int i = 0; i < N; ++i) {
    uint8_t f = feature[i] & (BINS - 1);
    hist[f] = hist[f] + weight[i];
  }
}

int main(void) {
  uint8_t feature[N];
  float weight[N];
  float hist[BINS];
  srand(42);
  for (int i = 0; i < N; ++i) {
    feature[i] = rand() % 256;
    weight[i] = (float)(rand() % 1000) / 7.0f;
  }
  for (int i = 0; i < BINS; ++i)
    hist[i] = 0.0f;
  CALL_KERNEL(histogram, feature, weight, hist);
  return 0;
}
