// expect: warning 9:3: `printf` is ignored
#include "dynamatic/Integration.h"
#include <stdio.h>

int printf_ignored(int a) { return a * 2; }

int main(void) {
  int r = CALL_KERNEL(printf_ignored, 21);
  printf("result %d\n", r);
  return 0;
}
