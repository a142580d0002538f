"""The bots' shortest ways over the revealed map (Dijkstra), in a module of its own so that
the compiled build compiles it (setup.py): a search runs it tens of thousands of times
(docs/performance.md, "Bots' path searches compiled")."""

from __future__ import annotations

import heapq

FAR = 1 << 30  # farther than any way


def dijkstra(tile: list[int], roads: bytearray, gaps: bytearray, mon: list[int],
             nb: list[int], opp_bit: list[int], t_cost: list[int], tiles_left: bool,
             start: int, balloon: bool, creature_ok: int
             ) -> tuple[dict[int, int], dict[int, int], dict[int, tuple[int, int]]]:
    """From hex `start` along the roads of the revealed map (a gap only with a balloon; a
    creature stops the way, but for the one on `creature_ok`): (the cost of the way to each
    hex, the first step from `start` towards it, and the unrevealed hexes next to the map
    with the cost and first step to them, while tiles are left to reveal)."""
    dist = {start: 0}
    first = {start: -1}
    heap: list[tuple[int, int, int]] = [(0, start, -1)]
    fog: dict[int, tuple[int, int]] = {}
    while heap:
        d0, c, f = heapq.heappop(heap)
        if d0 > dist.get(c, FAR):
            continue
        if c != start and mon[c] >= 0:
            continue  # a creature blocks the way on
        for d in range(6):
            bit = 1 << d
            if not roads[c] & bit or (gaps[c] & bit and not balloon):
                continue
            q = nb[c * 6 + d]
            if q < 0:
                continue
            ff = d if c == start else f
            if tile[q] < 0:
                if tiles_left and (q not in fog or fog[q][0] > d0 + 1):
                    fog[q] = (d0 + 1, ff)
                continue
            ob = opp_bit[d]
            if not roads[q] & ob or (gaps[q] & ob and not balloon):
                continue
            if mon[q] >= 0 and q != creature_ok:
                continue
            nd = d0 + t_cost[tile[q]]
            if nd < dist.get(q, FAR):
                dist[q] = nd
                first[q] = ff
                heapq.heappush(heap, (nd, q, ff))
    return dist, first, fog
