// expect: error 5:10: variable `x` is used before it is initialized
int uninit_kernel(int a) {
  int x;
  a = a + 1;
  return x + a;
}
