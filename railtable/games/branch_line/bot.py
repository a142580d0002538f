"""Branch Line's heuristic bot: build toward the contract that pays best for the rails it
still needs, stock up when the next link costs more than it holds, draw a contract when its
hand is done and enough turns remain, and otherwise build the link worth most.

It reads only what its seat may know: the public track, its own rails and its own contracts
(`state.completed`, the rules' own check), and chooses among `legal_actions()`.
"""

from __future__ import annotations

import heapq

from railtable.bots.base import Bot
from railtable.games.branch_line import actions as A

# Draw another contract only with at least this many of its own turns left.
DRAW_TURNS_LEFT = 5


def cheapest_way(state, seat: int, a: int, b: int) -> tuple[int, list[int]] | None:
    """The fewest rails that join towns a and b with `seat`'s track (its own links free,
    other seats' links closed), and the free links of that way; None if they cannot be."""
    g = state.game
    best = {a: 0}
    back: dict[int, tuple[int, int]] = {}
    heap = [(0, a)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            links, x = [], b
            while x != a:
                x, k = back[x]
                if state.owner[k] < 0:
                    links.append(k)
            return d, links
        if d > best.get(u, 1 << 30):
            continue
        for k, v in g.adjacent[u]:
            o = state.owner[k]
            if o >= 0 and o != seat:
                continue
            nd = d + (0 if o == seat else g.link_length[k])
            if nd < best.get(v, 1 << 30):
                best[v] = nd
                back[v] = (u, k)
                heapq.heappush(heap, (nd, v))
    return None


def turns_left(state, seat: int) -> int:
    """Own decisions left, this one included."""
    n = state.num_players
    left = n * state._rounds - state.taken
    return (left + n - 1 - (seat - state.cur) % n) // n


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)

    def act(self, state) -> int:
        g = state.game
        me = self.seat
        legal = state.legal_actions()
        allowed = set(legal)
        rails = state.rails[me]
        left = turns_left(state, me)
        # the open contract with the best points for the rails (and turns) it still needs
        target = None
        for c, done in zip(state.hands[me], state.completed(me)):
            if done:
                continue
            way = cheapest_way(state, me, g.contract_a[c], g.contract_b[c])
            if way is None:
                continue
            cost, links = way
            # a turn builds one link; stocking up yields a few rails a turn
            turns = len(links) + max(0, cost - rails + g.stock_up_rails - 1) // g.stock_up_rails
            if turns > left:
                continue
            value = 2 * g.contract_points[c] / (1 + cost)
            if target is None or value > target[0]:
                target = (value, links)
        if target is not None:
            links = sorted(target[1], key=lambda k: (-g.link_length[k], k))
            for k in links:
                if k in allowed:
                    return k
            return A.stock_up(g.num_links)
        draw = A.draw_contract(g.num_links)
        if draw in allowed and left >= DRAW_TURNS_LEFT:
            return draw
        builds = [k for k in legal if k < g.num_links]
        if builds:
            return max(builds, key=lambda k: (g.link_points[k], -k))
        return A.stock_up(g.num_links)
