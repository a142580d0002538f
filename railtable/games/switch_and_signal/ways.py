"""How the Switch & Signal bots value a position (`evaluate`): each train's best way to where
it should go next, what stands in its way, and its next move's expected outcome. A module of
its own so that the compiled build compiles it (setup.py): the bots and their search spend
most of their time here (docs/performance.md, "Bots' path searches compiled"). It reads a
state and changes nothing; bot.py decides."""

from __future__ import annotations

import math
from typing import Any, Final, Optional

from railtable.games.switch_and_signal.board import successors
from railtable.games.switch_and_signal.movement import next_ways
from railtable.games.switch_and_signal.rules import (MV_ALL, MV_COL, PH_ACTIONS, PORT, START, TRADE,
                                                     Board, SwitchAndSignalState)

# weights (one delivered good = 60)
W_GOOD = 60.0        # a good delivered
W_CARD = 15.0        # a departure card still in the pile (a whole turn); sets the token weight
W_HAND = 2.0         # an action card in a hand
W_DIST_LOADED = 3.5  # per movement point between a loaded train and a port
CAP_LOADED = 14
W_EMPTY = 22.0       # an empty train standing at a trade city with goods (before the bonus)
W_DIST_EMPTY = 2.0   # per movement point between an empty train and goods
CAP_EMPTY = 10
READY = 4.0
OBSTACLE_LOADED = 1.0  # obstacle weight factors for loaded and empty trains
OBSTACLE_EMPTY = 1.0
USE_ODDS = False     # weigh a train's next move by the odds that the next card moves it
P_BASE = 0.15
P_ODDS = 0.6
CLAIMS = True        # an empty train leaves goods to nearer empty trains
P_NEXT_MOVE = 0.35   # weight of the outcome of a train's next move along the current way
W_OBSTACLE = 2.5     # a red signal or a switch set against the way to the target
MEAN_ROLL = (3.5, 2.5, 5 / 3)
# distance counts in moves rather than sections: a slow train needs more move cards
SPEED_REF = 2.5
HAND_HORIZON = True  # cards of players without another turn are worth nothing
SPEED = tuple(SPEED_REF / m for m in MEAN_ROLL)


_ROUTES: dict[str, Any] = {}


def route_tables(b):
    """For each target node: the next state on a shortest way from every state, and what the
    step needs (signal fields to be green, a junction setting). Built once per board."""
    tabs = _ROUTES.get(b.id)
    if tabs is not None:
        return tabs
    ncell = b.num_cells
    succ = successors(b)   # (next state, fields, junction, setting)
    nxt = {}
    for n, dist in b.dist_to.items():
        table = [None] * (2 * ncell)
        for st in range(2 * ncell):
            if dist[st] >= 99 or dist[st] == 0:
                continue
            best = None
            for mv in succ[st]:
                if dist[mv[0]] == dist[st] - 1 and (best is None or mv[0] < best[0]):
                    best = mv
            table[st] = best
        nxt[n] = table
    _ROUTES[b.id] = nxt
    return nxt


def _way(table, si):
    """The steps of the shortest route a route table gives from state si: (signal fields
    crossed, junction or -1, the setting the route needs there)."""
    for _ in range(30):
        step = table[si]
        if step is None:
            return
        si, fs, j, k = step
        yield fs, j, k


_WAYS: dict[str, dict[int, list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]]] = {}


def way_tables(b: Board) -> dict[int, list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]]:
    """For each target node and state: the signal fields a shortest route crosses and the
    junctions it passes with the setting it needs ((fields), ((junction, setting), ...)),
    flattened from the route tables once per board (the hot path only reads them)."""
    ways = _WAYS.get(b.id)
    if ways is None:
        ways = {}
        for n, table in route_tables(b).items():
            rows: list[Any] = [None] * len(table)
            for si in range(len(table)):
                fields: list[int] = []
                juncs: list[tuple[int, int]] = []
                for fs, j, k in _way(table, si):
                    fields.extend(fs)
                    if j >= 0:
                        juncs.append((j, k))
                rows[si] = (tuple(fields), tuple(juncs))
            ways[n] = rows
        _WAYS[b.id] = ways
    return ways


_EXITS: dict[str, list[tuple[tuple[int, int, int], ...]]] = {}


