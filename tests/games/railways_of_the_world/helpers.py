"""Helpers that set up positions by hand for the rule tests."""

from __future__ import annotations

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BUILD, A_BUILD_AT, A_DELIVER, A_NOTE, A_STEP, NUM_COLOURS)

M = GAME.maps["eastern_us_canada"]


def fresh(n=3, seed=1, **opts):
    return GAME.new_state(n, seed, opts or None)


def to_turn(s, p):
    """Skip to player p's action turn (first turn of the round), p first in order."""
    n = s.num_players
    s.phase = R.PH_TURN
    s.order = [(p + i) % n for i in range(n)]
    s.first = p
    s.pos = 0
    s.turn = 0
    s._legal = None
    s._dcache = None
    return s


def give(s, p, amount):
    """Money from the bank (keeps bank + cash == 0)."""
    s.own_cash()[p] += amount  # copy on write: the state may share it with a clone
    s.bank -= amount
    s._legal = None
    s._dcache = None


def set_cubes(s, city, counts):
    """Put exactly `counts` (5 numbers) on a city, taking from / returning to the bag."""
    base = city * NUM_COLOURS
    # the bag is on_write, the cubes and empty cities replaced: a clone may share them
    bag = s.own_bag()
    s.cubes, s.empty = s.cubes.copy(), s.empty.copy()
    for k in range(NUM_COLOURS):
        bag[k] += s.cubes[base + k] - counts[k]
        s.cubes[base + k] = counts[k]
        assert bag[k] >= 0
    s.empty[city] = False
    s._legal = None
    s._dcache = None


def cube(colour):
    v = [0] * NUM_COLOURS
    v[R.COLOUR_INDEX[colour]] = 1
    return v


def route(s, p, a, b, max_tiles=4):
    """Cheapest list of build directions from city a into city b (or None)."""
    best = None
    stack = [(0, [], [])]
    while stack:
        cost, segs, dirs = stack.pop()
        for d, c, hx, city in s._head_steps(p, a, segs, len(segs)):
            if city >= 0:
                if city == b and (best is None or cost + c < best[0]):
                    best = (cost + c, dirs + [d])
                continue
            if len(segs) < max_tiles:
                stack.append((cost + c, segs + [[hx, (d + 3) % 6, -1]], dirs + [d]))
    return best


def build_link(s, p, a, b):
    """Player p builds a link from city a to city b as one build action (borrowing)."""
    to_turn(s, p) if s.phase != R.PH_TURN or s.current_player() != p else None
    r = route(s, p, a, b)
    assert r is not None, (a, b)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + M.city_hex[a])
    for d in r[1]:
        for _ in range(40):  # notes until the step is affordable (a bound: never endless)
            if A_STEP + d in s.legal_actions():
                break
            s.apply(A_NOTE)
        s.apply(A_STEP + d)
    return r[0]


def city(key):
    return M.city_id[key]


def near_pairs(lo=2, hi=3):
    out = []
    for a in range(M.num_cities):
        for b in range(a + 1, M.num_cities):
            d = M.distance(M.hex_qr[M.city_hex[a]], M.hex_qr[M.city_hex[b]])
            if lo <= d <= hi:
                out.append((a, b))
    return out


def chain(length, s, p=0):
    """A path of `length` links between distinct cities that player p can build."""
    pairs = near_pairs(2, 3)
    nbr = {}
    for a, b in pairs:
        nbr.setdefault(a, []).append(b)
        nbr.setdefault(b, []).append(a)

    def dfs(path):
        if len(path) == length + 1:
            return path
        for n in nbr.get(path[-1], []):
            if n not in path and route(s, p, path[-1], n) is not None:
                r = dfs(path + [n])
                if r:
                    return r
        return None
    for start in sorted(nbr):
        r = dfs([start])
        if r:
            return r
    raise AssertionError("no chain")


def choose(s, a: int) -> None:
    """Take decision `a`, unless it was a forced single choice that the engine already took
    in the previous apply (docs/developing.md): the test's assertions on the outcome then
    check that the engine took this one."""
    if a in s.legal_actions():
        s.apply(a)


def deliver_alone(s, cities: list[int], owners: list[int]) -> dict:
    """Seat to move chooses to deliver where the cube and each next link are the only legal
    choices: the engine takes them, forced single choices, in the same apply
    (docs/developing.md). Checks and returns the delivery's event."""
    s.apply(A_DELIVER)
    done = [e for e in s.events if e["type"] == "delivery"]
    assert len(done) == 1, [e["type"] for e in s.events]
    assert done[0]["cities"] == list(cities) and done[0]["owners"] == list(owners)
    return done[0]
