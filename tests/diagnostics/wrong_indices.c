// expect: error 5:10: `m` has 2 dimensions but 1 index is given
#define N 4

int wrong_indices(int m[N][N]) {
  return m[1] + 1;
}
