#define N 100
typedef int in_int_t;
