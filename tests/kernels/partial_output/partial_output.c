// Writes only the even elements of its output, which main declares without an initializer:
// unwritten memory reads 0 (in Rivulet's interpreter, simulator and testbenches alike), so the
// odd elements are 0 after the call. Returns how many written values exceed a threshold.
#include "dynamatic/Integration.h"
#include <stdlib.h>

#define N 32

int partial_output(int in[N], int out[N]) {
  int big = 0;
  for (int i = 0; i < N; i += 2) {
    out[i] = in[i] * 3 - in[i + 1];
    if (out[i] > 150)
      big++;
  }
  return big;
}

int main(void) {
  int in[N];
  int out[N];
  srand(7);
  for (int i = 0; i < N; i++)
    in[i] = rand() % 100;
  CALL_KERNEL(partial_output, in, out);
  return 0;
}
