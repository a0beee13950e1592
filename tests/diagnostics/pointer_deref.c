// expect: error 5:10: pointers are not supported: dereferencing (`*`)
#define N 4

int pointer_deref(int a[N]) {
  return *a;
}
