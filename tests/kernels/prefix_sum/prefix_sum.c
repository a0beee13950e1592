// In-place inclusive prefix sum: a[i] += a[i - 1]. Every iteration reads what the previous
// one wrote, a loop-carried dependence through memory.
#include "dynamatic/Integration.h"
#include "prefix_sum.h"
#include <stdlib.h>

void prefix_sum(int a[N]) {
  for (int i = 1; i < N; i++)
    a[i] += a[i - 1];
}

int main(void) {
  int a[N];
  srand(17);
  for (int i = 0; i < N; i++)
    a[i] = rand() % 100;
  CALL_KERNEL(prefix_sum, a);
  return 0;
}
