// expect: error 2:2: unknown preprocessor directive `#frobnicate`
#frobnicate 3

int unknown_directive(int a) { return a; }
