// Signed versus unsigned comparison: the same pair compared as unsigned (where -1 becomes
// 4294967295) and as signed gives different answers. Writes a 2-bit code per pair
// (bit 0: unsigned less, bit 1: signed less) and returns how many pairs disagree.
#include "dynamatic/Integration.h"
#include "mixed_sign_compare.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

int mixed_sign_compare(int a[N], unsigned b[N], uint8_t code[N]) {
  int disagree = 0;
  for (int i = 0; i < N; i++) {
    // The explicit cast spells out what C does implicitly for int < unsigned.
    bool unsigned_less = (unsigned)a[i] < b[i];
    bool signed_less = a[i] < (int)(b[i] & 0x7FFFFFFFu);
    code[i] = (uint8_t)(unsigned_less | (signed_less << 1));
    if (unsigned_less != signed_less)
      disagree++;
  }
  return disagree;
}

int main(void) {
  int a[N];
  unsigned b[N];
  uint8_t code[N];
  srand(32);
  for (int i = 0; i < N; i++) {
    a[i] = rand() % 201 - 100;
    b[i] = (unsigned)(rand() % 201);
    code[i] = 0;
  }
  CALL_KERNEL(mixed_sign_compare, a, b, code);
  return 0;
}
