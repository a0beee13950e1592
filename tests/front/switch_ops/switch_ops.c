#include "dynamatic/Integration.h"
#include <stdlib.h>
#define N 40

int switch_ops(int op[N], int a[N], int b[N], int out[N]) {
  int count = 0;
  for (int i = 0; i < N; i++) {
    int r;
    switch (op[i]) {
    case 0:
      r = a[i] + b[i];
      break;
    case 1:
      r = a[i] - b[i];
      break;
    case 2:
    case 3:
      r = a[i] * b[i];
      count++;
      break;
    case 4:
      r = b[i] != 0 ? a[i] / b[i] : -1;
      break;
    case 5:
      r = a[i] << (b[i] & 7);
      /* fall through */
    case 6:
      r = a[i] >> 2;
      break;
    default:
      r = 0;
      continue;
    }
    out[i] = r;
  }
  return count;
}

int main(void) {
  int op[N], a[N], b[N], out[N];
  srand(99);
  for (int i = 0; i < N; i++) {
    op[i] = rand() % 8;
    a[i] = rand() % 2000 - 1000;
    b[i] = rand() % 20 - 10;
    out[i] = 7;
  }
  CALL_KERNEL(switch_ops, op, a, b, out);
  return 0;
}
