// expect: error 4:23: pointers are not supported
#include "dynamatic/Integration.h"

int pointer_param(int *a) { return a[0]; }
