// Median of three signed scalars with nested if/else only: no loops, no arrays.
#include "dynamatic/Integration.h"
#include <stdlib.h>

int median3(int a, int b, int c) {
  if (a > b) {
    if (b > c)
      return b;
    else if (a > c)
      return c;
    else
      return a;
  } else {
    if (a > c)
      return a;
    else if (b > c)
      return c;
    else
      return b;
  }
}

int main(void) {
  int a = -7;
  int b = 42;
  int c = 13;
  CALL_KERNEL(median3, a, b, c);
  return 0;
}
