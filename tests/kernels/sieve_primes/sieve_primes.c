// Sieve of Eratosthenes below 128 in a local bool array: the marking loop strides by the
// prime (j += p). Writes the primes found (there are 31) and returns their count.
#include "dynamatic/Integration.h"
#include "sieve_primes.h"
#include <stdbool.h>
#include <stdlib.h>

int sieve_primes(int primes[MAX_PRIMES]) {
  bool composite[LIMIT];
  for (int i = 0; i < LIMIT; i++)
    composite[i] = false;
  for (int p = 2; p * p < LIMIT; p++) {
    if (composite[p])
      continue;
    for (int j = p * p; j < LIMIT; j += p)
      composite[j] = true;
  }
  int count = 0;
  for (int i = 2; i < LIMIT && count < MAX_PRIMES; i++) {
    if (!composite[i])
      primes[count++] = i;
  }
  return count;
}

int main(void) {
  int primes[MAX_PRIMES];
  for (int i = 0; i < MAX_PRIMES; i++)
    primes[i] = 0;
  CALL_KERNEL(sieve_primes, primes);
  return 0;
}
