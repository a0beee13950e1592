// expect: error 16:3: Assertion `n == 7' failed
#include "dynamatic/Integration.h"
#define NDEBUG
#include <assert.h>

int assert_ndebug(int n) {
  assert(n > 100); // NDEBUG: neither checked nor compiled
  return n + 1;
}

#undef NDEBUG
#include <assert.h>
int main(void) {
  int n = 6;
  CALL_KERNEL(assert_ndebug, n);
  assert(n == 7);
  return 0;
}
