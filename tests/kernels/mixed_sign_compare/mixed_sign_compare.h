#define N 32
