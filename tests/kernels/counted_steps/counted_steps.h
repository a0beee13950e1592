#define N 32
#define STEPS 100
