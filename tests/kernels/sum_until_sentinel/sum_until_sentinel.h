#define N 64
#define SENTINEL 0
