// expect: error 6:14: recursion is not supported (`fact` calls itself)
#define N 8

int fact(int n) {
  if (n <= 1) return 1;
  return n * fact(n - 1);
}

int recursion(int a[N]) { return fact(a[0]); }
