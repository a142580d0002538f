"""How a train runs (rulebook: ПРАВИЛА ДВИЖЕНИЯ), in one place.

The rules move trains with these functions and the bots trace a train's way ahead with the
same ones, so the bots never carry a movement rule of their own. They read a Board's tables
(rules.py) and a state's switches, signals and trains; they change nothing.
"""

from __future__ import annotations

# node kinds (Board.node_kind, Board.cell_kind)
TRADE, PORT, START, JUNC = 0, 1, 2, 3

# what a train meets entering an occupied cell (`meeting`)
OCCUPIED, HEAD_ON, BEHIND = 1, 2, 3


def step(b, green, jconf, pos, head, e, crossed=None):
    """One movement point: from track cell `pos` with heading `head`, or (e >= 0) out of
    the train's node along line end e, under the switch settings `jconf` and the signals
    `green`. Trains are not looked at (see `meeting`).

    Returns (cell, heading, arrival): the cell entered, the heading there (0 in a node's
    cell) and, when the cell is a node's, the line end the train came in by (else -1). A
    train that cannot go on gets (-1, stop, -1): stop is the red signal field in its way
    (>= 0) or -2 - j when the switch discs of junction j close the way.

    `crossed` (a list), when given, collects the signal fields passed, the red one that
    stops the train included, and each junction reached as -2 - j, in order.
    """
    if e >= 0:
        f = b.end_field[e]
        if f >= 0:
            if crossed is not None:
                crossed.append(f)
            if not green[f]:
                # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 3 (a red signal stops the train)
                return -1, f, -1
        return b.end_cell[e], b.end_head[e], -1
    i = 2 * pos + (head > 0)
    f = b.step_field[i]
    if f >= 0:
        if crossed is not None:
            crossed.append(f)
        if not green[f]:
            return -1, f, -1
    nxt = b.step_cell[i]
    if nxt >= 0:
        return nxt, head, -1
    end = b.step_end[i]
    n = b.end_node[end]
    j = b.junction_index[n]
    if j < 0:
        # the line ends at a city, port or starting point: the train enters its space
        return b.node_cell[n], 0, end
    if crossed is not None:
        crossed.append(-2 - j)
    e2 = b.junction_other[j][jconf[j]][b.end_local[end]]
    if e2 < 0:
        # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 6 (switch discs block the way)
        return -1, -2 - j, -1
    f = b.end_field[e2]
    if f >= 0:
        if crossed is not None:
            crossed.append(f)
        if not green[f]:
            return -1, f, -1
    return b.end_cell[e2], b.end_head[e2], -1


def meeting(b, occ, thead, t, cell, heading):
    """What train t meets entering `cell` with `heading`: 0 (nothing, or itself),
    OCCUPIED (a city or port holds one train: ПРАВИЛА ДВИЖЕНИЯ п. 5), HEAD_ON (a train
    coming the other way, or one standing on a starting point: п. 11) or BEHIND (a train
    going the same way, which it may not overtake: п. 8)."""
    u = occ[cell]
    if u < 0 or u == t:
        return 0
    if cell < b.num_node_cells:
        return OCCUPIED if b.cell_kind[cell] != START else HEAD_ON
    return HEAD_ON if thead[u] == -heading else BEHIND


def exits(b, green, cell, arrival=-1):
    """The line ends a train in the city (or port) at `cell` may leave by: those with a
    green signal, other than `arrival`, the one it came in by (ПРАВИЛА ДВИЖЕНИЯ п. 9)."""
    return [e for e in b.node_ends[b.cell_node[cell]] if e != arrival and green[b.end_field[e]]]


def walk(s, t, pos, head, e, limit=5):
    """Follow train t's way from (pos, head) (or out along end e) under state s's current
    switches, signals and trains, for up to `limit` movement points (a look ahead: the
    city and port rules on arrival are the caller's).

    Returns (states, kind, where): the state index after each point spent, and how the way
    ends: 0 arrives at the node cell `where`, 1 stops short (`where`: the red field, -2 - j
    for junction j's switch, or the cell of the train in the way), 2 head-on meeting at
    cell `where`, 3 still running after `limit`."""
    b = s.board
    occ, green, jconf, thead = s.occ, s.green, s.jconf, s.thead
    nnc = b.num_node_cells
    states = []
    while len(states) < limit:
        nxt, nhead, _ = step(b, green, jconf, pos, head, e)
        e = -1
        if nxt < 0:
            return states, 1, nhead
        if occ[nxt] >= 0:   # most cells are free: no call for them
            m = meeting(b, occ, thead, t, nxt, nhead)
            if m:
                return states, 2 if m == HEAD_ON else 1, nxt
        if nxt < nnc:
            states.append(2 * nxt)
            return states, 0, nxt
        states.append(2 * nxt + (nhead > 0))
        pos, head = nxt, nhead
    return states, 3, -1


def next_ways(s, t, limit=5):
    """The ways (`walk`) train t's next move may take: from a starting point along its
    only line, from a city along each green exit (the team picks one), else straight on."""
    b = s.board
    p = s.tpos[t]
    if p < b.num_node_cells:
        n = b.cell_node[p]
        if b.node_kind[n] == START:
            return [walk(s, t, p, 0, b.start_end[n], limit)]
        return [walk(s, t, p, 0, e, limit) for e in exits(b, s.green, p)]
    return [walk(s, t, p, s.thead[t], -1, limit)]


def successors(b):
    """Every way a train can spend one movement point on board b, whatever the switches,
    signals and trains: for each state (2 * cell + (heading > 0) on track, 2 * cell in a
    node's cell, which a train may leave along any line), the list of (next state, the
    signal fields crossed, the junction passed or -1, the setting it needs there or -1).
    The map the rules' distance tables and the bots' route tables are made from."""
    ncell = b.num_cells
    succ = [[] for _ in range(2 * ncell)]
    for c in range(ncell):
        if c < b.num_node_cells:
            for e in b.node_ends[b.cell_node[c]]:
                f = b.end_field[e]
                succ[2 * c].append((2 * b.end_cell[e] + (b.end_head[e] > 0),
                                    (f,) if f >= 0 else (), -1, -1))
            continue
        for h in (1, -1):
            i = 2 * c + (h > 0)
            f = b.step_field[i]
            fs = (f,) if f >= 0 else ()
            if b.step_cell[i] >= 0:
                succ[i].append((2 * b.step_cell[i] + (h > 0), fs, -1, -1))
                continue
            e = b.step_end[i]
            n = b.end_node[e]
            j = b.junction_index[n]
            if j < 0:
                succ[i].append((2 * b.node_cell[n], fs, -1, -1))
                continue
            for e2 in b.node_ends[n]:
                if e2 == e:
                    continue
                pair = tuple(sorted((b.end_local[e], b.end_local[e2])))
                f2 = b.end_field[e2]
                succ[i].append((2 * b.end_cell[e2] + (b.end_head[e2] > 0),
                                fs + ((f2,) if f2 >= 0 else ()), j,
                                b.junction_configs[j].index(pair)))
    return succ
