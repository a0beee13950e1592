// CRC-8 (polynomial x^8 + x^2 + x + 1, initial value 0) of 48 bytes, four bits at a time
// through a 16-entry constant lookup table (a read-only memory).
#include "dynamatic/Integration.h"
#include "crc8_table.h"
#include <stdint.h>
#include <stdlib.h>

// nibble_crc[v] is the CRC register after shifting the nibble v (in the top four bits) in.
const uint8_t nibble_crc[16] = {0x00, 0x07, 0x0e, 0x09, 0x1c, 0x1b, 0x12, 0x15,
                                0x38, 0x3f, 0x36, 0x31, 0x24, 0x23, 0x2a, 0x2d};

uint8_t crc8_table(uint8_t data[N]) {
  uint8_t crc = 0;
  for (int i = 0; i < N; i++) {
    uint8_t byte = data[i];
    crc = (uint8_t)(crc << 4) ^ nibble_crc[(crc >> 4) ^ (byte >> 4)];
    crc = (uint8_t)(crc << 4) ^ nibble_crc[(crc >> 4) ^ (byte & 0x0f)];
  }
  return crc;
}

int main(void) {
  uint8_t data[N];
  srand(8);
  for (int i = 0; i < N; i++)
    data[i] = (uint8_t)(rand() % 256);
  CALL_KERNEL(crc8_table, data);
  return 0;
}
