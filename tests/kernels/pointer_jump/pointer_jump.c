// One in-place round of pointer jumping over a forest (parent[i] <= i): every node takes its
// grandparent as its parent. A node's grandparent may have jumped earlier in the same round,
// so the load through parent[i] must see the earlier stores, while the load of parent[i]
// itself only ever reads the element its own iteration writes afterwards.
#include "dynamatic/Integration.h"
#include "pointer_jump.h"
#include <stdlib.h>

void pointer_jump(int parent[N], int depth[N]) {
  for (int i = 0; i < N; i++) {
    int p = parent[i];
    depth[i] = depth[i] + (p != i);
    parent[i] = parent[p];
  }
}

int main(void) {
  int parent[N];
  int depth[N];
  srand(7);
  for (int i = 0; i < N; i++) {
    parent[i] = i == 0 ? 0 : rand() % i;
    depth[i] = 0;
  }
  CALL_KERNEL(pointer_jump, parent, depth);
  return 0;
}
