#define N 16
