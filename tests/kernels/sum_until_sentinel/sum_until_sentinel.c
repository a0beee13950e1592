// Sums the positive entries of an array up to the first sentinel (0): negative entries are
// skipped with continue, the sentinel ends the loop with break. Returns the sum.
#include "dynamatic/Integration.h"
#include "sum_until_sentinel.h"
#include <stdlib.h>

int sum_until_sentinel(int a[N]) {
  int sum = 0;
  for (int i = 0; i < N; i++) {
    if (a[i] == SENTINEL)
      break;
    if (a[i] < 0)
      continue;
    sum += a[i];
  }
  return sum;
}

int main(void) {
  int a[N];
  srand(0);
  for (int i = 0; i < N; i++) {
    int v = rand() % 41 - 20;
    a[i] = v == 0 ? 1 : v;
  }
  a[45] = SENTINEL;
  CALL_KERNEL(sum_until_sentinel, a);
  return 0;
}
