#define S 8
