#define N 64
#define GRADES 5
