// For each of 8 keys, finds its first position in a 8x12 table with two nested loops left
// by a `goto` when the key is found (pos[k] = row * 12 + column, or -1). A second pass
// counts the entries above a threshold, restarting at a loop head with `goto` instead of
// `continue`. Returns how many keys were found.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define R 8
#define C 12
#define KEYS 8

int goto_search(int t[R][C], int keys[KEYS], int pos[KEYS], int big[R]) {
  int found = 0;
  for (int k = 0; k < KEYS; k++) {
    int key = keys[k];
    for (int i = 0; i < R; i++) {
      for (int j = 0; j < C; j++) {
        if (t[i][j] == key) {
          pos[k] = i * C + j;
          found++;
          goto next_key;
        }
      }
    }
    pos[k] = -1;
  next_key:;
  }
  for (int i = 0; i < R; i++) {
    int j = 0;
    int n = 0;
  scan:
    if (j < C) {
      int v = t[i][j];
      j++;
      if (v < 40)
        goto scan;
      n++;
      goto scan;
    }
    big[i] = n;
  }
  return found;
}

int main(void) {
  int t[R][C];
  int keys[KEYS];
  int pos[KEYS];
  int big[R];
  srand(5);
  for (int i = 0; i < R; i++) {
    for (int j = 0; j < C; j++)
      t[i][j] = rand() % 50;
    big[i] = 0;
  }
  for (int k = 0; k < KEYS; k++) {
    // Even k: a value from the table; odd k: usually absent.
    keys[k] = (k % 2 == 0) ? t[rand() % R][rand() % C] : rand() % 60;
    pos[k] = 0;
  }
  CALL_KERNEL(goto_search, t, keys, pos, big);
  return 0;
}
