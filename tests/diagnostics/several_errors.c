// expect: error 4:3: 64-bit integer types are not supported (`long` is 64 bits wide here)
// expect: error 5:11: use of undeclared identifier `nope`
int several_errors(int a) {
  long b = a;
  int c = nope + 1;
  return b + c;
}
