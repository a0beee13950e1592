// Bitwidths: a counter to 100 (8 bits), addresses into 1000 elements (10 bits), a mask and a
// remainder by a constant (narrow values), and an accumulation that may wrap (32 bits).
int narrow(int a[1000], int x) {
  int s = 0;
  for (int i = 0; i < 100; i++)
    s = s * a[i * 10] + (x & 0xFF) % 7;
  return s;
}
