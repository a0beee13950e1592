// expect: error 14:3: Assertion `a[0] == 2' failed
#include "dynamatic/Integration.h"
#include <assert.h>

void assert_main(int a[4]) {
  for (int i = 0; i < 4; i++)
    a[i] = a[i] * 3;
}

int main(void) {
  int a[4] = {1, 2, 3, 4};
  CALL_KERNEL(assert_main, a);
  assert(a[1] == 6);
  assert(a[0] == 2);
  return 0;
}
