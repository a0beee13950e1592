// expect: error 6:5: the program ran more than 1000000 steps; it probably loops forever
#include "dynamatic/Integration.h"
int runaway_loop(int a) {
  int i = 0;
  while (i < 10) {
    a = a * 3 + 1;
  }
  return a;
}

int main(void) {
  CALL_KERNEL(runaway_loop, 5);
  return 0;
}
