#define N 24
