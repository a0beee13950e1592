// An if/else diamond: a value defined on both sides meets in a mux at the join.
int if_else(int a, int b) {
  int r;
  if (a > b)
    r = a / 3;
  else
    r = b * 5;
  return r + a;
}
