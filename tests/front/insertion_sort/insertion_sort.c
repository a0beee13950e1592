#include "insertion_sort.h"
#include "dynamatic/Integration.h"
#include <stdlib.h>

void insertion_sort(inout_int_t a[N], int n) {
  for (int i = 1; i < n; ++i) {
    int x = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j = j - 1;
    }
    a[j + 1] = x;
  }
}

int main(void) {
  inout_int_t a[N];
  srand(13);
  for (int i = 0; i < N; ++i)
    a[i] = rand() % 1000 - 500;
  CALL_KERNEL(insertion_sort, a, N);
  return 0;
}
