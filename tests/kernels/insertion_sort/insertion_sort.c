// In-place insertion sort. The inner while loop exits on data (a smaller element or the
// start of the array); the short-circuit && keeps a[-1] from being read.
#include "dynamatic/Integration.h"
#include "insertion_sort.h"
#include <stdlib.h>

void insertion_sort(int a[N]) {
  for (int i = 1; i < N; i++) {
    int key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = key;
  }
}

int main(void) {
  int a[N];
  srand(99);
  for (int i = 0; i < N; i++)
    a[i] = rand() % 1000 - 500;
  CALL_KERNEL(insertion_sort, a);
  return 0;
}
