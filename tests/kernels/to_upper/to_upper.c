// Upper-cases an ASCII char string into a second buffer, character arithmetic on char,
// and returns how many characters changed.
#include "dynamatic/Integration.h"
#include "to_upper.h"
#include <stdlib.h>

int to_upper(char in[N], char out[N]) {
  int changed = 0;
  for (int i = 0; i < N; i++) {
    char c = in[i];
    if (c >= 'a' && c <= 'z') {
      c = (char)(c - 'a' + 'A');
      changed++;
    }
    out[i] = c;
  }
  return changed;
}

int main(void) {
  char in[N];
  char out[N];
  srand(65);
  for (int i = 0; i < N; i++) {
    int r = rand() % 64;
    in[i] = (char)(r < 26 ? 'a' + r : (r < 52 ? 'A' + r - 26 : (r < 62 ? '0' + r - 52 : ' ')));
    out[i] = '\0';
  }
  CALL_KERNEL(to_upper, in, out);
  return 0;
}
