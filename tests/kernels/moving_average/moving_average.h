#define N 64
#define WIN 4
