// Whether a 31-character string reads the same backwards: two indices walk toward each
// other and the loop returns false at the first mismatch. Returns a bool.
#include "dynamatic/Integration.h"
#include "is_palindrome.h"
#include <stdbool.h>
#include <stdlib.h>

bool is_palindrome(char s[N]) {
  int lo = 0;
  int hi = N - 1;
  while (lo < hi) {
    if (s[lo] != s[hi])
      return false;
    lo++;
    hi--;
  }
  return true;
}

int main(void) {
  char s[N];
  for (int i = 0; i <= N / 2; i++) {
    s[i] = (char)('a' + (i * 5) % 26);
    s[N - 1 - i] = s[i];
  }
  CALL_KERNEL(is_palindrome, s);
  return 0;
}
