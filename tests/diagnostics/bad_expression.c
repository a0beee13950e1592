// expect: error 3:15: expected an expression, found `)`
int bad_expression(int a) {
  int b = a + );
  return b;
}
