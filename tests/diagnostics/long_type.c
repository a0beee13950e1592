// expect: error 3:3: 64-bit integer types are not supported (`long` is 64 bits wide here)
int long_type(int a) {
  long x = a;
  return x;
}
