// expect: error 5:14: pointers are not supported: taking the address of a variable (`&`)
int address_of(int x) {
  int y;
  y = 3;
  return x + &y;
}
