#define N 64
