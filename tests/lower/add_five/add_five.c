// Memory without ordering: a[i] = a[i] + 5 carries no dependence across iterations.
void add_five(int a[16]) {
  for (int i = 0; i < 16; i++)
    a[i] = a[i] + 5;
}
