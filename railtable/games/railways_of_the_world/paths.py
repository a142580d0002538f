"""The bots' track planning: the cheapest tile path between two cities and what a link is
worth, in a module of its own so that the compiled build compiles it (setup.py); a search
runs them hundreds of thousands of times (docs/performance.md, "Bots' path searches
compiled"). They read a state and change nothing."""

from __future__ import annotations

from typing import Final, Optional

from railtable.games.railways_of_the_world.actions import NUM_COLOURS
from railtable.games.railways_of_the_world.rules import RotwState

TILES: Final = 4  # the most tiles of a link the bots plan


def route(state: RotwState, p: int, s: int, t: int) -> Optional[tuple[int, list[int]]]:
    """Cheapest tile path (cost, directions) from city s into city t in one action, at most
    TILES tiles, or None: of the cheapest, the first a depth-first search finds.

    A branch is cut where no way through it can win: where city t is more hexes away than
    the tiles left, or where even the cheapest tiles on the straightest way cost as much as
    the best path found. Every path the search keeps is one the uncut search keeps too, in
    the same order, so it finds the same path (tests/games/railways_of_the_world/
    test_bot_paths.py), at a fraction of the nodes."""
    m = state.m
    qr = m.hex_qr
    goal = qr[m.city_hex[t]]
    floor = state.game.cheapest_tile
    best: Optional[tuple[int, list[int]]] = None
    stack: list[tuple[int, list[list[int]], list[int]]] = [(0, [], [])]
    while stack:
        cost, segs, dirs = stack.pop()
        k = len(segs)
        for step in state._head_steps(p, s, segs, k):
            d: int = step[0]
            nc: int = cost + step[1]
            if best is not None and nc >= best[0]:
                continue
            city: int = step[3]
            if city >= 0:
                if city == t:
                    best = (nc, dirs + [d])
                continue
            if k < TILES:
                hx: int = step[2]
                # tiles still to lay after this one before the step into city t
                between = m.distance(qr[hx], goal) - 1
                if between > TILES - 1 - k:
                    continue
                if best is not None and nc + between * floor >= best[0]:
                    continue
                stack.append((nc, segs + [[hx, (d + 3) % 6, -1]], dirs + [d]))
    return best


def network(state: RotwState, p: int) -> set[int]:
    """The cities a link of seat p touches."""
    out: set[int] = set()
    for c in range(state.m.num_cities):
        for _n, o in state.adj[c]:
            if o == p:
                out.add(c)
                break
    return out


def link_candidates(state: RotwState, near: list[list[int]],
                    net: set[int]) -> list[tuple[float, int, int]]:
    """Every link a-b (a < b, b among the cities `near` a) worth at least 1 to a seat whose
    network touches the cities `net` (`link_value`): (value, a, b)."""
    out: list[tuple[float, int, int]] = []
    for a in range(state.m.num_cities):
        for b in near[a]:
            if b < a:
                continue
            v = link_value(state, a, b, net)
            if v >= 1.0:
                out.append((v, a, b))
    return out


def link_value(state: RotwState, a: int, b: int, net: set[int]) -> float:
    """What a link a-b is worth to a seat whose network touches the cities `net`: the cubes
    it lets that seat deliver, half for those its network reaches through it, a little for
    extending the network; a fifth of that where the two cities are linked already."""
    cc, cubes = state.city_colour, state.cubes
    v = 0.0
    ka, kb = cc[a], cc[b]
    if kb < NUM_COLOURS:
        v += cubes[a * NUM_COLOURS + kb]
    if ka < NUM_COLOURS:
        v += cubes[b * NUM_COLOURS + ka]
    if net:
        # extension of the network: cubes in the network that now reach b, and cubes
        # at b that reach network cities
        if a in net or b in net:
            other = b if a in net else a
            ko = cc[other]
            for c in net:
                if ko < NUM_COLOURS:
                    v += 0.5 * cubes[c * NUM_COLOURS + ko]
                kc = cc[c]
                if kc < NUM_COLOURS:
                    v += 0.5 * cubes[other * NUM_COLOURS + kc]
            v += 0.3
    # already linked (by anyone)? the cubes there are contested: little value
    for n, _o in state.adj[a]:
        if n == b:
            v *= 0.2
            break
    return v
