// expect: error 9:5: Assertion `s < 10' failed
#include "dynamatic/Integration.h"
#include <assert.h>

int assert_kernel(int a[8]) {
  int s = 0;
  for (int i = 0; i < 8; i++) {
    s += a[i];
    assert(s < 10);
  }
  return s;
}

int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = i;
  CALL_KERNEL(assert_kernel, a);
  return 0;
}
