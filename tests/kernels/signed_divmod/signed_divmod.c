// Signed division and remainder of 32 pairs with both signs: C truncates the quotient toward
// zero and the remainder takes the dividend's sign. Returns how many remainders are negative.
#include "dynamatic/Integration.h"
#include "signed_divmod.h"
#include <stdlib.h>

int signed_divmod(int a[N], int b[N], int q[N], int r[N]) {
  int negative = 0;
  for (int i = 0; i < N; i++) {
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    if (r[i] < 0)
      negative++;
  }
  return negative;
}

int main(void) {
  int a[N];
  int b[N];
  int q[N];
  int r[N];
  srand(2);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 2001 - 1000;
    int d = rand() % 15 - 7;
    b[i] = d == 0 ? 1 : d;
    q[i] = 0;
    r[i] = 0;
  }
  CALL_KERNEL(signed_divmod, a, b, q, r);
  return 0;
}
