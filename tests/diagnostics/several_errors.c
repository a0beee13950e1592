// expect: error 4:3: `long double` is not supported
// expect: error 5:11: use of undeclared identifier `nope`
int several_errors(int a) {
  long double b = a;
  int c = nope + 1;
  return (int)b + c;
}
