#include "dynamatic/Integration.h"

#define SQ(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#if defined(SQ) && !defined(NOTHING) && (SQ(3) == 9)
#define K 17
#else
#define K 0
#endif

int scalar_only(int a, int b, unsigned c) {
  int r = SQ(a - b) + MAX(a, b) * K;
  r ^= (int)(c >> 3);
  r = r % 1000 + (c % 7u);
  r += a++ + ++b;
  r -= (a, b);
  r *= -3;
  r /= 2;
  return r;
}

int main(void) {
  int x = 41, y = -13;
  CALL_KERNEL(scalar_only, x, y, 123456789u);
  return 0;
}
