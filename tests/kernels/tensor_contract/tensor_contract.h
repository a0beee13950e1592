#define I 8
#define J 8
#define K 8
