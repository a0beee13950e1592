#define H 6
#define W 12
