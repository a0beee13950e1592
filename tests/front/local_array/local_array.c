#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 20
#define W 4

void local_array(int in[N], int out[N]) {
  int window[W] = {0};
  int prefix[N + 1];
  prefix[0] = 0;
  for (int i = 0; i < N; i++) {
    window[i % W] = in[i];
    int s = 0;
    for (int k = 0; k < W; k++)
      s += window[k];
    prefix[i + 1] = prefix[i] + s;
  }
  for (int i = 0; i < N; i++)
    out[i] = prefix[i + 1] - prefix[N - i];
}

int main(void) {
  int in[N], out[N];
  srand(11);
  for (int i = 0; i < N; i++)
    in[i] = rand() % 50;
  CALL_KERNEL(local_array, in, out);
  return 0;
}
