// Adds a constant to every element in place, a[i] = a[i] + 5: the simplest loop, with
// independent iterations that touch one element each.
#include "dynamatic/Integration.h"
#include "add_constant.h"
#include <stdlib.h>

void add_constant(int a[N]) {
  for (int i = 0; i < N; i++)
    a[i] = a[i] + C;
}

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i * i - 100;
  CALL_KERNEL(add_constant, a);
  return 0;
}
