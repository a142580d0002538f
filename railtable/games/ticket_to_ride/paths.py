"""The bots' planning: the cheapest-path search over the map (Dijkstra), the planner that
routes a seat's tickets with it, and the colours its plan lacks. A module of its own so
that the compiled build compiles it (setup.py): a search runs them thousands of times a
decision, most of its time (docs/performance.md, "Bots' path searches compiled"). The
heuristic bot (bot.py) decides with them.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import AbstractSet, Final, Optional

from .actions import GRAY, NUM_COLORS
from .rules import TicketToRideGame, TicketToRideState

INF: Final = float("inf")
STEP: Final = 0.6  # extra cost per route on top of its length: fewer, longer claims are cheaper
NO_ROUTES: Final[frozenset[int]] = frozenset()


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


class Planner:
    """Shortest-path planning over the routes open to one seat."""

    def __init__(self, state: TicketToRideState, seat: int) -> None:
        g: TicketToRideGame = state.game
        self.g = g
        self.seat = seat
        self.mine: set[int] = set(state.claimed[seat])
        # the cost of each route the seat may use: its own cost nothing, open ones their
        # length plus STEP (routes missing here are closed to the seat)
        length = g.route_length
        weight = [-1.0] * g.num_routes  # -1: closed to the seat
        for tup in state.avail[seat]:
            for r in tup:
                weight[r] = length[r] + STEP
        for r in self.mine:
            weight[r] = 0.0
        self.weight = weight

    def path(self, a: int, b: int, free: set[int],
             banned: AbstractSet[int] = NO_ROUTES) -> tuple[float, list[int]]:
        """(cost, routes to claim) of the cheapest connection a-b; free routes cost 0."""
        weight = self.weight
        if free or banned:
            weight = weight[:]
            for r in banned:
                weight[r] = -1.0
            for r in free:
                weight[r] = 0.0
        dist, prev = cheapest(self.g.adjacency, weight, a, b)
        if dist[b] == INF:
            return INF, []
        routes: list[int] = []
        mine = self.mine
        c = b
        while c != a:
            step = prev[c]
            assert step is not None  # b was reached: every city on its way has a predecessor
            c, r = step
            if r not in mine and r not in free:
                routes.append(r)
        return dist[b], routes

    def plan(self, tickets: list[int],
             banned: AbstractSet[int] = NO_ROUTES) -> tuple[set[int], int, list[int]]:
        """(set of routes to claim, trains they need, tickets that cannot be finished)."""
        g = self.g
        points = g.ticket_points
        todo: set[int] = set()
        dead: list[int] = []
        for t in sorted(tickets, key=lambda t: -points[t]):
            a, b = g.ticket_cities[t]
            cost, routes = self.path(a, b, todo, banned)
            if cost == INF:
                dead.append(t)
            else:
                todo.update(routes)
        length = g.route_length
        return todo, sum([length[r] for r in todo]), dead


def wants(g: TicketToRideGame, hand: list[int], todo: set[int]) -> list[int]:
    """How many cards of each colour the planned routes still lack, given the hand: a
    gray route (longest first) is paid in the colour with the most to spare (the lowest
    colour among equals)."""
    need = [0] * NUM_COLORS
    grays: list[int] = []
    for r in todo:
        c = g.route_color[r]
        if c == GRAY:
            grays.append(g.route_length[r])
        else:
            need[c] += g.route_length[r]
    want = [max(0, need[c] - hand[c]) for c in range(NUM_COLORS)]
    spare = [hand[c] - need[c] for c in range(NUM_COLORS)]
    for L in sorted(grays, reverse=True):
        c = 0
        for k in range(1, NUM_COLORS):
            if spare[k] > spare[c]:
                c = k
        if spare[c] >= L:
            spare[c] -= L
        else:
            want[c] += L - max(spare[c], 0)
            spare[c] = -L
    return want
