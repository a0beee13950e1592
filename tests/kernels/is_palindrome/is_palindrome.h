#define N 31
