// Largest value of a signed array: an if inside the loop updates the running maximum.
#include "dynamatic/Integration.h"
#include "max_search.h"
#include <stdlib.h>

int max_search(int a[N]) {
  int best = a[0];
  for (int i = 1; i < N; i++) {
    if (a[i] > best)
      best = a[i];
  }
  return best;
}

int main(void) {
  int a[N];
  srand(100);
  for (int i = 0; i < N; i++)
    a[i] = rand() % 2001 - 1000;
  CALL_KERNEL(max_search, a);
  return 0;
}
