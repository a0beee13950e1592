#define N 64
#define SLOPE_DIV 8
