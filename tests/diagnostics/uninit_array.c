// expect: error 5:37: element 3 of array `a` is read before it is initialized
#include "dynamatic/Integration.h"
#define N 4

int uninit_array(int a[N]) { return a[3]; }

int main(void) {
  int a[N];
  a[0] = 1;
  CALL_KERNEL(uninit_array, a);
  return 0;
}
