#define IMG 10
#define K 3
#define OUT (IMG - K + 1)