def city_exits(b: Board, n: int) -> tuple[tuple[int, int, int], ...]:
    """The ways out of city n: (state just past the city, 1 movement point to get there,
    the signal field at the city's end of the line), for every line; made once per board."""
    exits = _EXITS.get(b.id)
    if exits is None:
        exits = _EXITS[b.id] = [
            tuple((2 * b.end_cell[e] + (b.end_head[e] > 0), 1, b.end_field[e])
                  for e in b.node_ends[m]) for m in range(len(b.node_ids))]
    return exits[n]


def way_starts(b: Board, si: int) -> tuple[tuple[int, int, int], ...]:
    """Where a way from state si begins: (state, movement points to it, the signal field
    at the city's end of the line or -1): si itself, or each line out of the city a train
    stands in (not a starting point), which the team may choose."""
    c = si >> 1
    if si & 1 == 0 and c < b.num_node_cells and b.cell_kind[c] != START:
        return city_exits(b, b.cell_node[c])
    return ((si, 0, -1),)


def way_obstacles(s: SwitchAndSignalState, t: int, si: int, target: int,
                  fields: Optional[set[int]] = None, junctions: Optional[set[int]] = None,
                  keep: Optional[set[int]] = None) -> int:
    """Signal fields and switches standing in the way of a shortest route from state si to
    `target` (counted, and collected into the given sets)."""
    fs, js = way_tables(s.board)[target][si]
    green, jconf = s.green, s.jconf
    n = 0
    for f in fs:
        if not green[f]:
            n += 1
            if fields is not None:
                fields.add(f)
        elif keep is not None:
            keep.add(f)
    for j, k in js:
        if jconf[j] != k:
            n += 1
        if junctions is not None:
            junctions.add(j)
    return n


def onward_obstacles(s: SwitchAndSignalState, n: int) -> int:
    """Red signals and switches set against the best way from trade city n on to a port:
    the trip a train loaded there will make next."""
    b = s.board
    green = s.green
    best_key = best_ob = None
    for st, _, f in city_exits(b, n):
        for port in b.ports:
            d = b.dist_to[port][st]
            if d >= 99:
                continue
            ob = (0 if f < 0 or green[f] else 1) + way_obstacles(s, -1, st, port)
            key = d + 2 * ob
            if best_key is None or key < best_key:
                best_key, best_ob = key, ob
    return best_ob or 0


def onward_costs(s: SwitchAndSignalState, weight: float) -> dict[int, float]:
    """For each trade city with goods left: what an empty train heading there loses for
    the obstacles on the city's way on to the port (`weight` × W_OBSTACLE each)."""
    b = s.board
    w = weight * W_OBSTACLE
    return {b.trade_of_colour[c]: w * onward_obstacles(s, b.trade_of_colour[c])
            for c in range(4) if s.goods[c] > 0}


