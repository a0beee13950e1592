#define V 12
#define UNREACHED (-1)
