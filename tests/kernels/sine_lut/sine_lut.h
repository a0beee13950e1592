#define N 64
// A full turn is 65536 phase units; a quarter turn is 16 table steps of 1024 units.
#define QUARTER 0x4000
#define STEP_BITS 10
