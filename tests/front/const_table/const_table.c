#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 64

const int coeff[8] = {3, -1, 4, 1, -5, 9, 2, -6};
const float gains[2][3] = {{0.5f, 1.25f, 2.0f}, {-1.0f, 0.75f}};

int const_table(int in[N], float out[N]) {
  static const short bias[] = {10, 20, 30, 40};
  int acc = 0;
  for (int i = 0; i < N; i++) {
    acc += coeff[i % 8] * in[i] + bias[i & 3];
    out[i] = gains[i % 2][i % 3] * in[i];
  }
  return acc;
}

int main(void) {
  int in[N];
  float out[N];
  srand(5);
  for (int i = 0; i < N; i++) {
    in[i] = rand() % 1000 - 500;
    out[i] = 0;
  }
  CALL_KERNEL(const_table, in, out);
  return 0;
}
