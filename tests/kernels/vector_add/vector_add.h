#define N 64
typedef int in_int_t;
typedef int out_int_t;
