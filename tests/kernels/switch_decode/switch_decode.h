#define N 48
#define OP_ADD 0
#define OP_SUB 1
#define OP_XOR 2
#define OP_SHL 3
#define OP_ROR 4
#define OP_CLEAR 5
#define OP_MAX 6
