#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 101

int binary_search(int key, int a[N]) {
  int lo = 0, hi = N - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] == key)
      return mid;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

int main() {
  int a[N];
  a[0] = 3;
  for (int i = 1; i < N; i++)
    a[i] = a[i - 1] + 1 + rand() % 5;
  int key = a[73];
  CALL_KERNEL(binary_search, key, a);
  return 0;
}
