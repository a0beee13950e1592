// Index of the smallest float (first one on ties): float comparison driving two
// loop-carried values, the current minimum and its index.
#include "dynamatic/Integration.h"
#include "argmin.h"
#include <stdlib.h>

int argmin(float a[N]) {
  int best = 0;
  float min = a[0];
  for (int i = 1; i < N; i++) {
    if (a[i] < min) {
      min = a[i];
      best = i;
    }
  }
  return best;
}

int main(void) {
  float a[N];
  srand(11);
  for (int i = 0; i < N; i++)
    a[i] = (float)(rand() % 10000 - 5000) * 0.125f;
  CALL_KERNEL(argmin, a);
  return 0;
}
