// expect: error 3:3: `long double` is not supported
int long_double(int a) {
  long double x = a;
  return (int)x;
}
