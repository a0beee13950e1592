// BLAS level-1 swap (sswap) in float: exchanges two vectors element by element. Each element
// is read before it is overwritten by a value that does not depend on it, so the two accesses
// of one index need ordering, while different indices are independent.
#include "dynamatic/Integration.h"
#include "vector_swap.h"
#include <stdlib.h>

void vector_swap(float x[N], float y[N]) {
  for (int i = 0; i < N; i++) {
    float t = x[i];
    x[i] = y[i];
    y[i] = t;
  }
}

int main(void) {
  float x[N];
  float y[N];
  srand(21);
  for (int i = 0; i < N; i++) {
    x[i] = (float)(rand() % 2000) / 8.0f;
    y[i] = (float)(rand() % 2000) / -4.0f;
  }
  CALL_KERNEL(vector_swap, x, y);
  return 0;
}
