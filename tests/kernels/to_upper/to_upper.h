#define N 40
