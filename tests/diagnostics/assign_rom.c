// expect: error 5:3: cannot assign to an element of a `const` array
const int table[3] = {1, 2, 3};

int assign_rom(int i) {
  table[i] = 4;
  return table[0];
}
