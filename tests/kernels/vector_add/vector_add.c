// Element-wise vector addition c = a + b: fully independent iterations.
#include "dynamatic/Integration.h"
#include "vector_add.h"
#include <stdlib.h>

void vector_add(in_int_t a[N], in_int_t b[N], out_int_t c[N]) {
  for (int i = 0; i < N; i++)
    c[i] = a[i] + b[i];
}

int main(void) {
  in_int_t a[N];
  in_int_t b[N];
  out_int_t c[N];
  srand(1);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 1000;
    b[i] = rand() % 1000 - 500;
    c[i] = 0;
  }
  CALL_KERNEL(vector_add, a, b, c);
  return 0;
}
