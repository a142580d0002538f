"""How a train runs (rulebook: ПРАВИЛА ДВИЖЕНИЯ), in one place.

The rules move trains with these functions and the bots trace a train's way ahead with the
same ones, so the bots never carry a movement rule of their own. They read a Board's tables
(board.py) and a state's switches, signals and trains; they change nothing. Typed, and
compiled with the rules in the compiled build (setup.py): every move runs them.
"""

from __future__ import annotations

from typing import Any, Final, Optional

from .board import JUNC, PORT, START, TRADE, Board  # noqa: F401 - node kinds re-exported

# what a train meets entering an occupied cell (`meeting`)
OCCUPIED: Final = 1
HEAD_ON: Final = 2
BEHIND: Final = 3


def meeting(b: Board, occ: list[int], thead: list[int], t: int, cell: int, heading: int) -> int:
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


# how a run ends (`run`; the kinds `walk` reports)
ARRIVED: Final = 0
STOPPED: Final = 1
MET: Final = 2
RUNNING: Final = 3
# why a run stopped short, besides OCCUPIED and BEHIND (`meeting`)
RED: Final = 4
SWITCH: Final = 5


def run(b: Board, occ: Optional[list[int]], green: list[bool], jconf: list[int],
        thead: Optional[list[int]], t: int, pos: int, head: int, e: int, points: int,
        states: Optional[list[int]] = None, crossed: Optional[list[int]] = None
        ) -> tuple[int, int, int, int, int, int]:
    """Move train t on from track cell `pos` with heading `head` (or out of its node along
    line end e >= 0) for up to `points` movement points, under the switch settings `jconf`,
    the signals `green` and the trains `occ` (cell -> train; None: trains are not looked
    at, and `thead` may be None too) heading `thead`. Junctions and signal fields cost
    nothing, each cell one point.

    Returns (pos, head, left, kind, where, why): the cell the train got to, its heading
    there, the points left unspent, and how the run ended:
    - ARRIVED in the node cell pos (0 heading); where: the line end it came in by;
    - STOPPED short; why RED (where: the red field), SWITCH (where: -2 - j, junction j's
      discs close the way: ПРАВИЛА ДВИЖЕНИЯ п. 6), OCCUPIED or BEHIND (where: the cell of
      the train in the way, see `meeting`);
    - MET a train head-on at cell where (why HEAD_ON);
    - RUNNING: every point spent on the track (where -1).
    `states` (a list), when given, collects the state index (2 * cell + (heading > 0), a
    node cell 2 * cell) after each point spent; `crossed` the signal fields passed (the red
    one that stops the train included) and each junction reached as -2 - j, in order.
    """
    nnc = b.num_node_cells
    while points > 0:
        if e >= 0:
            f = b.end_field[e]
            if f >= 0:
                if crossed is not None:
                    crossed.append(f)
                if not green[f]:
                    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 7 (a red signal stops the train)
                    return pos, head, points, STOPPED, f, RED
            nxt, nhead = b.end_cell[e], b.end_head[e]
            e = -1
        else:
            i = 2 * pos + (head > 0)
            f = b.step_field[i]
            if f >= 0:
                if crossed is not None:
                    crossed.append(f)
                if not green[f]:
                    return pos, head, points, STOPPED, f, RED
            nxt, nhead = b.step_cell[i], head
            if nxt < 0:
                end = b.step_end[i]
                n = b.end_node[end]
                j = b.junction_index[n]
                if j < 0:
                    # the line ends at a city, port or starting point: the train enters it
                    nxt, nhead, e = b.node_cell[n], 0, end
                else:
                    if crossed is not None:
                        crossed.append(-2 - j)
                    e2 = b.junction_other[j][jconf[j]][b.end_local[end]]
                    if e2 < 0:
                        return pos, head, points, STOPPED, -2 - j, SWITCH
                    f = b.end_field[e2]
                    if f >= 0:
                        if crossed is not None:
                            crossed.append(f)
                        if not green[f]:
                            return pos, head, points, STOPPED, f, RED
                    nxt, nhead = b.end_cell[e2], b.end_head[e2]
        if occ is not None and occ[nxt] >= 0:
            assert thead is not None  # trains looked at: their headings are given too
            m = meeting(b, occ, thead, t, nxt, nhead)
            if m:
                return pos, head, points, MET if m == HEAD_ON else STOPPED, nxt, m
        points -= 1
        pos, head = nxt, nhead
        if pos < nnc:
            if states is not None:
                states.append(2 * pos)
            return pos, 0, points, ARRIVED, e, 0
        if states is not None:
            states.append(2 * pos + (head > 0))
    return pos, head, 0, RUNNING, -1, 0


def exits(b: Board, green: list[bool], cell: int, arrival: int = -1) -> list[int]:
    """The line ends a train in the city (or port) at `cell` may leave by: those with a
    green signal, other than `arrival`, the one it came in by (ПРАВИЛА ДВИЖЕНИЯ п. 9)."""
    return [e for e in b.node_ends[b.cell_node[cell]] if e != arrival and green[b.end_field[e]]]


def walk(s: Any, t: int, pos: int, head: int, e: int,
         limit: int = 5) -> tuple[list[int], int, int]:
    """Follow train t's way from (pos, head) (or out along end e) under state s's current
    switches, signals and trains, for up to `limit` movement points (a look ahead: the
    city and port rules on arrival are the caller's).

    Returns (states, kind, where): the state index after each point spent, and how the way
    ends: 0 arrives at the node cell `where`, 1 stops short (`where`: the red field, -2 - j
    for junction j's switch, or the cell of the train in the way), 2 head-on meeting at
    cell `where`, 3 still running after `limit`."""
    states: list[int] = []
    pos, _, _, kind, where, _ = run(s.board, s.occ, s.green, s.jconf, s.thead, t, pos, head, e,
                                    limit, states)
    return states, kind, pos if kind == ARRIVED else where


def next_ways(s: Any, t: int, limit: int = 5) -> list[tuple[list[int], int, int]]:
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
