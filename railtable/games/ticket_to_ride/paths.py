"""The bots' cheapest-path search over the map (Dijkstra), in a module of its own so that
the compiled build compiles it (setup.py): the planner runs it thousands of times a
decision, most of a search's time (docs/performance.md, "Bots' path searches compiled")."""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Final, Optional

INF: Final = float("inf")


# city -> ((neighbour, route), ...): the game's `adjacency`, typed exactly so that the
# compiled loop reads it without generic calls
Adjacency = tuple[tuple[tuple[int, int], ...], ...]


def cheapest(adjacency: Adjacency, weight: list[float], a: int,
             b: int = -1) -> tuple[list[float], list[Optional[tuple[int, int]]]]:
    """Dijkstra from city a over the routes with weight >= 0 (a negative weight closes a
    route), stopping once city b is reached (b = -1: every city). (dist, prev), where
    prev[c] = (the city before c, the route between them) on the cheapest way."""
    n = len(adjacency)
    dist = [INF] * n
    dist[a] = 0.0
    prev: list[Optional[tuple[int, int]]] = [None] * n
    heap: list[tuple[float, int]] = [(0.0, a)]
    while heap:
        d, c = heappop(heap)
        if c == b:
            break
        if d > dist[c]:
            continue
        for nxt, r in adjacency[c]:
            w = weight[r]
            if w < 0.0:
                continue
            nd = d + w
            if nd < dist[nxt]:
                dist[nxt] = nd
                prev[nxt] = (c, r)
                heappush(heap, (nd, nxt))
    return dist, prev
