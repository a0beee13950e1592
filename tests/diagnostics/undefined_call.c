// expect: error 3:10: call of undefined function `helper`
int undefined_call(int a) {
  return helper(a) + 1;
}