def best_way(s: SwitchAndSignalState, t: int, si: int, targets: list[int], loaded: bool,
             fields: Optional[set[int]] = None, junctions: Optional[set[int]] = None,
             keep: Optional[set[int]] = None,
             costs: Optional[dict[int, float]] = None) -> tuple[float, int]:
    """(value, obstacles) of the best way from state si to one of the targets: the distance
    value less W_OBSTACLE per signal or switch in the way. A train standing in a city may
    leave along any line, so each exit's way is weighed. `costs` (from `onward_costs`)
    lowers an empty train's target by what stands in the way of its goods' onward trip."""
    b = s.board
    wd, cap, top = ((W_DIST_LOADED, CAP_LOADED, W_GOOD) if loaded
                    else (W_DIST_EMPTY, CAP_EMPTY, W_EMPTY))
    wd *= SPEED[t // 3]
    wob = W_OBSTACLE * (OBSTACLE_LOADED if loaded else OBSTACLE_EMPTY)
    best = None
    for st, extra, f in way_starts(b, si):
        for n in targets:
            d = b.dist_to[n][st] + extra
            if d >= 99:
                continue
            ob = (0 if f < 0 or s.green[f] else 1) + way_obstacles(s, t, st, n)
            v = top - wd * (d if d < cap else cap) - wob * ob
            if costs and not loaded:
                v -= costs.get(n, 0.0)
            if best is None or v > best[0]:
                best = (v, ob, st, n, f)
    if best is None:
        return top - wd * cap, 0
    if fields is not None:
        v, ob, st, n, f = best
        if f >= 0:
            into = keep if s.green[f] else fields
            assert into is not None  # a caller collecting fields collects the kept ones too
            into.add(f)
        way_obstacles(s, t, st, n, fields, junctions, keep)
    return best[0], best[1]


def _targets(s: SwitchAndSignalState, t: int,
             empties: Optional[list[tuple[int, int]]] = None) -> list[int]:
    """Where train t should go next: a port that takes its good when loaded; else a trade
    city with goods that no nearer empty train will take. `empties` (from `_empties`) saves
    finding the empty trains again when every train of a position is valued."""
    b = s.board
    g = s.tgood[t]
    if g >= 0:
        if not s.na:
            return b.ports
        return [n for n in b.ports if s._port_takes(t, n)] or b.ports
    if not CLAIMS:
        return [b.trade_of_colour[c] for c in range(4) if s.goods[c] > 0]
    # goods another empty train is nearer to are left to it
    if empties is None:
        empties = _empties(s)
    out = []
    si = _state_index(s, t)
    for c in range(4):
        if s.goods[c] <= 0:
            continue
        n = b.trade_of_colour[c]
        dist = b.dist_to[n]
        mine = dist[si]
        nearer = 0
        for u, su in empties:
            if u != t:
                du = dist[su]
                if du < mine or (du == mine and u < t):
                    nearer += 1
        if nearer < s.goods[c]:
            out.append(n)
    return out or [b.trade_of_colour[c] for c in range(4) if s.goods[c] > 0]


def _empties(s: SwitchAndSignalState) -> list[tuple[int, int]]:
    """The empty trains on the network with their state indices."""
    return [(u, _state_index(s, u)) for u in range(9) if s.tpos[u] >= 0 and s.tgood[u] < 0]


def _state_index(s: SwitchAndSignalState, t: int) -> int:
    p = s.tpos[t]
    if p < s.board.num_node_cells:
        return 2 * p
    return 2 * p + (s.thead[t] > 0)


def move_odds(s):
    """For each colour, the share of the departure cards not yet seen that move it for sure
    (a fixed colour or the all-trains card; a multicolour pick is the team's choice)."""
    unseen = [c for c in range(18) if c not in s.revealed]
    if not unseen:
        return (0.0, 0.0, 0.0)
    steps = s.game.card_steps
    out = []
    for col in range(3):
        k = sum(1 for c in unseen if MV_COL + col in steps[c] or MV_ALL in steps[c])
        out.append(k / len(unseen))
    return tuple(out)


def train_value(s: SwitchAndSignalState, t: int, odds: Optional[tuple[float, ...]] = None,
                empties: Optional[list[tuple[int, int]]] = None,
                costs: Optional[dict[int, float]] = None) -> float:
    """The expected worth of train t after its next move along the current way (the team
    picks the best exit of a city), in time tokens. `costs`: see `best_way`."""
    b = s.board
    p = s.tpos[t]
    loaded = s.tgood[t] >= 0
    targets = _targets(s, t, empties)
    if not targets:
        return W_GOOD - W_DIST_LOADED * CAP_LOADED if loaded else W_EMPTY - W_DIST_EMPTY * CAP_EMPTY
    dists = [b.dist_to[n] for n in targets]
    tcells = [b.node_cell[n] for n in targets]
    wdl, wde = W_DIST_LOADED * SPEED[t // 3], W_DIST_EMPTY * SPEED[t // 3]
    top, wd, cap = (W_GOOD, wdl, CAP_LOADED) if loaded else (W_EMPTY, wde, CAP_EMPTY)
    if costs and not loaded:
        offsets = [(d, costs.get(n, 0.0)) for d, n in zip(dists, targets)]

        def base(si):
            return top - min(wd * (d[si] if d[si] < cap else cap) + x for d, x in offsets)
    elif len(dists) == 1:
        dist = dists[0]

        def base(si):
            sd = dist[si]
            return top - wd * (sd if sd < cap else cap)
    else:
        def base(si):
            sd = min(d[si] for d in dists)
            return top - wd * (sd if sd < cap else cap)
    nnc = b.num_node_cells
    si0 = _state_index(s, t)
    if p < nnc:
        n = b.cell_node[p]
        k = b.node_kind[n]
        if k == TRADE and not loaded and s.goods[b.node_goods[n]] > 0:
            return base(si0) + READY
    routes = next_ways(s, t)
    now, n_obst = best_way(s, t, si0, targets, loaded, costs=costs)
    obst = n_obst * (OBSTACLE_LOADED if loaded else OBSTACLE_EMPTY)
    now += W_OBSTACLE * obst  # `now` is the distance part only
    faces = s.game.dice[t // 3]
    w_token = W_CARD / s.clock_max
    best = None
    for states, kind, where in routes:
        d = len(states)
        vals = [base(x) for x in states]  # each state once, however many faces reach it
        last = vals[-1] if d else now
        tot = 0.0
        for r in faces:
            if r < d or (r == d and kind != 0):
                tot += vals[r - 1]
            elif kind == 0:
                wk = b.cell_kind[where]
                if where in tcells:
                    tot += (W_GOOD if loaded and wk == PORT else last + READY)
                elif wk == START:
                    tot -= 2.0 * w_token
                elif wk == PORT and not s.na:
                    tot += 0.0
                else:
                    tot += last
            elif kind == 2:
                tot -= 2.0 * (r - d) * w_token
            elif kind == 3:
                tot += last
            else:
                tot += last - (r - d) * w_token
        v = tot / 6.0
        if best is None or v > best:
            best = v
    if best is None:  # a city with no green exit
        best = now - MEAN_ROLL[t // 3] * w_token
    # the team can usually set the way before the train moves again: the next move's
    # outcome counts with a weight, the distance (less what is in the way) in full
    pw = P_NEXT_MOVE if odds is None else P_BASE + P_ODDS * odds[t // 3]
    return now - W_OBSTACLE * obst + pw * (best - now)


def evaluate(s: SwitchAndSignalState, onward: float = 0.0) -> float:
    """The heuristic's value of a position, in goods units (one good = W_GOOD). `onward`:
    the farsighted bot's weight of obstacles on the goods' onward trips (see ONWARD)."""
    total = sum(map(sum, s.delivered))
    if s.over:
        if s.won:
            return 10000.0 + len(s.pile) * W_CARD + s.tokens
        return -10000.0 + total * W_GOOD
    v = W_GOOD * total + W_CARD * (len(s.pile) + s.tokens / s.clock_max)
    # the active hand is refilled by up to 5 at the end of the turn (limit 10): cards kept
    # beyond 5 there only displace draws
    npl = len(s.hands)
    left = len(s.pile)
    for p, h in enumerate(s.hands):
        n = h[0] + h[1] + h[2]
        if HAND_HORIZON:
            # a card is worth something only to a player who still gets a turn
            d = (p - s.active) % npl or npl
            if p == s.active and s.phase != PH_ACTIONS:
                d = 0   # the turn still to come of the active player
            if d > left:
                continue
        v += W_HAND * (min(n, 5) if p == s.active and s.phase == PH_ACTIONS else n)
    odds = move_odds(s) if USE_ODDS else None
    empties = _empties(s)
    costs = onward_costs(s, onward) if onward else None
    for t in range(9):
        if s.tpos[t] >= 0:
            v += train_value(s, t, odds, empties, costs)
    return v


# The chance that the team wins from an unfinished position, for search bots
# (Game.evaluate): a logistic fit of the outcome to `evaluate` and the departure cards left,
# over the 27,151 positions of 120 heuristic games (seeds 1001-1120; log-loss 0.621, against
# 0.661 from `evaluate` alone and 0.667 from the win rate). The cards left enter again
# because `evaluate` weighs them for choices within a turn, not for the odds of the game.
WIN_BIAS = -11.24
WIN_PER_GOOD = 1.242  # per W_GOOD of `evaluate`
WIN_PER_CARD = 0.3035


def win_chance(s: SwitchAndSignalState) -> float:
    if s.over:
        return 1.0 if s.won else 0.0
    x = WIN_BIAS + WIN_PER_GOOD * evaluate(s) / W_GOOD + WIN_PER_CARD * len(s.pile)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
