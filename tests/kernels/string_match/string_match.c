// Counts (possibly overlapping) occurrences of a 3-character pattern in a 64-character
// text by brute force; the inner comparison loop stops at the first mismatch (break).
#include "dynamatic/Integration.h"
#include "string_match.h"
#include <stdbool.h>
#include <stdlib.h>

int string_match(char text[TEXT], char pattern[PAT]) {
  int count = 0;
  for (int i = 0; i + PAT <= TEXT; i++) {
    bool match = true;
    for (int j = 0; j < PAT; j++) {
      if (text[i + j] != pattern[j]) {
        match = false;
        break;
      }
    }
    if (match)
      count++;
  }
  return count;
}

int main(void) {
  char text[TEXT];
  char pattern[PAT];
  srand(26);
  for (int i = 0; i < TEXT; i++)
    text[i] = (char)('a' + rand() % 2);
  pattern[0] = 'a';
  pattern[1] = 'b';
  pattern[2] = 'a';
  CALL_KERNEL(string_match, text, pattern);
  return 0;
}
