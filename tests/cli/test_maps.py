"""The terminal's maps (games/<id>/text_map.py) show what they must, for positions reached
by playing actions: owners of routes and track where the observation puts them, free
routes with their length and colour, cities, creatures and trains."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rich.text import Text

from railtable.engine.registry import get_game
import railtable.games as games_pkg

GAMES = Path(games_pkg.__file__).parent


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def roster(text: str) -> dict[str, str]:
    """name -> code, read from the map's own lists ("SEA Seattle")."""
    return {name: code for code, name in re.findall(
        r"\b(\w{3}) (\w[^()\n]*?)(?: \(\d+\))?(?=  |$)", text, re.M)}


# -- Ticket to Ride ---------------------------------------------------------------------

def ttr_after_claims(seed=5):
    """Two players keep all their starting tickets, then each turn claim the cheapest
    route they can (paying the first way offered) or draw from the deck, until both have
    claimed a route."""
    from railtable.games.ticket_to_ride import actions as A
    g = get_game("ticket_to_ride")
    s = g.new_state(2, seed)
    while s.phase_name() == "initial_tickets":
        s.apply(s.legal_actions()[-1])  # keep all three
    obs = s.observation(0)
    while not (obs["claimed"][0] and obs["claimed"][1]):
        legal = s.legal_actions()
        claims = [a for a in legal if A.CLAIM_BASE <= a < A.PAY_BASE]
        pays = [a for a in legal if a >= A.PAY_BASE]
        s.apply(claims[0] if claims else pays[0] if pays else
                A.TAKE_BLIND if A.TAKE_BLIND in legal else legal[0])
        obs = s.observation(0)
    return g, s


def test_ticket_to_ride_map_shows_owners_and_free_routes():
    g, s = ttr_after_claims()
    obs = s.observation(0)
    text = plain(g.render_text(obs, "en", ["Ann", "Bob"]))
    cat = json.loads((GAMES / "ticket_to_ride/i18n.json").read_text())["en"]
    data = json.loads((GAMES / "ticket_to_ride/data.json").read_text())
    code = roster(text)
    name = [cat["cities"][c["key"]] for c in data["cities"]]
    assert len({code[n] for n in name}) == 36  # every city listed once with its own code

    def entry(r):
        rt = data["routes"][r]
        return f"{r + 10:>3} {code[name[rt['a']]]}-{code[name[rt['b']]]}"
    for p in (0, 1):
        for r in obs["claimed"][p]:
            assert f"{entry(r)} ━━{p + 1}" in text
    free = [r for r in range(len(data["routes"])) if obs["routes"][r] is None
            and r not in obs["closed_routes"]]
    for r in free:
        rt = data["routes"][r]
        assert f"{entry(r)} {rt['length']} {cat['terminal']['colors_short'][rt['color']]}" in text
    for r in obs["closed_routes"]:  # two players: the twin of a claimed double is closed
        assert f"{entry(r)} ╳" in text
    assert "━━1 Ann" in text and "━━2 Bob" in text
    for region in cat["terminal"]["regions"].values():
        assert f"{region}:" in text


def test_ticket_to_ride_map_in_russian():
    g, s = ttr_after_claims()
    text = plain(g.render_text(s.observation(1), "ru"))
    assert "Северо-Запад:" in text and "СИЭ Сиэтл" in text and "━━2 Игрок 2" in text
    assert not re.search(r"[A-Za-z]{3}-[A-Za-z]{3}", text)  # the codes are Russian too


# -- Railways of the World --------------------------------------------------------------

def rotw_with_links(seed=3):
    """Three heuristic players until two links are built."""
    g = get_game("railways_of_the_world")
    s = g.new_state(3, seed)
    bots = [g.bots()["heuristic"](p, p) for p in range(3)]
    while len(s.observation(None)["links"]) < 2:
        s.apply(bots[s.current_player()].act(s))
    return g, s


def test_railways_map_puts_track_and_cities_on_their_hexes():
    g, s = rotw_with_links()
    obs = s.observation(0)
    lines = plain(g.render_text(obs, "en")).splitlines()
    board = json.loads((GAMES / "railways_of_the_world/maps/eastern_us_canada.json")
                       .read_text())
    x0 = min(2 * q + r for q, r, _ in board["hexes"])
    r0 = min(r for _, r, _ in board["hexes"])

    def at(q, r, width=3):  # the map's text of hex (q, r): the title line, then a row each
        col = 2 * (2 * q + r - x0)
        return lines[1 + r - r0][col:col + width]
    for link in obs["links"]:
        for q, r, _, _ in link["track"]:
            assert at(q, r)[1] == str(link["owner"] + 1), (q, r, at(q, r))
    text = "\n".join(lines)
    names = json.loads((GAMES / "railways_of_the_world/i18n.json").read_text())["en"]["cities"]
    for c in obs["cities"]:
        code = at(*c["hex"])
        assert re.search(rf"\b{code} {re.escape(names[c['key']][:12])}", text), c["key"]
    water = [(q, r) for q, r, t in board["hexes"] if t == "water"
             and (q, r) not in {tuple(c["hex"]) for c in obs["cities"]}
             and not any((q, r) == (x[0], x[1]) for ln in obs["links"] for x in ln["track"])]
    assert all(at(q, r) == "≈≈≈" for q, r in water)


