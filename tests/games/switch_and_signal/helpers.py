"""Hand-built positions for Switch & Signal rule tests."""

from __future__ import annotations

import random

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal import GAME
from railtable.games.switch_and_signal.rules import PH_ACTIONS

ALL_HELPERS = 0b111


def blank(options=None, players=2, seed=0, helpers_used=True):
    """A state in the action phase of turn 2 with no train on the network, every hand
    [3, 3, 3] and (by default) every helper already used."""
    s = GAME.new_state(players, seed, options)
    for t in range(9):
        if s.tpos[t] >= 0:
            s.occ[s.tpos[t]] = -1
            s.tpos[t] = -1
            s.thead[t] = 0
    per = 3 if s.opts.ten_goods else 2
    s.goods = [per] * 4
    s.tgood = [-1] * 9
    s.phase = PH_ACTIONS
    s.active = 0
    s.turn = 2
    s.card = 0
    s.hands = [[3, 3, 3] for _ in range(players)]
    s.helpers = ALL_HELPERS if helpers_used else 0
    s.tokens = s.clock_max
    s._legal = None
    return s


def node(s, name):
    return s.board.node_index[name]


def cell_of(s, name):
    return s.board.node_cell[node(s, name)]


def line(s, a, b):
    bd = s.board
    return bd.line_between[(node(s, a), node(s, b))]


def section(s, a, b, k):
    """The cell of section k of the line a-b counted from a, and the heading toward b."""
    bd = s.board
    li = line(s, a, b)
    if bd.line_a[li] == node(s, a):
        return bd.line_cells[li][k], 1
    return bd.line_cells[li][bd.line_len[li] - 1 - k], -1


def put(s, t, where, good=None, toward=None, k=0):
    """Put train t in a city/starting point (where="paris") or on a line
    (where=("brest", "rennes"), section k from the first name, heading to `toward`
    (default: the second name))."""
    bd = s.board
    if isinstance(where, str):
        c = cell_of(s, where)
        head = 0
        n = node(s, where)
        if n in bd.start_end:
            head = bd.end_head[bd.start_end[n]]
    else:
        a, b = where
        c, head = section(s, a, b, k)
        if toward == a:
            head = -head
    assert s.occ[c] < 0
    # through own_<name>(): s may share its lists with a clone (railtable.engine.fields)
    s.own_tpos()[t], s.own_thead()[t], s.own_occ()[c] = c, head, t
    if good is not None:
        g = ("yellow", "blue", "red", "white").index(good)
        s.own_goods()[g] -= 1
        s.own_tgood()[t] = g
    s._legal = None


def where(s, t):
    """("depot",) / ("node", name) / ("line", a, b, section-from-a, toward)."""
    bd = s.board
    p = s.tpos[t]
    if p < 0:
        return ("depot",)
    if p < bd.num_node_cells:
        return ("node", bd.node_ids[bd.cell_node[p]])
    li = bd.cell_line[p]
    a, b = bd.node_ids[bd.line_a[li]], bd.node_ids[bd.line_b[li]]
    return ("line", a, b, bd.cell_idx[p], b if s.thead[t] > 0 else a)


def field_between(s, city, toward):
    """The signal field at `city`'s end of the line toward `toward`."""
    bd = s.board
    li = line(s, city, toward)
    c = node(s, city)
    return bd.sig_at[li][0 if bd.line_a[li] == c else bd.line_len[li]]


def track_field(s, a, b):
    bd = s.board
    li = line(s, a, b)
    return [f for f in bd.track_fields if bd.field_line[f] == li][0]


def set_green(s, f, on=True):
    if s.green[f] != on:
        s._set_signal(f, on)
    s._legal = None


def set_switch(s, junction, a, b):
    """Open the junction between the branches toward a and b."""
    bd = s.board
    n = node(s, junction)
    j = bd.junction_index[n]
    ends = bd.node_ends[n]
    la = [i for i, e in enumerate(ends) if bd.end_far_node[e] == node(s, a)][0]
    lb = [i for i, e in enumerate(ends) if bd.end_far_node[e] == node(s, b)][0]
    s.own_jconf()[j] = bd.junction_configs[j].index(tuple(sorted((la, lb))))
    s._legal = None


def seed_for_roll(s, colour, value):
    """A generator seed whose next random step rolls `value` on the die of `colour`."""
    faces = s.game.dice[colour]
    for k in range(10_000):
        r = random.Random(k)
        if faces[int(r.random() * 6)] == value:
            return k
    raise AssertionError("no seed")


def rig(s, colour, value):
    s.set_seed(seed_for_roll(s, colour, value))


def move_card(s, t, roll):
    """Play a move-train card on train t with the die showing `roll`."""
    rig(s, t // 3, roll)
    s.apply(A.PLAY + 2 * 7)
    if A.TRAIN + t in s.legal_actions() and s.phase != PH_ACTIONS:
        s.apply(A.TRAIN + t)


def snapshot(s):
    keys = [k for k in type(s).FIELDS if k != "_legal"]
    out = {}
    for k in keys + ["_seed"]:
        v = getattr(s, k)
        if isinstance(v, list):
            v = [x[:] if isinstance(x, list) else x for x in v]
        out[k] = v
    return out


def on(s, t, a, b, k, toward=None):
    """Is train t on section k (counted from a) of line a-b, heading to `toward` (default b)?"""
    c, head = section(s, a, b, k)
    if toward == a:
        head = -head
    return s.tpos[t] == c and s.thead[t] == head


def seed_for_deploy(number):
    """A seed whose next random step rolls `number` on the two deployment dice."""
    for k in range(10_000):
        r = random.Random(k)
        if int(r.random() * 6) + int(r.random() * 6) + 2 == number:
            return k
    raise AssertionError("no seed")


def top_card(s, card):
    """Make `card` the next departure card."""
    pile = s.own_pile()
    if card in pile:
        pile.remove(card)
    pile.append(card)
