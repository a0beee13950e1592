#define DEG 8
#define M 32
