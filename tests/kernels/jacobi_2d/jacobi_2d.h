#define N 10
#define STEPS 2
