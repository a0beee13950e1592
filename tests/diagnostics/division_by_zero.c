// expect: error 4:10: division by zero
#include "dynamatic/Integration.h"
int division_by_zero(int a, int b) {
  return a / b;
}

int main(void) {
  CALL_KERNEL(division_by_zero, 5, 0);
  return 0;
}
