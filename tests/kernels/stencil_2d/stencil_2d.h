#define ROWS 16
#define COLS 16
