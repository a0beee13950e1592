// expect: error 7:11: the interpreter cannot run the placeholder `__init1`
#include "dynamatic/Integration.h"
void __adder(int input_a, int input_b, int output_c);
int __init1();

int placeholder_run(int a, int b) {
  int c = __init1();
  __adder(a, b, c);
  return c;
}

int main(void) {
  CALL_KERNEL(placeholder_run, 1, 2);
  return 0;
}
