// Float histogram: hist[bin[i]] += weight[i] over 1000 samples with random bins. The bins are
// only known at run time and consecutive samples may hit the same bin, so the accumulation is
// ordered through memory; a load-store queue overlaps the updates of different bins.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define N 1000
#define BINS 64

void histogram_float(int bin[N], float weight[N], float hist[BINS]) {
  for (int i = 0; i < N; i++)
    hist[bin[i]] += weight[i];
}

int main(void) {
  int bin[N];
  float weight[N];
  float hist[BINS];
  srand(41);
  for (int i = 0; i < N; i++) {
    bin[i] = rand() % BINS;
    weight[i] = (float)(rand() % 1000) / 100.0f;
  }
  for (int b = 0; b < BINS; b++)
    hist[b] = 0.0f;
  CALL_KERNEL(histogram_float, bin, weight, hist);
  return 0;
}
