// Looks up 16 keys in a sorted table of 64 ints by binary search; pos[k] is the index of
// the key or -1. A while loop nested in a for loop, exiting early when the key is found.
#include "dynamatic/Integration.h"
#include "binary_search.h"
#include <stdlib.h>

void binary_search(int table[N], int keys[KEYS], int pos[KEYS]) {
  for (int k = 0; k < KEYS; k++) {
    int key = keys[k];
    int lo = 0;
    int hi = N - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) / 2;
      if (table[mid] == key) {
        found = mid;
        break;
      }
      if (table[mid] < key)
        lo = mid + 1;
      else
        hi = mid - 1;
    }
    pos[k] = found;
  }
}

int main(void) {
  int table[N];
  int keys[KEYS];
  int pos[KEYS];
  srand(64);
  int v = -100;
  for (int i = 0; i < N; i++) {
    v += rand() % 5 + 1;
    table[i] = v;
  }
  for (int k = 0; k < KEYS; k++) {
    // Even k: a key from the table; odd k: an arbitrary value that is usually absent.
    keys[k] = (k % 2 == 0) ? table[rand() % N] : rand() % 300 - 120;
    pos[k] = 0;
  }
  CALL_KERNEL(binary_search, table, keys, pos);
  return 0;
}
