// A new kernel. The function CALL_KERNEL names becomes the circuit; main gives it its
// inputs, and the circuit's outputs are checked against the C interpreter's.
// Rename the function and the tab together (sum_products.c calls sum_products).
#include "dynamatic/Integration.h"

#define N 16

int kernel(int a[N], int b[N]) {
  int sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i] * b[i];
  return sum;
}

int main(void) {
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = N - i;
  }
  CALL_KERNEL(kernel, a, b);
  return 0;
}
