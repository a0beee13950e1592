#define N 10
/* a helper that uses a pointer */
int helper(int *p);
