#define B 8
