// expect: error error_in_header.h:3:16: pointers are not supported
#include "dynamatic/Integration.h"
#include "error_in_header.h"

int error_in_header(int a) { return a; }
