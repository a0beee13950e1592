// expect: error 4:14: `goto` is not supported
// expect: error 6:1: labels (and `goto`) are not supported
int goto_stmt(int a) {
  if (a > 3) goto done;
  a = a * 2;
done:
  return a;
}
