// Straight-line code: one block, arguments, a constant and the return value.
int straight(int a, int b) {
  int c = a * b;
  return c + a - 3;
}
