// expect: error 4:5: `break` outside of a loop or `switch`
int break_outside(int a) {
  if (a)
    break;
  return a;
}
