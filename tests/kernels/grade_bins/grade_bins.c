// Maps 64 scores to grades 0..4 with an if / else-if chain and counts each grade in a
// local array, copied out at the end. Returns the number of top grades.
#include "dynamatic/Integration.h"
#include "grade_bins.h"
#include <stdint.h>
#include <stdlib.h>

int grade_bins(short score[N], uint8_t grade[N], int count[GRADES]) {
  int local[GRADES] = {0, 0, 0, 0, 0};
  for (int i = 0; i < N; i++) {
    short s = score[i];
    uint8_t g;
    if (s >= 90)
      g = 4;
    else if (s >= 75)
      g = 3;
    else if (s >= 60)
      g = 2;
    else if (s >= 40)
      g = 1;
    else
      g = 0;
    grade[i] = g;
    local[g]++;
  }
  for (int g = 0; g < GRADES; g++)
    count[g] = local[g];
  return local[GRADES - 1];
}

int main(void) {
  short score[N];
  uint8_t grade[N];
  int count[GRADES];
  srand(90);
  for (int i = 0; i < N; i++) {
    score[i] = (short)(rand() % 101);
    grade[i] = 0;
  }
  for (int g = 0; g < GRADES; g++)
    count[g] = 0;
  CALL_KERNEL(grade_bins, score, grade, count);
  return 0;
}
