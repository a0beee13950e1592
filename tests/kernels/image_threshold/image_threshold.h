#define H 16
#define W 16
