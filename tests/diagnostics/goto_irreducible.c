// expect: error 7:10: this jump enters a loop without passing through its head
#include "dynamatic/Integration.h"

int goto_irreducible(int a[8]) {
  int s = 0;
  if (a[0] > 3)
    goto inside;
  for (int i = 0; i < 8; i++) {
    s += a[i];
  inside:
    s++;
  }
  return s;
}
