// Largest sum of a non-empty contiguous subarray (Kadane's algorithm): two loop-carried
// values updated with conditional expressions every iteration.
#include "dynamatic/Integration.h"
#include "max_subarray.h"
#include <stdlib.h>

int max_subarray(int a[N]) {
  int best = a[0];
  int here = a[0];
  for (int i = 1; i < N; i++) {
    here = here > 0 ? here + a[i] : a[i];
    best = here > best ? here : best;
  }
  return best;
}

int main(void) {
  int a[N];
  srand(6);
  for (int i = 0; i < N; i++)
    a[i] = rand() % 41 - 22;
  CALL_KERNEL(max_subarray, a);
  return 0;
}
