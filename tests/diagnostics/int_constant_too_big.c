// expect: error 3:14: integer constant `18446744073709551616u` does not fit in 64 bits
unsigned long long int_constant_too_big(unsigned long long a) {
  return a + 18446744073709551616u;
}
