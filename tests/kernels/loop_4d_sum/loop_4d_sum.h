#define D 4
