// expect: error 3:14: use of undeclared identifier `y`
int undeclared(int x) {
  return x + y;
}
