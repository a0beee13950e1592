#define N 8
typedef int in_int_t;
typedef int inout_int_t;
