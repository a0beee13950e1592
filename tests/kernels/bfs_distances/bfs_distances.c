// Breadth-first search from vertex 0 over a 12-vertex graph given as an adjacency matrix.
// A local array serves as the queue (head/tail indices) and another tracks visited
// vertices. Writes hop distances (-1 when unreachable) and returns how many were reached.
#include "dynamatic/Integration.h"
#include "bfs_distances.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

int bfs_distances(uint8_t adj[V][V], int dist[V]) {
  int queue[V];
  bool visited[V];
  for (int v = 0; v < V; v++) {
    visited[v] = false;
    dist[v] = UNREACHED;
  }
  int head = 0;
  int tail = 0;
  queue[tail++] = 0;
  visited[0] = true;
  dist[0] = 0;
  while (head < tail) {
    int u = queue[head++];
    for (int w = 0; w < V; w++) {
      if (adj[u][w] && !visited[w]) {
        visited[w] = true;
        dist[w] = dist[u] + 1;
        queue[tail++] = w;
      }
    }
  }
  return tail;
}

int main(void) {
  uint8_t adj[V][V];
  int dist[V];
  srand(12);
  for (int i = 0; i < V; i++)
    for (int j = 0; j < V; j++)
      adj[i][j] = 0;
  // A sparse random undirected graph; vertex 11 is left isolated.
  for (int i = 0; i < V - 1; i++) {
    for (int j = i + 1; j < V - 1; j++) {
      if (rand() % 5 == 0) {
        adj[i][j] = 1;
        adj[j][i] = 1;
      }
    }
  }
  for (int v = 0; v < V; v++)
    dist[v] = 0;
  CALL_KERNEL(bfs_distances, adj, dist);
  return 0;
}
