// Sum of absolute differences between two 8x8 uint8_t pixel blocks (the cost used in
// video motion estimation), using abs() on the promoted int difference.
#include "dynamatic/Integration.h"
#include "sad_8x8.h"
#include <stdint.h>
#include <stdlib.h>

int sad_8x8(uint8_t cur[B][B], uint8_t ref[B][B]) {
  int sad = 0;
  for (int r = 0; r < B; r++)
    for (int c = 0; c < B; c++)
      sad += abs(cur[r][c] - ref[r][c]);
  return sad;
}

int main(void) {
  uint8_t cur[B][B];
  uint8_t ref[B][B];
  srand(88);
  for (int r = 0; r < B; r++) {
    for (int c = 0; c < B; c++) {
      cur[r][c] = (uint8_t)(rand() % 256);
      ref[r][c] = (uint8_t)(rand() % 256);
    }
  }
  CALL_KERNEL(sad_8x8, cur, ref);
  return 0;
}
