// expect: error 5:11: `malloc` is not supported
#include <stdlib.h>

int malloc_call(int n) {
  int x = malloc(n);
  return x;
}
