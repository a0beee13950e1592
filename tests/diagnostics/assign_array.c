// expect: error 6:3: cannot assign to the whole array `a`
// expect: error 6:7: array `b` used as a value
#define N 4

void assign_array(int a[N], int b[N]) {
  a = b;
}
