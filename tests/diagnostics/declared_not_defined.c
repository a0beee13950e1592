// expect: error 5:10: function `twice` is declared but not defined
int twice(int x);

int declared_not_defined(int a) {
  return twice(a);
}
