"""Steamland's hex map for the terminal (Rich markup).

The land is a hexagon of radius 6 in axial coordinates (data.json's grid, through the
Game), drawn as far as it is explored and the fog around it: each hex row takes two lines
of text, each hex four columns (three of content and
a gap), each row shifted by half a hex. The upper line says what the tile is: a city by
its number (the number a task's die names), the market, the tavern, a creature's lair,
the Old Boiler House, or the terrain (≈ water, ~ swamp, : sand, ^ cooled lava, · stone);
░ is the fog at the edge of what is explored. The lower line says who and what is there:
the players by seat number, a creature by its kind (c, or D for a Steam Dragon) and its
fighting strength at the game's level, $ money and * items left on the tile.
Below: the creatures on the map by name, and the cities' numbers and names.
"""

from __future__ import annotations

from rich.markup import escape

from railtable.language import seat_name
from railtable.text_layout import sentence, wrap

LEVELS = ("apprentice", "master", "professor", "genius")
TERRAIN = {"stone": "[grey62] · [/]", "lava": "[red3]^^^[/]", "sand": "[yellow3]:::[/]",
           "swamp": "[green4]~~~[/]", "water": "[blue]≈≈≈[/]"}
SEAT_STYLE = ("bold white on blue", "bold white on red3", "bold black on green3",
              "bold black on yellow3", "bold white on purple4", "bold black on dark_cyan")
KIND_STYLE = {"start": "bold black on gold3", "market": "bold black on green3",
              "tavern": "bold white on dark_orange3", "attack": "bold white on red3",
              "city": "bold black on grey85"}


def seat_style(p: int) -> str:
    return SEAT_STYLE[p % len(SEAT_STYLE)]


def fight_strength(game, obs: dict, c: int) -> int:
    """A creature's fighting strength at the game's level (the rules' table)."""
    return game.c_fight[LEVELS.index(obs["level"])][c]


def _tile_cell(tile: dict, codes: dict) -> str:
    kind = tile["kind"]
    if kind == "city":
        return f"[{KIND_STYLE['city']}] {tile['city']} [/]"
    if kind in KIND_STYLE:
        return f"[{KIND_STYLE[kind]}]{codes[kind]}[/]"
    return TERRAIN[tile["terrain"]]


def _who_cell(game, obs: dict, tile: dict | None, here: list[int]) -> str:
    parts, used = [], 0
    for p in here[:2]:
        parts.append(f"[{seat_style(p)}]{p + 1}[/]")
        used += 1
    if tile is not None and tile["creature"] is not None and used < 2:
        c = tile["creature"]
        mark = "D" if game.c_dragon[c] else "c"
        parts.append(f"[bold red]{mark}{fight_strength(game, obs, c)}[/]")
        used += 2
    if tile is not None and used < 3:
        extra = ("$" if tile["money"] else "") + ("*" if tile["items"] else "")
        extra = extra[:3 - used]
        if extra:
            parts.append(f"[yellow]{extra}[/]")
            used += len(extra)
    return "".join(parts) + " " * (3 - used)


def render_map(game, obs: dict, lang: str, names=None) -> list[str]:
    t = game.i18n(lang)
    tt = t["terminal"]
    by_cell = {tl["cell"]: tl for tl in obs["tiles"]}
    fog = {f["cell"] for f in obs["fog"]}
    where: dict[int, list[int]] = {}
    for p, pl in enumerate(obs["players"]):
        if pl["cell"] is not None and pl["cell"] >= 0:
            where.setdefault(pl["cell"], []).append(p)
    # only the explored part and the fog around it (the rest of the land is unknown)
    known = [game.cells[c] for c in list(by_cell) + list(fog)] or list(game.cells)
    x0, x1 = min(2 * q + r for q, r in known), max(2 * q + r for q, r in known)
    r0, r1 = min(r for _, r in known), max(r for _, r in known)
    rows: dict[int, list[tuple[int, str, str]]] = {}
    for cell, (q, r) in enumerate(game.cells):
        if not (x0 <= 2 * q + r <= x1 and r0 <= r <= r1):
            continue
        tile = by_cell.get(cell)
        if tile is not None:
            top = _tile_cell(tile, tt["tile_codes"])
        elif cell in fog:
            top = "[grey42]░░░[/]"
        else:
            top = "[grey23] . [/]"
        low = _who_cell(game, obs, tile, where.get(cell, []))
        rows.setdefault(r, []).append((2 * (2 * q + r - x0), top, low))
    lines = [f"[bold]{tt['map_title']}[/bold]"]
    for r in sorted(rows):
        for part in (1, 2):
            line, at = "", 0
            for col, top, low in sorted(rows[r]):
                line += " " * (col - at) + (top if part == 1 else low)
                at = col + 3
            lines.append(line.rstrip())
    legend = [f"[{seat_style(p)}]{p + 1}[/] {escape(seat_name(p, lang, names))}"
              for p in range(len(obs["players"]))]
    lines += wrap(f"{tt['players']} ", legend)
    creatures = []
    for tl in obs["tiles"]:
        c = tl["creature"]
        if c is not None:
            mark = "D" if game.c_dragon[c] else "c"
            creatures.append(f"[bold red]{mark}{fight_strength(game, obs, c)}[/] "
                             f"{escape(t['creatures'][game.creature_defs[c]['key']])}")
    if creatures:
        lines += wrap(f"{tt['creatures']} ", creatures)
    cities = sorted((tl["city"], tl["tile"]) for tl in obs["tiles"] if tl["kind"] == "city")
    if cities:
        lines += wrap(f"{tt['cities']} ", [f"[{KIND_STYLE['city']}] {n} [/] "
                                           f"{escape(t['tiles'][key])}" for n, key in cities])
    lines += sentence(tt["legend"], style="dim")
    return lines
