// pass: simplify-cfg
// Branches a dominating branch decides, with a bound known only at run time: in the body of
// for (i = 0; i < n; i++), i >= n is false and n > i is true; i < m is not decided.
#include "dynamatic/Integration.h"
#define N 16

int simplify_implied(int a[N], int n, int m) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i >= n)
      s += 1000;
    if (n > i)
      s += a[i];
    if (i < m)
      s -= 1;
  }
  return s;
}

int main(void) {
  int a[N];
  int n = 12;
  int m = 5;
  for (int k = 0; k < N; k++)
    a[k] = k * 7 % 11;
  CALL_KERNEL(simplify_implied, a, n, m);
  return 0;
}
