// expect: error 7:37: index 10 is out of bounds for array `a` (size 10)
#include "dynamatic/Integration.h"
#define N 10

int out_of_bounds(int a[N]) {
  int s = 0;
  for (int i = 0; i <= N; i++) s += a[i];
  return s;
}

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = i;
  CALL_KERNEL(out_of_bounds, a);
  return 0;
}
