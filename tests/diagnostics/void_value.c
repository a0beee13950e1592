// expect: error 7:11: a `void` function call has no value
#define N 4

void fill(int a[N]) { a[0] = 1; }

int void_value(int a[N]) {
  int x = fill(a);
  return x;
}
