#define N 24
#define TAPS 5
