// expect: error 3:10: `%` needs integer operands
float float_remainder(float a, float b) {
  return a % b;
}
