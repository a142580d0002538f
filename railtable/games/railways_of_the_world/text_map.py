"""Railways of the World's hex map for the terminal (Rich markup).

Pointy-topped hexes in axial coordinates (data: maps/<id>.json through the Game's
MapData): a hex row is a line of text, a hex four columns wide (three of content and a
gap), each row shifted by half a hex, as on the board. A city is its three-letter code in
its goods colour (gray: no goods of its own); track is drawn in its owner's colour, its
owner's seat number in the middle and the edges it leaves by on either side ("╲1─": in
from the north-west, out to the east); water is ≈≈≈, mountains ^^^, plain land a dot.
While a player builds, the head of the track is ◆ and the six hexes around it carry the
numbers of the build steps (1 east ... 6 south-east, as text_menu.py numbers them). Below
the map, each city's code, name and goods cubes.

Everything shown comes from the observation: the map is static data of the Game.
"""

from __future__ import annotations

from functools import cache

from rich.markup import escape

from railtable.language import seat_name
from railtable.menu import CodeBook
from railtable.text_layout import columns, pad, sentence, wrap

# The six directions of rules.DIRS (e, ne, nw, w, sw, se) in axial steps.
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# Rich styles: the goods colours, and the seats (the view.js colours: orange, green, blue,
# purple, red, teal)
GOODS_STYLE = {"red": "bold white on red3", "yellow": "bold black on yellow3",
               "blue": "bold white on blue3", "black": "bold white on grey15",
               "purple": "bold white on purple4", "gray": "bold black on grey70"}
CUBE_STYLE = {"red": "red3", "yellow": "yellow3", "blue": "blue", "black": "grey50",
              "purple": "magenta", "gray": "grey70"}
SEAT_STYLE = ("bold black on dark_orange", "bold white on green4", "bold white on blue",
              "bold white on purple4", "bold white on red3", "bold black on dark_cyan")
TERRAIN = {"plain": "[grey50] ·[/]", "water": "[blue]≈≈≈[/]", "mountain": "[yellow4]^^^[/]"}
# the character of a track's edge on the hex's west (w, nw, sw) and east (e, ne, se) side
WEST = {3: "─", 2: "╲", 4: "╱"}
EAST = {0: "─", 1: "╱", 5: "╲"}


def _t(game, lang: str) -> dict:
    return game.i18n(lang)


def city_names(game, mp, lang: str) -> list[str]:
    names = _t(game, lang)["cities"]
    return [names[k] for k in mp.city_key]


@cache
def codes(game, map_id: str, lang: str) -> CodeBook:
    """The map's cities' codes in `lang`, the other language's as aliases."""
    mp = game.maps[map_id]
    other = "en" if lang == "ru" else "ru"
    return CodeBook.of(city_names(game, mp, lang), city_names(game, mp, other))


def seat_style(p: int) -> str:
    return SEAT_STYLE[p % len(SEAT_STYLE)]


def _tracks(obs: dict) -> dict[tuple[int, int], list[tuple[int, int, int, bool]]]:
    """(q, r) -> [(owner, edge in, edge out, finished)] of every piece of track."""
    out: dict = {}
    for ln in obs["links"]:
        for q, r, ein, eout in ln["track"]:
            out.setdefault((q, r), []).append((ln["owner"], ein, eout, True))
    for un in obs["unfinished"]:
        for q, r, ein, eout in un["track"]:
            out.setdefault((q, r), []).append((un["owner"], ein, eout, False))
    if "building" in obs and obs["current_player"] is not None:
        for q, r, ein, eout in obs["building"]["track"]:
            out.setdefault((q, r), []).append((obs["current_player"], ein, eout, False))
    return out


def _track_cell(pieces: list[tuple[int, int, int, bool]]) -> str:
    edges = {e for _, ein, eout, _ in pieces for e in (ein, eout) if e is not None and e >= 0}
    west = next((WEST[e] for e in (3, 2, 4) if e in edges), " ")
    east = next((EAST[e] for e in (0, 1, 5) if e in edges), " ")
    owners = {o for o, *_ in pieces}
    owner = pieces[0][0]
    mid = str(owner + 1) if len(owners) == 1 else "*"
    style = seat_style(owner) if all(done for *_, done in pieces) else \
        seat_style(owner).replace("bold ", "") + " underline"
    return f"[{style}]{west}{mid}{east}[/]"


