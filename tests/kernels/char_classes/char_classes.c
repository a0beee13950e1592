// Counts vowels, spaces, digits and other characters of a char string with a switch on the
// character: several case labels share one body, and '0' (also counted as "other") falls
// through into the digit counter. counts = {vowels, spaces, digits, other}.
#include "dynamatic/Integration.h"
#include "char_classes.h"
#include <stdlib.h>

void char_classes(char text[N], int counts[CLASSES]) {
  for (int c = 0; c < CLASSES; c++)
    counts[c] = 0;
  for (int i = 0; i < N; i++) {
    switch (text[i]) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
      counts[0]++;
      break;
    case ' ':
      counts[1]++;
      break;
    case '0':
      counts[3]++; // zero also counts as "other", then falls through to the digits
      // fall through
    case '1':
    case '2':
    case '3':
      counts[2]++;
      break;
    default:
      counts[3]++;
      break;
    }
  }
}

int main(void) {
  char text[N];
  int counts[CLASSES];
  srand(48);
  for (int i = 0; i < N; i++) {
    int r = rand() % 16;
    text[i] = (char)(r < 10 ? 'a' + r : (r < 13 ? ' ' : '0' + (r - 13)));
  }
  for (int c = 0; c < CLASSES; c++)
    counts[c] = -1;
  CALL_KERNEL(char_classes, text, counts);
  return 0;
}
