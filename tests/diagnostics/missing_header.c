// expect: error 3:10: cannot find header `nothere.h`
#include "dynamatic/Integration.h"
#include "nothere.h"

int missing_header(int a) { return a; }
