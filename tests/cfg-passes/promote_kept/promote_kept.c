// pass: promote-elements
// Loops whose element accesses stay in memory:
// * the trip count n is not known, and the loop may not run (then s[0] must not be read or
//   written, and a hoisted read of t[m] could even be out of range);
// * h[0] and h[k] may be the same element;
// * the loop may leave early (a break), so the write-back would have to be on two exits;
// * the element is accessed only on some iterations.
#include "dynamatic/Integration.h"
#define N 8

int promote_kept(int s[2], int t[N], int h[N], int g[N], int n, int m) {
  for (int k = 0; k < n; k++)
    s[0] += k;
  for (int k = 0; k < n; k++)
    t[m] += k;
  for (int k = 0; k < N; k++)
    h[0] += h[k];
  int found = -1;
  for (int k = 0; k < N; k++) {
    s[1] += k;
    if (s[1] > 12) {
      found = k;
      break;
    }
  }
  for (int k = 0; k < N; k++) {
    if (k > 5)
      g[n + 1] += k;
  }
  return found;
}

int main(void) {
  int s[2] = {1, 2};
  int t[N];
  int h[N];
  int g[N];
  for (int k = 0; k < N; k++) {
    t[k] = k;
    h[k] = 2 * k + 1;
    g[k] = 3 - k;
  }
  CALL_KERNEL(promote_kept, s, t, h, g, 0, 8);
  return 0;
}
