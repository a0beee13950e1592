// expect: error: no kernel function `no_kernel` in this file
int something_else(int a) { return a; }
