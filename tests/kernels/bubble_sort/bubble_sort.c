// Bubble sort of shorts with an early exit: a pass without swaps ends the sort (break).
// Returns the number of passes made.
#include "dynamatic/Integration.h"
#include "bubble_sort.h"
#include <stdbool.h>
#include <stdlib.h>

int bubble_sort(short a[N]) {
  int passes = 0;
  for (int pass = 0; pass < N - 1; pass++) {
    bool swapped = false;
    passes++;
    for (int i = 0; i < N - 1 - pass; i++) {
      if (a[i] > a[i + 1]) {
        short t = a[i];
        a[i] = a[i + 1];
        a[i + 1] = t;
        swapped = true;
      }
    }
    if (!swapped)
      break;
  }
  return passes;
}

int main(void) {
  short a[N];
  srand(3);
  for (int i = 0; i < N; i++)
    a[i] = (short)(rand() % 2000 - 1000);
  // Nearly sorted tail so that the early exit triggers before the last pass.
  for (int i = 10; i < N; i++)
    a[i] = (short)(1000 + i);
  CALL_KERNEL(bubble_sort, a);
  return 0;
}
