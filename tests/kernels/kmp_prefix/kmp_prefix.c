// Prefix function of a 32-character string (as used by Knuth-Morris-Pratt matching):
// fail[i] is the length of the longest proper prefix of s[0..i] that is also its suffix.
// The inner while loop falls back through earlier entries of the output array.
#include "dynamatic/Integration.h"
#include "kmp_prefix.h"
#include <stdlib.h>

int kmp_prefix(char s[N], int fail[N]) {
  fail[0] = 0;
  int k = 0;
  for (int i = 1; i < N; i++) {
    while (k > 0 && s[i] != s[k])
      k = fail[k - 1];
    if (s[i] == s[k])
      k++;
    fail[i] = k;
  }
  return k;
}

int main(void) {
  char s[N];
  int fail[N];
  for (int i = 0; i < N; i++) {
    // A repeated "aab" motif broken by a 'c' every 11 characters, so fallbacks happen.
    s[i] = (char)(i % 11 == 10 ? 'c' : (i % 3 == 2 ? 'b' : 'a'));
    fail[i] = -1;
  }
  CALL_KERNEL(kmp_prefix, s, fail);
  return 0;
}
