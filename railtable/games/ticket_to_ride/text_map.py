"""Ticket to Ride's map for the terminal: the routes by region (Rich markup).

Every route once, under the first region (in data.json's order) of its two cities; a
route is `number CODE-CODE` and then its length and colour while it is free, its owner's
colour and seat number once claimed, "╳" when closed (the twin of a double route taken in
a game of two or three). The number is the one a player types to claim it (text_menu.py).
The cities, regions and routes come from data.json (through the Game), who owns what from
the observation.
"""

from __future__ import annotations

from functools import cache

from rich.markup import escape

from railtable.engine import load_i18n
from railtable.language import seat_name
from railtable.menu import CodeBook
from railtable.text_layout import sentence, wrap

# Rich styles of the seats (the blue, red, green, yellow and black train pieces) and of
# the route colours
SEAT_STYLE = ("bold white on blue", "bold white on red", "bold black on green",
              "bold black on yellow", "bold white on grey30")
COLOR_STYLE = {"red": "red", "orange": "dark_orange", "yellow": "yellow", "green": "green",
               "blue": "blue", "pink": "magenta", "black": "bold white on grey23",
               "white": "bold white", "gray": "grey62", "locomotive": "bold cyan"}
ENTRY = 17      # the width of one route: " 17 SEA-POR 1 gry"
PER_LINE = 4    # routes on a line: 4 * (17 + 2) = 76 columns


def _t(lang: str) -> dict:
    return load_i18n(__file__, lang)


def city_names(game, lang: str) -> list[str]:
    names = _t(lang)["cities"]
    return [names[c["key"]] for c in game.data["cities"]]


@cache
def codes(game, lang: str) -> CodeBook:
    """The cities' three-letter codes in `lang`, the other language's as aliases."""
    other = "en" if lang == "ru" else "ru"
    return CodeBook.of(city_names(game, lang), city_names(game, other))


def route_color(game, r: int) -> str:
    rc = game.route_color[r]
    return game.colors[rc] if rc < len(game.colors) else "gray"


def route_code(game, r: int, lang: str) -> str:
    """"SEA-POR": the codes of the route's cities."""
    cb = codes(game, lang)
    return f"{cb.shown[game.route_a[r]]}-{cb.shown[game.route_b[r]]}"


@cache
def _layout(game) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]:
    """(region key, its cities, its routes) in data.json's order."""
    index = {c["key"]: c["id"] for c in game.data["cities"]}
    region = {}
    out = []
    for k, reg in enumerate(game.data["regions"]):
        for key in reg["cities"]:
            region[index[key]] = k
    for k, reg in enumerate(game.data["regions"]):
        cities = tuple(index[key] for key in reg["cities"])
        routes = [r for r in range(game.num_routes)
                  if min(region[game.route_a[r]], region[game.route_b[r]]) == k]
        routes.sort(key=lambda r: (min(cities.index(c) for c in (game.route_a[r], game.route_b[r])
                                       if c in cities), r))
        out.append((reg["key"], cities, tuple(routes)))
    return tuple(out)


def number(r: int) -> int:
    """The number a route is claimed with (text_menu.py)."""
    return 10 + r


def _entry(game, r: int, owner: int | None, closed: bool, lang: str) -> str:
    t = _t(lang)["terminal"]
    head = f"{number(r):>3} {route_code(game, r, lang)}"
    if owner is not None:
        tail = f"{'━' * 2}{owner + 1}"
        text = f"{head} {tail}"
        return f"[{SEAT_STYLE[owner % len(SEAT_STYLE)]}]{text}[/]" + " " * (ENTRY - len(text))
    if closed:
        text = f"{head} ╳"
        return f"[dim]{text}[/dim]" + " " * (ENTRY - len(text))
    col = route_color(game, r)
    tail = f"{game.route_length[r]} {t['colors_short'][col]}"
    text = f"{head} {tail}"
    return (f"{head} [{COLOR_STYLE[col]}]{tail}[/]" + " " * (ENTRY - len(text)))


def render_map(game, obs: dict, lang: str, names=None) -> list[str]:
    """The map as lines of Rich markup, at most 80 columns wide."""
    t = _t(lang)
    tt = t["terminal"]
    cb = codes(game, lang)
    owners = {}
    for p, routes in enumerate(obs["claimed"]):
        for r in routes:
            owners[r] = p
    closed = set(obs.get("closed_routes") or ())
    mine = set()
    for tk in obs.get("tickets") or ():  # the cities of the viewer's tickets stand out
        mine.update((tk["a"], tk["b"]))
    names_ = city_names(game, lang)
    lines = [f"[bold]{tt['map_title']}[/bold]"]
    for key, cities, routes in _layout(game):
        roster = []
        for c in cities:
            item = f"{cb.shown[c]} {names_[c]}"
            roster.append(f"[underline]{item}[/underline]" if c in mine else item)
        lines += wrap(f"[bold]{tt['regions'][key]}:[/bold] ", roster, 78)
        for i in range(0, len(routes), PER_LINE):
            lines.append("  ".join(_entry(game, r, owners.get(r), r in closed, lang)
                                   for r in routes[i:i + PER_LINE]).rstrip())
    legend = [f"[{SEAT_STYLE[p % len(SEAT_STYLE)]}]━━{p + 1}[/] {_seat(p, lang, names)}"
              for p in range(len(obs["claimed"]))]
    lines += wrap(f"{tt['owners']} ", legend, 78)
    lines += sentence(tt["legend"], style="dim")
    return lines


def _seat(p: int, lang: str, names) -> str:
    return escape(seat_name(p, lang, names))
