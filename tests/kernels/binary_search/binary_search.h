#define N 64
#define KEYS 16
