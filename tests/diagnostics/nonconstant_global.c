// expect: error 7:33: a global initializer must be a constant
// expect: error 8:21: a global initializer must be a constant
#include "dynamatic/Integration.h"
const int SIZE = 4;
const float HALF = 1.0f / 2;
const int COUNT = SIZE > 2.5 ? 1 : 0;
const int TWICE[2] = {SIZE * 2, nonconstant_global(TWICE)};
const float SCALE = HALF * COUNT + noise;
int nonconstant_global(int a[4]) { return a[0] * TWICE[0] + (int)HALF; }
int main(void) {
  int a[4] = {1, 2, 3, 4};
  CALL_KERNEL(nonconstant_global, a);
  return 0;
}
