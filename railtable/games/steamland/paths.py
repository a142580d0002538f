"""The bots' ways over the map: the shortest ways over the revealed map (Dijkstra), the
hexes worth reaching and the odds of a fight. A module of its own so that the compiled
build compiles it (setup.py): a search asks them tens of thousands of times
(docs/performance.md, "Bots' path searches compiled"). The heuristic bot (bot.py)
decides with them.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Final

from .rules import (E_ARMOUR, E_SCREWDRIVER, K_CITY, K_MARKET, K_TAVERN, R_BEST, R_ONE, T_DELIVER,
                    T_HUNT, T_PAY, T_VISIT, SteamlandGame, SteamlandState)

FAR: Final = 1 << 30  # farther than any way


def dijkstra(tile: list[int], roads: bytearray, gaps: bytearray, mon: list[int],
             nb: list[int], opp_bit: list[int], t_cost: list[int], tiles_left: bool,
             start: int, balloon: bool, creature_ok: int
             ) -> tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]:
    """From hex `start` along the roads of the revealed map (a gap only with a balloon; a
    creature stops the way, but for the one on `creature_ok`): (the cost of the way to each
    hex, the first step from `start` towards it; and, while tiles are left to reveal, the
    unrevealed hexes next to the map with the cost and the first step to each).

    Four dicts of ints: the garbage collector does not track them, and a search keeps
    thousands in the bots' cache (fog values as tuples made it collect every few
    milliseconds, a sixth of a search's time compiled)."""
    dist = {start: 0}
    first = {start: -1}
    heap: list[tuple[int, int, int]] = [(0, start, -1)]
    fog: dict[int, int] = {}
    fog_first: dict[int, int] = {}
    while heap:
        d0, c, f = heappop(heap)
        if d0 > dist.get(c, FAR):
            continue
        if c != start and mon[c] >= 0:
            continue  # a creature blocks the way on
        road, gap = roads[c], gaps[c]  # read once: a bytearray's item is a generic call compiled
        for d in range(6):
            bit = 1 << d
            if not road & bit or (gap & bit and not balloon):
                continue
            q = nb[c * 6 + d]
            if q < 0:
                continue
            ff = d if c == start else f
            if tile[q] < 0:
                if tiles_left and fog.get(q, FAR) > d0 + 1:
                    fog[q] = d0 + 1
                    fog_first[q] = ff
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
                heappush(heap, (nd, q, ff))
    return dist, first, fog, fog_first


def _roll(kind: int) -> list[tuple[int, float]]:
    """A creature's roll: each value with its probability."""
    out: dict[int, float] = {}
    if kind == R_ONE:
        for i in range(1, 7):
            out[i] = 1 / 6
    elif kind == R_BEST:
        for i in range(1, 7):
            for j in range(1, 7):
                out[max(i, j)] = out.get(max(i, j), 0) + 1 / 36
    else:
        for i in range(1, 7):
            for j in range(1, 7):
                out[i + j] = out.get(i + j, 0) + 1 / 36
    return list(out.items())


ROLLS: Final = [_roll(k) for k in range(3)]


def win_chance(mine: float, theirs: float, kind: int = R_ONE) -> float:
    """P(d6 + mine beats their roll + theirs); a tie is a fresh, even reroll."""
    win = 0.0
    tie = 0.0
    for x, px in ROLLS[kind]:
        for d in range(1, 7):
            a = d + mine
            b = x + theirs
            if a > b:
                win += px / 6
            elif a == b:
                tie += px / 6
    return win + tie * 0.5


def armour(s: SteamlandState, p: int, seat: int) -> int:
    """Armour of p as `seat` sees it: another seat's hidden items do not count."""
    g: SteamlandGame = s.game
    for c in s.items[p]:
        if g.i_effect[c >> 1] == E_ARMOUR and (p == seat or not c & 1):
            return g.i_amount[c >> 1]
    return 0


def fight_odds(s: SteamlandState, p: int, seat: int, creature: int) -> float:
    """p's chance to beat `creature` in a fight, as `seat` sees p's armour."""
    g: SteamlandGame = s.game
    return win_chance(s._weapon(p), g.c_fight[s.level][creature] - armour(s, p, seat),
                      g.c_roll[creature])


def targets(s: SteamlandState, p: int, seat: int, caution: float, wants_items: bool,
            dragon_bar: float) -> list[tuple[int, int]]:
    """Hexes worth reaching now for p, as `seat` sees the game, each with a priority (lower
    is better): the heuristic's targets (bot.py), for its caution in a fight, whether it
    wants items and the odds it needs against a dragon."""
    g: SteamlandGame = s.game
    n = s.num_players
    out: list[tuple[int, int]] = []
    city_cells: dict[int, int] = {}
    kinds: dict[int, list[int]] = {}
    nd = s.ndragons
    for c in range(g.ncells):
        ti = s.tile[c]
        if ti >= 0:
            k = g.t_kind[ti]
            # only places that are open now (dragons close markets, taverns, cities)
            if k == K_CITY and nd < 2 or (k == K_MARKET or k == K_TAVERN) and nd < 1:
                kinds.setdefault(k, []).append(c)
            if g.t_city[ti]:
                city_cells[g.t_city[ti]] = c
    if s.complete and s._find_effect(p, E_SCREWDRIVER) >= 0:
        out.append((0, g.center))
    tasks = [(t, True) for t in s.tasks[p]] + [(t, False) for t in s.common]
    for t, mine in tasks:
        k = g.q_kind[t]
        bonus = 0 if mine else 2
        if k == T_VISIT:
            need = s.target[t] & ~s.prog[t * n + p]
            for city in range(1, 7):
                if need >> city & 1 and city in city_cells:
                    out.append((1 + bonus, city_cells[city]))
        elif k == T_DELIVER:
            has = False
            for c in s.items[p]:
                if g.i_kind[c >> 1] == g.q_item[t]:
                    has = True
                    break
            if has:
                for city in range(1, 7):
                    if s.target[t] >> city & 1 and city in city_cells:
                        out.append((1 + bonus, city_cells[city]))
        elif k == T_PAY:
            if s.money[p] >= g.q_amount[t] + 200:
                for city in range(1, 7):
                    if s.target[t] >> city & 1 and city in city_cells:
                        out.append((1 + bonus, city_cells[city]))
        elif k == T_HUNT:
            for c in range(g.ncells):
                m = s.mon[c]
                if m >= 0 and (g.c_dragon[m] != 0 if g.q_dragon[t] else g.c_str[m] >= g.q_str[t]):
                    if fight_odds(s, p, seat, m) >= caution:
                        out.append((2 + bonus, c))
    if wants_items:
        for c in kinds.get(K_CITY, []) + kinds.get(K_MARKET, []):
            out.append((2, c))
    if s.ndragons:
        for c in range(g.ncells):
            m = s.mon[c]
            if m >= 0 and g.c_dragon[m] and fight_odds(s, p, seat, m) >= dragon_bar:
                # from two dragons on, hunting them comes before everything
                out.append((0 if s.ndragons >= 2 else 1, c))
    if len(s.tasks[p]) < 2 and s.qdeck:
        for c in kinds.get(K_CITY, []) + kinds.get(K_TAVERN, []):
            out.append((3, c))
    if s.heads[p]:
        for c in kinds.get(K_CITY, []) + kinds.get(K_MARKET, []):
            out.append((3, c))
    # weak creatures are worth their heads
    for c in range(g.ncells):
        m = s.mon[c]
        if m >= 0 and fight_odds(s, p, seat, m) >= 0.7:
            out.append((3, c))
    return out
