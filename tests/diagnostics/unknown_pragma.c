// expect: warning 2:9: unknown pragma ignored
#pragma unroll 4

int unknown_pragma(int a) { return a; }

int main(void) {
  int r = unknown_pragma(3);
  return r - 3;
}
