#define N 20
