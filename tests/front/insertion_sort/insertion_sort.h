#ifndef INSERTION_SORT_INSERTION_SORT_H
#define INSERTION_SORT_INSERTION_SORT_H

typedef int inout_int_t;
#define N 64

void insertion_sort(inout_int_t a[], int n);

#endif // INSERTION_SORT_INSERTION_SORT_H
