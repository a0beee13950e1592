// expect: error 7:10: an assertion outside `main` must not have side effects
// expect: error 8:17: an assertion outside `main` must not have side effects
#include <assert.h>

int assert_side_effect(int a[4]) {
  int s = 0;
  assert(s++ < 3);
  assert(a[0] + (a[1] = 2) > 0);
  return s;
}
