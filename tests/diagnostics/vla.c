// expect: error 3:9: variable-length arrays are not supported
int vla(int n) {
  int t[n];
  t[0] = n;
  return t[0];
}
