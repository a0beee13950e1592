#define N 48
#define CLASSES 4
