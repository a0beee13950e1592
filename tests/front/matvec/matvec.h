#ifndef MATVEC_H
#define MATVEC_H
#define ROWS 12
#define COLS (ROWS + 4)
typedef short in_t;
typedef int out_t;
#endif
