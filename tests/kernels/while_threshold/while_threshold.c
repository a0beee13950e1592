// Greedy fill: takes items in order while the running total stays within the budget and
// returns how many fit. The while condition combines a bound check with a data test.
#include "dynamatic/Integration.h"
#include "while_threshold.h"
#include <stdlib.h>

int while_threshold(int weight[N], int budget) {
  int i = 0;
  int total = 0;
  while (i < N && total + weight[i] <= budget) {
    total += weight[i];
    i++;
  }
  return i;
}

int main(void) {
  int weight[N];
  int budget = 1500;
  srand(9);
  for (int i = 0; i < N; i++)
    weight[i] = rand() % 60 + 1;
  CALL_KERNEL(while_threshold, weight, budget);
  return 0;
}
