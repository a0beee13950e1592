// All-pairs shortest paths on an 8-vertex weighted digraph (Floyd-Warshall), updated in
// place: each round k reads the distances that earlier rounds wrote.
#include "dynamatic/Integration.h"
#include "floyd_warshall.h"
#include <stdlib.h>

void floyd_warshall(int dist[V][V]) {
  for (int k = 0; k < V; k++) {
    for (int i = 0; i < V; i++) {
      for (int j = 0; j < V; j++) {
        int via = dist[i][k] + dist[k][j];
        dist[i][j] = via < dist[i][j] ? via : dist[i][j];
      }
    }
  }
}

int main(void) {
  int dist[V][V];
  srand(8);
  for (int i = 0; i < V; i++) {
    for (int j = 0; j < V; j++) {
      if (i == j)
        dist[i][j] = 0;
      else
        dist[i][j] = rand() % 3 == 0 ? rand() % 20 + 1 : INF;
    }
  }
  CALL_KERNEL(floyd_warshall, dist);
  return 0;
}
