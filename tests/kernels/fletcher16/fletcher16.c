// Fletcher-16 checksum of 32 bytes: two running sums reduced modulo 255 (unsigned
// remainder) every step, combined into one 16-bit result.
#include "dynamatic/Integration.h"
#include "fletcher16.h"
#include <stdint.h>
#include <stdlib.h>

uint16_t fletcher16(uint8_t data[N]) {
  uint16_t sum1 = 0;
  uint16_t sum2 = 0;
  for (int i = 0; i < N; i++) {
    sum1 = (uint16_t)((sum1 + data[i]) % 255u);
    sum2 = (uint16_t)((sum2 + sum1) % 255u);
  }
  return (uint16_t)((sum2 << 8) | sum1);
}

int main(void) {
  uint8_t data[N];
  srand(16);
  for (int i = 0; i < N; i++)
    data[i] = (uint8_t)(rand() % 256);
  CALL_KERNEL(fletcher16, data);
  return 0;
}
