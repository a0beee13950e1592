// Loops that only count: x advances STEPS times and s sums 0..N-1, so their values after
// the loops are closed formulas (x + STEPS, N(N-1)/2); only the last loop does work, writing
// a[i] for i = N-1, N-3, … 1 (a count-down loop with a step of 2).
#include "dynamatic/Integration.h"
#include "counted_steps.h"
#include <stdlib.h>

int counted_steps(int a[N], int base) {
  int x = base;
  for (int i = 0; i < STEPS; i++)
    x++;
  int s = 0;
  for (int i = 0; i < N; i++)
    s += i;
  for (int i = N - 1; i >= 0; i -= 2)
    a[i] = a[i] + x - s;
  return x + s;
}

int main(void) {
  int a[N];
  int base = 17;
  srand(100);
  for (int i = 0; i < N; i++)
    a[i] = rand() % 1000;
  CALL_KERNEL(counted_steps, a, base);
  return 0;
}
