#define N 64
#define BINS 16
