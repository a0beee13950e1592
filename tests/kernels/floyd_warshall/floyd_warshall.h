#define V 8
#define INF 10000
