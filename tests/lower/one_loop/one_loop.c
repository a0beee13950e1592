// One loop: the sum and the counter circulate; `n` passes through the loop blocks.
int one_loop(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}
