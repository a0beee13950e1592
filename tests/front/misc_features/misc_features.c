#include "dynamatic/Integration.h"
#include <stdbool.h>
#include <stdlib.h>
#define N 16
#define M 3

static void add_rows(float m[M][N], float out[N]) {
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < M; i++)
      s += m[i][j];
    out[j] += s * 0.5f;
  }
}

int search(int a[N], int key) {
  int i = 0;
  while (i < N && a[i] != key)
    i++;
  return i;
}

int misc_features(int a[N], float m[M][N], float out[N], unsigned char bytes[N]) {
  int found = search(a, a[5]);
  add_rows(m, out);
  int cnt = 0, last = -1;
  for (int i = 0, j = N - 1; i < j; i++, j--) {
    bool bigger = a[i] > a[j];
    if (bigger) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
      cnt++;
    }
    last = bigger ? i++ : last;
  }
  for (int k = 0; k < N; k++) {
    bytes[k] = bytes[k] * 3 + 200;
    bytes[k] >>= 1;
    out[k] = (float)a[k] / N + (int)(out[k] * 2.7f) - 'A';
    if (out[k] >= 100.0f || out[k] < -100.0f)
      break;
  }
  do {
    cnt += sizeof(a[0]) * 2 + sizeof(float[2][3]) / 4;
  } while (0);
  unsigned mask = 0xF0u | 0x0F;
  return found * 1000 + cnt * 10 + last + (int)(mask & 0x3c) + (-7 / 2) + (-7 % 3);
}

int main(void) {
  int a[N];
  float m[M][N];
  float out[N];
  unsigned char bytes[N];
  srand(123);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 40 - 20;
    out[i] = (rand() % 100) / 3.0f;
    bytes[i] = rand();
    for (int r = 0; r < M; r++)
      m[r][i] = (rand() % 1000) * 0.01f;
  }
  CALL_KERNEL(misc_features, a, m, out, bytes);
  return 0;
}
