// Index of the first element whose value already appeared earlier (or -1). A local bool
// table indexed by the data records seen values; the loop stops at the first repeat.
#include "dynamatic/Integration.h"
#include "first_duplicate.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

int first_duplicate(uint8_t a[N]) {
  bool seen[RANGE];
  for (int v = 0; v < RANGE; v++)
    seen[v] = false;
  int found = NONE;
  for (int i = 0; i < N; i++) {
    uint8_t v = a[i] & (RANGE - 1);
    if (seen[v]) {
      found = i;
      break;
    }
    seen[v] = true;
  }
  return found;
}

int main(void) {
  uint8_t a[N];
  srand(128);
  for (int i = 0; i < N; i++)
    a[i] = (uint8_t)(rand() % RANGE);
  CALL_KERNEL(first_duplicate, a);
  return 0;
}
