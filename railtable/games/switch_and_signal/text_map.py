"""Switch & Signal's network for the terminal (Rich markup).

The board drawn from its geography (boards/<id>.json: each place's longitude and
latitude, the lines between them) on a grid of characters: every place by its
three-letter code (a trade city in the colour of its goods, the port, a starting point
with its number, a junction), every line as a run of ─ │ ╱ ╲. Beside a junction, the two
branches its switch joins are drawn bold and the others dotted (·). On the lines: a train
by its number in its colour (black, brown, gray trains 1-3), a red ● for a signal disc.
Below: the trains, the switches and the signals in words.

Everything comes from the observation; the board is static data of the Game.
"""

from __future__ import annotations

from functools import cache

from rich.markup import escape

from railtable.games.switch_and_signal.movement import PORT, START, TRADE
from railtable.menu import CodeBook
from railtable.text_layout import sentence, wrap

WIDTH, HEIGHT = 76, 22
TRAIN_STYLE = {"black": "bold white on grey11", "brown": "bold white on dark_orange4",
               "gray": "bold black on grey70"}
GOODS_STYLE = {"yellow": "bold black on yellow3", "blue": "bold white on blue3",
               "red": "bold white on red3", "white": "bold black on white"}
KIND_STYLE = {"port": "bold white on dark_cyan", "start": "bold black on grey62",
              "junction": "bold"}


def _t(game, lang: str) -> dict:
    return game.i18n(lang)


def node_names(game, board, lang: str) -> list[str]:
    names = _t(game, lang)["nodes"]
    return [names.get(n, n) for n in board.node_ids]


@cache
def codes(game, board_id: str, lang: str) -> CodeBook:
    b = game.boards[board_id]
    other = "en" if lang == "ru" else "ru"
    return CodeBook.of(node_names(game, b, lang), node_names(game, b, other))


@cache
def layout(game, board_id: str) -> tuple[list[tuple[int, int]], list[list[tuple[int, int]]]]:
    """(each place's label position: the column of its first letter and the row; each
    line's cells between its two labels), from the board's geography."""
    b = game.boards[board_id]
    lons = [x for x, _ in b.node_lonlat]
    lats = [y for _, y in b.node_lonlat]
    lo0, lo1, la0, la1 = min(lons), max(lons), min(lats), max(lats)
    taken: set[tuple[int, int]] = set()
    labels = []
    for lon, lat in b.node_lonlat:
        x = 1 + round((lon - lo0) / (lo1 - lo0) * (WIDTH - 5))
        y = round((la1 - lat) / (la1 - la0) * (HEIGHT - 1))
        for dx, dy in ((0, 0), (1, 0), (-1, 0), (2, 0), (-2, 0), (0, 1), (0, -1), (3, 0),
                       (-3, 0), (1, 1), (-1, 1), (1, -1), (-1, -1), (0, 2), (0, -2)):
            cells = {(x + dx + i, y + dy) for i in range(-1, 4)}
            if not cells & taken and 0 <= y + dy < HEIGHT:
                x, y = x + dx, y + dy
                break
        taken |= {(x + i, y) for i in range(3)}
        labels.append((x, y))
    paths = []
    for li in range(len(b.line_a)):
        (xa, ya), (xb, yb) = labels[b.line_a[li]], labels[b.line_b[li]]
        pts = _segment(xa + 1, ya, xb + 1, yb)
        paths.append([p for p in pts if p not in taken])
    return labels, paths