def test_railways_map_numbers_the_build_steps_around_the_head():
    from railtable.games.railways_of_the_world import actions as A
    g, s = rotw_with_links()
    bots = [g.bots()["heuristic"](p, p) for p in range(3)]

    def steps():
        return [a for a in s.legal_actions() if A.A_STEP <= a < A.A_STEP + 6]
    while not (s.phase_name() == "build" and s.observation(None)["building"]["track"]
               and steps()):
        s.apply(bots[s.current_player()].act(s))
    obs = s.observation(s.current_player())
    lines = plain(g.render_text(obs, "en")).splitlines()
    board = json.loads((GAMES / "railways_of_the_world/maps/eastern_us_canada.json")
                       .read_text())
    x0 = min(2 * q + r for q, r, _ in board["hexes"])
    r0 = min(r for _, r, _ in board["hexes"])
    q, r, _, _ = obs["building"]["track"][-1]  # the head: the last tile laid
    dirs = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # e ne nw w sw se
    taken = {tuple(c["hex"]) for c in obs["cities"]}  # drawn as themselves
    taken |= {(x[0], x[1]) for ln in obs["links"] + obs["unfinished"] for x in ln["track"]}
    menu = {c.action: c for c in g.menu(s, "en")}
    for a in steps():
        d = a - A.A_STEP
        tq, tr = q + dirs[d][0], r + dirs[d][1]
        col = 2 * (2 * tq + tr - x0)
        if (tq, tr) not in taken:
            assert lines[1 + tr - r0][col:col + 3] == f" {d + 1} "
        assert menu[a].number == d + 1 and menu[a].command == ("e", "ne", "nw", "w", "sw",
                                                               "se")[d]
    assert lines[1 + r - r0][2 * (2 * q + r - x0):][:3] == " ◆ "


# -- Steamland --------------------------------------------------------------------------

def test_steamland_map_shows_players_creatures_and_cities_where_they_are():
    g = get_game("steamland")
    s = g.new_state(3, 2)
    bots = [g.bots()["heuristic"](p, p) for p in range(3)]
    while not any(t["creature"] is not None and not any(pl["cell"] == t["cell"] for pl in
                                                        s.observation(0)["players"])
                  for t in s.observation(0)["tiles"]):
        s.apply(bots[s.current_player()].act(s))
    obs = s.observation(0)
    lines = plain(g.render_text(obs, "en")).splitlines()
    data = json.loads((GAMES / "steamland/data.json").read_text())
    known = [g.cells[t["cell"]] for t in obs["tiles"] + obs["fog"]]  # what is drawn
    x0 = min(2 * q + r for q, r in known)
    r0 = min(r for _, r in known)

    def at(cell, part):  # part 0: the tile's line, 1: who and what is on it
        q, r = g.cells[cell]
        col = 2 * (2 * q + r - x0)
        return lines[1 + 2 * (r - r0) + part][col:col + 3]
    bonus = data["levels"]["dragon_strength"][obs["level"]]
    for tile in obs["tiles"]:
        if tile["kind"] == "city":
            assert at(tile["cell"], 0) == f" {tile['city']} "
        c = tile["creature"]
        if c is not None and not any(pl["cell"] == tile["cell"] for pl in obs["players"]):
            cr = data["creatures"][c]
            strength = cr["strength"] + (bonus if cr.get("dragon") else 0)
            assert at(tile["cell"], 1).startswith(("D" if cr.get("dragon") else "c")
                                                  + str(strength))
    for p, pl in enumerate(obs["players"]):
        assert str(p + 1) in at(pl["cell"], 1)
    for f in obs["fog"]:
        assert at(f["cell"], 0) == "░░░"
    text = "\n".join(lines)
    assert "Your tasks:" in text or obs["players"][0]["tasks"] == []


# -- Switch & Signal --------------------------------------------------------------------

def test_switch_and_signal_map_lists_trains_switches_and_signals():
    g = get_game("switch_and_signal")
    s = g.new_state(2, 3)
    bots = [g.bots()["heuristic"](p, p) for p in range(2)]
    while not any(t["where"] == "track" for t in s.observation(None)["trains"]):
        s.apply(bots[s.current_player()].act(s))
    obs = s.observation(0)
    text = plain(g.render_text(obs, "en", ["Ann", "Bob"]))
    names = json.loads((GAMES / "switch_and_signal/i18n.json").read_text())["en"]["nodes"]
    code = roster(text.split("Places:")[1])
    for node in json.loads((GAMES / "switch_and_signal/boards/central_europe.json")
                           .read_text())["nodes"]:
        assert re.search(rf"\b{code[names[node['id']]]}\b", text.split("Places:")[0])
    for j, (a, b) in obs["switches"].items():
        assert f"{code[names[j]]}: {code[names[a]]}↔{code[names[b]]}" in text
    for tr in obs["trains"]:
        if tr["where"] == "track":
            assert f"{tr['id'] % 3 + 1} {tr['colour']} " in text
    assert text.split("Signals:")[1].count("→") + text.split("Signals:")[1].count("-") \
        >= len(obs["signals"])
    assert "Ann: " in text and "Bob: " in text
