// Memory with ordering: consecutive updates may hit the same bin, so the load and the store
// of `h` are chained through h's token; `x` is only read and needs no ordering.
void hist(int x[8], int h[4]) {
  for (int i = 0; i < 8; i++)
    h[x[i] & 3] += 1;
}
