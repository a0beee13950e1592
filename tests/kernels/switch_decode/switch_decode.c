// A tiny accumulator machine: decodes one opcode per step with a switch (shared case labels,
// a default) and records the accumulator after every step. Unsigned arithmetic wraps.
#include "dynamatic/Integration.h"
#include "switch_decode.h"
#include <stdint.h>
#include <stdlib.h>

uint32_t switch_decode(uint8_t op[N], uint16_t arg[N], uint32_t trace[N]) {
  uint32_t acc = 1;
  for (int i = 0; i < N; i++) {
    uint32_t a = arg[i];
    switch (op[i]) {
    case OP_ADD:
      acc += a * 2654435761u;
      break;
    case OP_SUB:
      acc -= a;
      break;
    case OP_XOR:
      acc ^= a << 8;
      break;
    case OP_SHL:
      acc <<= (a & 7u);
      break;
    case OP_ROR:
      acc = (acc >> 3) | (acc << 29);
      break;
    case OP_CLEAR:
    case OP_MAX:
      acc = (op[i] == OP_CLEAR) ? 0u : (acc > a ? acc : a);
      break;
    default:
      acc += 1u;
      break;
    }
    trace[i] = acc;
  }
  return acc;
}

int main(void) {
  uint8_t op[N];
  uint16_t arg[N];
  uint32_t trace[N];
  srand(1977);
  for (int i = 0; i < N; i++) {
    op[i] = (uint8_t)(rand() % 9);
    arg[i] = (uint16_t)(rand() % 65536);
    trace[i] = 0;
  }
  CALL_KERNEL(switch_decode, op, arg, trace);
  return 0;
}
