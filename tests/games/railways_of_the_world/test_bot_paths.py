"""The bots' route search cuts branches that cannot win; it must find exactly the path of
the search that cuts none (the same cost and directions, the first of the cheapest in the
same depth-first order), so the bots play the same moves either way."""

from __future__ import annotations

import random

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world.paths import TILES, route
from railtable.sim.bench import state_pool


def every_path_route(state, p, s, t):
    """The search without cuts, as it was before: every link of up to TILES tiles."""
    best = None
    stack = [(0, [], [])]
    while stack:
        cost, segs, dirs = stack.pop()
        for d, step_cost, hx, city in state._head_steps(p, s, segs, len(segs)):
            nc = cost + step_cost
            if best is not None and nc >= best[0]:
                continue
            if city >= 0:
                if city == t:
                    best = (nc, dirs + [d])
                continue
            if len(segs) < TILES:
                stack.append((nc, segs + [[hx, (d + 3) % 6, -1]], dirs + [d]))
    return best


def test_the_cut_search_finds_the_same_path_as_the_full_one():
    found = compared = 0
    for players in (2, 3, 4):
        pool = state_pool(GAME, players, 20 + players, GAME.parse_options(None), size=8)
        rng = random.Random(players)
        for state in pool:
            m = state.m
            # pairs the bots ask about (2-5 hexes apart) and a few farther or nearer
            pairs = [(a, b) for a in range(m.num_cities) for b in range(m.num_cities)
                     if a != b and m.distance(m.hex_qr[m.city_hex[a]],
                                              m.hex_qr[m.city_hex[b]]) <= 6]
            for s, t in rng.sample(pairs, 25):
                for p in range(players):
                    want = every_path_route(state, p, s, t)
                    assert route(state, p, s, t) == want, (players, s, t, p)
                    compared += 1
                    found += want is not None
    assert compared == 8 * 25 * 9
    assert found > compared // 4  # most pairs are in reach: the cuts were put to work