def _segment(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The cells of a straight line (Bresenham), from (x0, y0) to (x1, y1)."""
    out = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        out.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def _glyph(path: list[tuple[int, int]], i: int) -> str:
    """The line character at path[i], from the direction to its neighbours."""
    a = path[max(0, i - 1)]
    b = path[min(len(path) - 1, i + 1)]
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dy == 0:
        return "─"
    if dx == 0:
        return "│"
    if abs(dx) > 2 * abs(dy):
        return "─"
    return "╲" if dx * dy > 0 else "╱"


def _at(path: list, fraction: float) -> tuple[int, int] | None:
    if not path:
        return None
    return path[min(len(path) - 1, max(0, round(fraction * (len(path) - 1))))]


def render_map(game, obs: dict, lang: str, names=None) -> list[str]:
    """The network, then its legend (the view names no player on it: `names` unused)."""
    t = _t(game, lang)
    tt = t["terminal"]
    b = game.boards[obs["board"]]
    cb = codes(game, obs["board"], lang)
    labels, paths = layout(game, obs["board"])
    grid: dict[tuple[int, int], str] = {}
    nodes = {n: i for i, n in enumerate(b.node_ids)}
    switches = {nodes[j]: {nodes[x] for x in pair} for j, pair in obs["switches"].items()}
    for li, path in enumerate(paths):
        a, z = b.line_a[li], b.line_b[li]
        for i, cell in enumerate(path):
            ch, style = _glyph(path, i), "grey62"
            for end, far, near in ((a, z, i == 0), (z, a, i == len(path) - 1)):
                if near and end in switches:
                    if far in switches[end]:
                        style = "bold white"
                    else:
                        ch, style = "·", "grey42"
            grid[cell] = f"[{style}]{ch}[/]"
    for f in obs["signals"]:  # a signal disc near its end of the line
        li = b.field_line[f]
        L = b.line_len[li]
        frac = min(0.85, max(0.15, b.field_bound[f] / L))
        cell = _at(paths[li], frac)
        if cell is not None:
            grid[cell] = "[bold red]●[/]"
    for tr in obs["trains"]:
        if tr["where"] != "track":
            continue
        li = tr["line"]
        cell = _at(paths[li], (tr["section"] + 0.5) / b.line_len[li])
        if cell is not None:
            grid[cell] = f"[{TRAIN_STYLE[tr['colour']]}]{tr['id'] % 3 + 1}[/]"
    at_node: dict[str, list[dict]] = {}
    for tr in obs["trains"]:
        if tr["where"] in ("city", "start"):
            at_node.setdefault(tr["node"], []).append(tr)
    goods = obs.get("goods", {})
    for i, (x, y) in enumerate(labels):
        nid = b.node_ids[i]
        style = _node_style(b, i, goods)
        text = cb.shown[i]
        if nid in at_node:  # a train standing in the city: its colour on the code
            style = TRAIN_STYLE[at_node[nid][0]["colour"]]
        grid[(x, y)] = f"[{style}]{escape(text[0])}"
        grid[(x + 1, y)] = escape(text[1])
        grid[(x + 2, y)] = f"{escape(text[2])}[/]"
    lines = [f"[bold]{tt['map_title']}[/bold]"]
    for y in range(HEIGHT):
        row = "".join(grid.get((x, y), " ") for x in range(WIDTH + 2))
        lines.append(row.rstrip())
    return lines + legend(game, obs, lang)


def _node_style(b, i: int, goods: dict) -> str:
    """A trade city in its goods' colour, the port, a starting point, a junction."""
    k = b.node_kind[i]
    if k == TRADE:
        return GOODS_STYLE.get(goods.get(b.node_ids[i], {}).get("colour"), "bold")
    return KIND_STYLE["port" if k == PORT else "start" if k == START else "junction"]


def legend(game, obs: dict, lang: str) -> list[str]:
    """The places' codes, then the trains, switches and signals in words."""
    t = _t(game, lang)
    tt = t["terminal"]
    b = game.boards[obs["board"]]
    cb = codes(game, obs["board"], lang)
    names = node_names(game, b, lang)
    nodes = {n: i for i, n in enumerate(b.node_ids)}
    out = sentence(tt["legend"], style="dim")
    places = []
    for i, nid in enumerate(b.node_ids):
        extra = ""
        if i in b.start_number:
            extra = f" ({b.start_number[i]})"
        places.append(f"[{_node_style(b, i, obs.get('goods', {}))}]{cb.shown[i]}[/] "
                      f"{escape(names[i])}{extra}")
    out += wrap(f"{tt['places']} ", places)
    trains = []
    for tr in obs["trains"]:
        where = tr["where"]
        if where == "depot":
            continue
        if where == "track":
            li = tr["line"]
            pos = (f"{cb.shown[b.line_a[li]]}-{cb.shown[b.line_b[li]]} "
                   f"{tr['section'] + 1}/{b.line_len[li]} → {cb.shown[nodes[tr['toward']]]}")
        else:
            pos = cb.shown[nodes[tr["node"]]]
        good = f" +{t['goods'][tr['good']]}" if tr.get("good") else ""
        trains.append(f"[{TRAIN_STYLE[tr['colour']]}]{tr['id'] % 3 + 1}[/] "
                      f"{t['train_colours'][tr['colour']]} {pos}{good}")
    depot = sum(1 for tr in obs["trains"] if tr["where"] == "depot")
    trains.append(tt["depot"].format(n=depot))
    out += wrap(f"{tt['trains']} ", trains)
    out += wrap(f"{tt['switches']} ", [
        f"{cb.shown[nodes[j]]}: {cb.shown[nodes[p[0]]]}↔{cb.shown[nodes[p[1]]]}"
        for j, p in obs["switches"].items()])
    sig = []
    for f in obs["signals"]:
        li = b.field_line[f]
        c = b.field_city[f]
        a, z = b.line_a[li], b.line_b[li]
        if c >= 0:
            sig.append(f"{cb.shown[c]}→{cb.shown[z if a == c else a]}")
        else:
            sig.append(f"{cb.shown[a]}-{cb.shown[z]}")
    out += wrap(f"[bold red]●[/] {tt['signals']} ", sig)
    return out
