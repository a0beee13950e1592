#define LIMIT 128
#define MAX_PRIMES 32
