#define ROWS 16
#define COLS 16
#define NNZ 40
