// Clamped differences of two 32-element arrays with assertions that hold: main asserts
// the inputs' ranges before the call and the results after it, the kernel asserts its
// invariants (checked by the interpreter, dropped from the circuit as with NDEBUG).
#include "dynamatic/Integration.h"
#include <assert.h>
#include <stdlib.h>

#define N 32

int assert_checks(int a[N], int b[N], int d[N]) {
  int sum = 0;
  for (int i = 0; i < N; i++) {
    assert(i >= 0 && i < N);
    int x = a[i] - b[i];
    if (x > 50)
      x = 50;
    if (x < -50)
      x = -50;
    assert(x >= -50 && x <= 50);
    d[i] = x;
    sum += x;
  }
  assert(sum >= -50 * N && sum <= 50 * N);
  return sum;
}

int main(void) {
  int a[N];
  int b[N];
  int d[N];
  srand(3);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 100;
    b[i] = rand() % 100;
    d[i] = 0;
    assert(a[i] >= 0 && a[i] < 100);
  }
  CALL_KERNEL(assert_checks, a, b, d);
  for (int i = 0; i < N; i++)
    assert(d[i] == a[i] - b[i] || d[i] == 50 || d[i] == -50);
  return 0;
}
