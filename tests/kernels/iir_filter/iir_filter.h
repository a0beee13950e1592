#define N 64
#define B0 0.25f
#define B1 0.5f
#define B2 0.25f
#define A1 (-0.5f)
#define A2 0.25f
