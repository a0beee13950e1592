// pass: indvars
// A loop with a store keeps running (it has an effect), but the value of i after it, 8, is
// computed before it: the return no longer waits for the loop's last test.
#include "dynamatic/Integration.h"
#define N 8

int indvars_store_kept(int a[N]) {
  int i;
  for (i = 0; i < N; i++)
    a[i] = i;
  return i;
}

int main(void) {
  int a[N];
  for (int k = 0; k < N; k++)
    a[k] = 0;
  CALL_KERNEL(indvars_store_kept, a);
  return 0;
}
