// expect: error 3:12: expected `;`, found `return`
int missing_semicolon(int a) {
  int b = a
  return b;
}
