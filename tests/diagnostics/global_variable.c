// expect: error 2:5: global variable `counter` is not supported
int counter = 0;

int global_variable(int a) { return a + 1; }
