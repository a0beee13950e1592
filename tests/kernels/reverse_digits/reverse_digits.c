// Reverses the decimal digits of 16 unsigned values (1230 -> 321). The do-while loop runs
// at least once, so 0 maps to 0; its exit depends on the data.
#include "dynamatic/Integration.h"
#include "reverse_digits.h"
#include <stdlib.h>

void reverse_digits(unsigned in[N], unsigned out[N]) {
  for (int i = 0; i < N; i++) {
    unsigned v = in[i];
    unsigned r = 0;
    do {
      r = r * 10 + v % 10;
      v /= 10;
    } while (v != 0);
    out[i] = r;
  }
}

int main(void) {
  unsigned in[N];
  unsigned out[N];
  srand(1230);
  for (int i = 0; i < N; i++) {
    in[i] = i == 0 ? 0u : (unsigned)(rand() % 100000);
    out[i] = 0;
  }
  CALL_KERNEL(reverse_digits, in, out);
  return 0;
}
