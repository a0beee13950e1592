// Decimal digit sum of 24 unsigned values (unsigned division and remainder by 10 in a
// data-dependent while loop); returns how many sums are divisible by 3.
#include "dynamatic/Integration.h"
#include "digit_sum.h"
#include <stdlib.h>

int digit_sum(unsigned values[N], unsigned sums[N]) {
  int div3 = 0;
  for (int i = 0; i < N; i++) {
    unsigned v = values[i];
    unsigned s = 0;
    while (v > 0) {
      s += v % 10;
      v /= 10;
    }
    sums[i] = s;
    if (s % 3 == 0)
      div3++;
  }
  return div3;
}

int main(void) {
  unsigned values[N];
  unsigned sums[N];
  srand(10);
  for (int i = 0; i < N; i++) {
    values[i] = (unsigned)(rand() % 1000000);
    sums[i] = 0;
  }
  CALL_KERNEL(digit_sum, values, sums);
  return 0;
}
