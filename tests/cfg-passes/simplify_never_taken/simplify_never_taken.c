// pass: simplify-cfg
// Branches the loop's counter decides: i < 0 and i >= N never hold in the body of
// for (i = 0; i < N; i++), so those branches go; i == 0 varies and stays.
#include "dynamatic/Integration.h"
#define N 16

void simplify_never_taken(int in[N], int out[N]) {
  for (int i = 0; i < N; i++) {
    if (i < 0 || i >= N)
      continue;
    int v = in[i];
    if (i == 0)
      v = 0;
    out[i] = v;
  }
}

int main(void) {
  int in[N], out[N];
  for (int k = 0; k < N; k++) {
    in[k] = k * 3;
    out[k] = 0;
  }
  CALL_KERNEL(simplify_never_taken, in, out);
  return 0;
}
