// Tensor contraction over the last mode of a 3-D tensor: out[i][j] = sum_k t[i][j][k] * v[k]
// on 8x8x8 floats (512 multiply-adds).
#include "dynamatic/Integration.h"
#include "tensor_contract.h"
#include <stdlib.h>

void tensor_contract(float t[I][J][K], float v[K], float out[I][J]) {
  for (int i = 0; i < I; i++) {
    for (int j = 0; j < J; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += t[i][j][k] * v[k];
      out[i][j] = acc;
    }
  }
}

int main(void) {
  float t[I][J][K];
  float v[K];
  float out[I][J];
  srand(888);
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        t[i][j][k] = (float)(rand() % 33 - 16) * 0.5f;
  for (int k = 0; k < K; k++)
    v[k] = (float)(rand() % 9) * 0.25f;
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      out[i][j] = 0.0f;
  CALL_KERNEL(tensor_contract, t, v, out);
  return 0;
}
