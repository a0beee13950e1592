#define N 64
#define C 5
