"""The bots' cheapest-path search over the map (Dijkstra), in a module of its own so that
the compiled build compiles it (setup.py): the planner runs it thousands of times a
decision, most of a search's time (docs/performance.md, "Bots' path searches compiled")."""

from __future__ import annotations

import heapq
from typing import Final, Optional, Sequence

INF: Final = float("inf")


def cheapest(adjacency: Sequence[Sequence[tuple[int, int]]], weight: list[float], a: int,
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
        d, c = heapq.heappop(heap)
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
                heapq.heappush(heap, (nd, nxt))
    return dist, prev
