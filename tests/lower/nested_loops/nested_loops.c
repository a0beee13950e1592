// Nested loops: the inner bound depends on the outer counter; `n` and `i` pass through the
// inner loop, and the sum leaves both loops.
int nested_loops(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      s += i ^ j;
  return s;
}
