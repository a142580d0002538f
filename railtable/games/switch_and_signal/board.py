"""A board side of Switch & Signal: the network's precomputed tables (read-only, shared by
every game on that side), and every way a train can spend one movement point on it.

The board model is the project's own (rules.py's docstring, docs/games/switch_and_signal.md):
nodes (trade cities, ports, starting points, junctions) joined by lines of track cells.
"""

from __future__ import annotations

import heapq
from itertools import combinations
from typing import Final

from railtable.engine import static_part

# node kinds (Board.node_kind, Board.cell_kind)
TRADE: Final = 0
PORT: Final = 1
START: Final = 2
JUNC: Final = 3
_KIND: Final = {"trade_city": TRADE, "port": PORT, "start": START, "junction": JUNC}


class Board:
    """Precomputed, shared tables of one board side (read-only)."""

    def __reduce__(self) -> tuple:
        return (static_part, ("switch_and_signal", "boards", self.id))  # by name

    def __init__(self, data: dict) -> None:
        self.id = data["id"]
        nodes = data["nodes"]
        self.node_ids = [n["id"] for n in nodes]
        self.node_index = {nid: i for i, nid in enumerate(self.node_ids)}
        self.node_kind = [_KIND[n["kind"]] for n in nodes]
        self.node_lonlat = [(n["lon"], n["lat"]) for n in nodes]
        colours = ("yellow", "blue", "red", "white")
        self.node_goods = [colours.index(n["goods"]) if "goods" in n else -1 for n in nodes]
        self.trade_of_colour = [-1] * 4
        for i, g in enumerate(self.node_goods):
            if g >= 0:
                self.trade_of_colour[g] = i
        self.ports = [i for i, k in enumerate(self.node_kind) if k == PORT]
        self.port_index = [-1] * len(nodes)
        for pi, n in enumerate(self.ports):
            self.port_index[n] = pi
        self.cities = [i for i, k in enumerate(self.node_kind) if k in (TRADE, PORT)]
        self.starts = sorted((i for i, k in enumerate(self.node_kind) if k == START),
                             key=lambda i: nodes[i]["number"])
        self.start_number = {i: nodes[i]["number"] for i in self.starts}
        self.junctions = [i for i, k in enumerate(self.node_kind) if k == JUNC]
        self.junction_index = [-1] * len(nodes)
        for ji, n in enumerate(self.junctions):
            self.junction_index[n] = ji
        # cells: one per city/port/start, then the track sections of each line
        self.node_cell = [-1] * len(nodes)
        ncell = 0
        for i, k in enumerate(self.node_kind):
            if k != JUNC:
                self.node_cell[i] = ncell
                ncell += 1
        self.num_node_cells = ncell
        self.cell_node = [i for i, k in enumerate(self.node_kind) if k != JUNC]
        lines = data["lines"]
        self.line_a = [self.node_index[ln["a"]] for ln in lines]
        self.line_b = [self.node_index[ln["b"]] for ln in lines]
        self.line_len = [ln["length"] for ln in lines]
        self.line_cells = []
        self.cell_line, self.cell_idx = [-1] * ncell, [-1] * ncell
        for li, L in enumerate(self.line_len):
            cells = list(range(ncell, ncell + L))
            ncell += L
            self.line_cells.append(cells)
            self.cell_line += [li] * L
            self.cell_idx += list(range(L))
        self.num_cells = ncell
        self.cell_node += [-1] * (ncell - self.num_node_cells)
        self.cell_kind = [self.node_kind[self.cell_node[c]] if c < self.num_node_cells else -1
                          for c in range(ncell)]
        nl = len(lines)
        # line ends: e = 2*line + side (side 0 at a, 1 at b)
        self.end_node = [0] * (2 * nl)
        self.end_far_node = [0] * (2 * nl)
        self.end_cell = [0] * (2 * nl)     # first cell entered when leaving the node via e
        self.end_head = [0] * (2 * nl)     # heading of a train entering the line via e
        self.node_ends: list[list[int]] = [[] for _ in nodes]
        for li in range(nl):
            for side in (0, 1):
                e = 2 * li + side
                n = self.line_a[li] if side == 0 else self.line_b[li]
                self.end_node[e] = n
                self.end_far_node[e] = self.line_b[li] if side == 0 else self.line_a[li]
                self.end_cell[e] = self.line_cells[li][0 if side == 0 else -1]
                self.end_head[e] = 1 if side == 0 else -1
                self.node_ends[n].append(e)
        self.line_between = {}
        for li in range(nl):
            a, b = self.line_a[li], self.line_b[li]
            self.line_between[(a, b)] = self.line_between[(b, a)] = li
        # signal fields: at every city end, plus the board's track fields
        self.field_line: list[int] = []
        self.field_bound: list[int] = []
        self.field_city: list[int] = []
        self.sig_at = [[-1] * (L + 1) for L in self.line_len]

        def add_field(li, bound, city):
            f = len(self.field_line)
            self.field_line.append(li)
            self.field_bound.append(bound)
            self.field_city.append(city)
            self.sig_at[li][bound] = f
            return f

        self.city_fields: dict[int, list[int]] = {}
        for c in self.cities:
            self.city_fields[c] = []
            for e in self.node_ends[c]:
                li = e >> 1
                self.city_fields[c].append(add_field(li, 0 if e & 1 == 0 else self.line_len[li], c))
        self.track_fields = []
        for name_a, name_b, bound in data["track_signals"]:  # (a and b are numbers above)
            li = self.line_between[(self.node_index[name_a], self.node_index[name_b])]
            if self.line_a[li] != self.node_index[name_a]:
                bound = self.line_len[li] - bound
            assert self.sig_at[li][bound] < 0, (
                f"two signal fields at one place: {name_a}-{name_b}")
            self.track_fields.append(add_field(li, bound, -1))
        self.num_fields = len(self.field_line)
        self.end_field = [self.sig_at[e >> 1][0 if e & 1 == 0 else self.line_len[e >> 1]]
                          for e in range(2 * nl)]
        # stepping inside a line: for cell c and heading h (index 2c + (h>0))
        self.step_cell = [-1] * (2 * ncell)
        self.step_field = [-1] * (2 * ncell)
        self.step_end = [-1] * (2 * ncell)
        for c in range(self.num_node_cells, ncell):
            li, k, L = self.cell_line[c], self.cell_idx[c], self.line_len[self.cell_line[c]]
            for h in (1, -1):
                i = 2 * c + (h > 0)
                nk = k + h
                self.step_field[i] = self.sig_at[li][k + 1 if h > 0 else k]
                if 0 <= nk < L:
                    self.step_cell[i] = self.line_cells[li][nk]
                else:
                    self.step_end[i] = 2 * li + (1 if h > 0 else 0)
        # junction settings: the pairs of open branches (local indices into node_ends)
        self.junction_configs = []
        self.junction_other = []   # [j][config][local] -> other end or -1
        self.end_local = [0] * (2 * nl)
        for n in self.junctions:
            ends = self.node_ends[n]
            for i, e in enumerate(ends):
                self.end_local[e] = i
            cfgs: list[tuple[int, ...]] = list(combinations(range(len(ends)), 2))
            self.junction_configs.append(cfgs)
            table = []
            for p, q in cfgs:
                row = [-1] * len(ends)
                row[p], row[q] = ends[q], ends[p]
                table.append(tuple(row))
            self.junction_other.append(table)
        self.start_end = {s: self.node_ends[s][0] for s in self.starts}
        # first-game layout
        fg = data["first_game"]
        self.first_switches = []
        for n in self.junctions:
            name_a, name_b = fg["switches"][self.node_ids[n]]
            ea = self.line_between[(n, self.node_index[name_a])]
            eb = self.line_between[(n, self.node_index[name_b])]
            la = [i for i, e in enumerate(self.node_ends[n]) if e >> 1 == ea][0]
            lb = [i for i, e in enumerate(self.node_ends[n]) if e >> 1 == eb][0]
            self.first_switches.append(
                self.junction_configs[self.junction_index[n]].index(tuple(sorted((la, lb)))))
        self.first_signals = []
        for city, toward in fg["city_signals"].items():
            ci = self.node_index[city]
            li = self.line_between[(ci, self.node_index[toward])]
            self.first_signals.append(self.sig_at[li][0 if self.line_a[li] == ci
                                                      else self.line_len[li]])
        for name_a, name_b in fg["track_signals"]:
            li = self.line_between[(self.node_index[name_a], self.node_index[name_b])]
            self.first_signals.append([f for f in self.track_fields if self.field_line[f] == li][0])
        self.switch_discs = sum(1 if len(self.node_ends[n]) == 3 else 2 for n in self.junctions)
        # the static map as JSON, for views (shared, never mutated)
        kinds = ("trade_city", "port", "start", "junction")
        self.map_json = {
            "nodes": [dict({"id": self.node_ids[i], "kind": kinds[self.node_kind[i]],
                            "lon": self.node_lonlat[i][0], "lat": self.node_lonlat[i][1]},
                           **({"goods": colours[self.node_goods[i]]}
                              if self.node_goods[i] >= 0 else {}))
                      for i in range(len(nodes))],
            "lines": [{"a": self.node_ids[self.line_a[li]], "b": self.node_ids[self.line_b[li]],
                       "length": self.line_len[li]} for li in range(nl)],
            "fields": [{"line": self.field_line[f], "at": self.field_bound[f],
                        "city": self.node_ids[self.field_city[f]] if self.field_city[f] >= 0
                        else None} for f in range(self.num_fields)],
        }
        # static distances (in movement points, ignoring switches, signals and trains) from
        # every directed position to every node cell: used by the bot's evaluation.
        self._static_distances()

    def _static_distances(self) -> None:
        """dist_to[node][state]: movement points from a state to reach `node` (bot aid).

        A state is 2*cell + (heading > 0) for track cells, or 2*cell for a node cell (a
        train standing there may leave along any line).
        """
        ncell = self.num_cells
        INF = 99
        # reverse search over states from the target node cell
        succ = successors(self)
        pred: list[list[int]] = [[] for _ in range(2 * ncell)]
        for s, lst in enumerate(succ):
            for t, *_ in lst:
                pred[t].append(s)
        self.dist_to = {}
        for n in range(len(self.node_ids)):
            if self.node_kind[n] == JUNC:
                continue
            d = [INF] * (2 * ncell)
            tgt = 2 * self.node_cell[n]
            d[tgt] = 0
            heap = [(0, tgt)]
            while heap:
                dd, s = heapq.heappop(heap)
                if dd > d[s]:
                    continue
                if s != tgt and s >> 1 < self.num_node_cells and \
                        self.node_kind[self.cell_node[s >> 1]] == START:
                    continue  # a starting point swallows trains: no path runs through it
                for p in pred[s]:
                    nd = dd + 1
                    if nd < d[p]:
                        d[p] = nd
                        heapq.heappush(heap, (nd, p))
            self.dist_to[n] = d


def successors(b: Board) -> list[list[tuple[int, tuple[int, ...], int, int]]]:
    """Every way a train can spend one movement point on board b, whatever the switches,
    signals and trains: for each state (2 * cell + (heading > 0) on track, 2 * cell in a
    node's cell, which a train may leave along any line), the list of (next state, the
    signal fields crossed, the junction passed or -1, the setting it needs there or -1).
    The map the rules' distance tables and the bots' route tables are made from."""
    ncell = b.num_cells
    succ: list[list[tuple[int, tuple[int, ...], int, int]]] = [[] for _ in range(2 * ncell)]
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
