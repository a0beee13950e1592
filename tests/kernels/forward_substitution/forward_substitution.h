#define N 12
