#define N 48
