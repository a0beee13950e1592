// expect: error 3:3: unions are not supported
int union_decl(int a) {
  union { int i; float f; } u;
  return a;
}
