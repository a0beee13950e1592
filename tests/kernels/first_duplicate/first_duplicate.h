#define N 64
#define RANGE 128
#define NONE (-1)