def head_hex(obs: dict) -> tuple[int, int] | None:
    """The hex a build in progress goes on from: the city it starts in, then the hex of
    its last tile."""
    b = obs.get("building")
    if not b:
        return None
    if not b["track"]:
        return tuple(obs["cities"][b["start"]]["hex"])
    q, r, _, _ = b["track"][-1]
    return (q, r)


def render_map(game, obs: dict, lang: str, names=None) -> list[str]:
    t = _t(game, lang)
    tt = t["terminal"]
    mp = game.maps[obs["map"]]
    cb = codes(game, obs["map"], lang)
    terrain = {qr: ("plain", "water", "mountain")[mp.terrain[i]]
               for i, qr in enumerate(mp.hex_qr)}
    city_at = {tuple(c["hex"]): c for c in obs["cities"]}
    tracks = _tracks(obs)
    head = head_hex(obs)
    steps = {}
    if head is not None:
        for d, (dq, dr) in enumerate(DIRS):
            steps[(head[0] + dq, head[1] + dr)] = d + 1
    xs = [2 * q + r for q, r in mp.hex_qr]
    x0 = min(xs)
    rows: dict[int, list[tuple[int, str, int]]] = {}
    for (q, r) in mp.hex_qr:
        c = city_at.get((q, r))
        if (q, r) == head:
            cell = f"[bold reverse]{cb.shown[c['id']] if c is not None else ' ◆ '}[/]"
        elif (q, r) in steps and c is None and (q, r) not in tracks:
            cell = f"[bold reverse] {steps[(q, r)]} [/]"
        elif c is not None:
            style = GOODS_STYLE[c["colour"]]
            if c["empty"] or not any(c["cubes"]):
                style = style.replace("bold ", "dim ")
            cell = f"[{style}]{cb.shown[c['id']]}[/]"
            if (q, r) in steps:
                cell = f"[bold reverse]{cb.shown[c['id']]}[/]"
        elif (q, r) in tracks:
            cell = _track_cell(tracks[(q, r)])
        else:
            cell = TERRAIN[terrain[(q, r)]]
        # a plain hex is " ·", two cells wide, so that no row runs past 80 columns
        rows.setdefault(r, []).append((2 * (2 * q + r - x0), cell,
                                       2 if cell == TERRAIN["plain"] else 3))
    lines = [f"[bold]{escape(mp.title.get(lang) or mp.title['en'])}[/bold] — {tt['map_title']}"]
    for r in range(min(rows), max(rows) + 1):
        line, at = "", 0
        for col, cell, w in sorted(rows.get(r, [])):
            line += " " * (col - at) + cell
            at = col + w
        lines.append(line.rstrip())
    legend = [f"[{seat_style(p)}] {p + 1} [/] {escape(seat_name(p, lang, names))}"
              for p in range(len(obs["players"]))]
    lines += wrap(f"{tt['owners']} ", legend)
    lines += sentence(tt["legend"], style="dim")
    if head is not None:
        lines += sentence(tt["steps_legend"], style="dim")
    lines += city_table(game, obs, lang)
    return lines


def cubes_text(c: dict) -> str:
    colours = ("red", "yellow", "blue", "black", "purple")
    text = "".join(f"[{CUBE_STYLE[colours[k]]}]■[/]" * n for k, n in enumerate(c["cubes"]))
    return text or "[dim]∅[/dim]"


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[:n - 1] + "…"


def city_table(game, obs: dict, lang: str) -> list[str]:
    """Each city's code (in its colour), name and cubes, north to south."""
    mp = game.maps[obs["map"]]
    cb = codes(game, obs["map"], lang)
    names = city_names(game, mp, lang)
    order = sorted(obs["cities"], key=lambda c: (c["hex"][1], c["hex"][0]))
    cells = [f"[{GOODS_STYLE[c['colour']]}]{cb.shown[c['id']]}[/] "
             f"{pad(escape(_short(names[c['id']], 13)), 13)} {cubes_text(c)}" for c in order]
    return columns(cells, 78)
