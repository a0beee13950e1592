// expect: error 9:1: duplicate label `twice`
// expect: error 6:8: label `nowhere` is used but not defined in this function
// expect: error 10:1: label `decl` before a declaration
// expect: error 13:1: label `last` at the end of a block
int goto_labels(int a) {
  goto nowhere;
twice:
  a++;
twice:
decl:
  int b = a;
  goto last;
last:
}
