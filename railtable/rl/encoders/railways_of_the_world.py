"""Railways of the World's encoding (docs/games/railways_of_the_world.md, "RL encoding"):
the companies' money, locomotives and cards, every city's colour and goods, whose track runs
through each hex, the cards on display, and the auction, build or delivery under way (the
game hides nothing but the order of the railroad deck)."""

from __future__ import annotations

from railtable.games.railways_of_the_world.actions import COLOURS
from railtable.games.railways_of_the_world.rules import PHASE_NAMES
from railtable.rl.encoding import Encoder

CITY_COLOURS = ("gray",) + COLOURS


class RailwaysOfTheWorldEncoder(Encoder):
    phases = PHASE_NAMES

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n = num_players
        m = game.maps[options.map]
        self.C, self.H, self.K = m.num_cities, len(m.hex_qr), len(game.cards)
        self.hex = {tuple(qr): i for i, qr in enumerate(m.hex_qr)}
        self.card = {c["key"]: i for i, c in enumerate(game.cards)}
        self.colour = {c: i for i, c in enumerate(CITY_COLOURS)}
        C, H, K, NC = self.C, self.H, self.K, len(COLOURS)
        self.slice("counters", 6)  # turn, delivered, empty markers, to end, last round, deck
        self.slice("first_player", n)
        self.slice("order", n, n)
        self.slice("players", n, 7)
        self.slice("cards", n, K)
        self.slice("used_this_round", n, K)
        self.slice("city_colour", C, len(CITY_COLOURS))
        self.slice("city_cubes", C, NC)
        self.slice("city_empty", C)
        self.slice("city_links", C, n)
        self.slice("hex_track", H, n)
        self.slice("hex_unfinished", H, n)
        self.slice("new_city_tiles", NC)
        self.slice("bag", NC)
        self.slice("display", K)
        self.slice("discard", K)
        self.slice("auction", 2 + 2 * n)
        self.slice("building", 2 + C + H)
        self.slice("urbanize_colour", NC)
        self.slice("delivery", 2 + NC + 3 * C)

    def _hexes(self, track: list, row: int, width: int, v: list) -> None:
        for q, r, _, _ in track:
            v[self.hex[(q, r)] * width + row] = 1

    def fill(self, obs: dict, seat: int, out: list) -> None:
        n, C, H, K, NC = self.num_players, self.C, self.H, self.K, len(COLOURS)
        order = self.seats(seat)
        rel = {q: k for k, q in enumerate(order)}
        out += [obs["turn"], obs["delivered"], obs["empty_markers"], obs["markers_to_end"],
                obs["last_round"] or 0, obs["deck"]]
        first = [0] * n
        first[rel[obs["first_player"]]] = 1
        out += first
        pos = [0] * (n * n)
        for i, q in enumerate(obs["order"]):
            pos[rel[q] * n + i] = 1
        out += pos
        players = obs["players"]
        for q in order:
            p = players[q]
            out += [p["cash"], p["notes"], p["locomotive"], p["points"], p["income"],
                    p["links"], p["boost"]]
        for key in ("cards", "used_this_round"):
            for q in order:
                v = [0] * K
                for c in players[q][key]:
                    v[self.card[c]] += 1
                out += v
        colour = [0] * (C * len(CITY_COLOURS))
        cubes, empty = [], [0] * C
        for c in obs["cities"]:
            colour[c["id"] * len(CITY_COLOURS) + self.colour[c["colour"]]] = 1
            cubes += c["cubes"]
            empty[c["id"]] = int(c["empty"])
        out += colour
        out += cubes
        out += empty
        links = [0] * (C * n)
        track = [0] * (H * n)
        for link in obs["links"]:
            k = rel[link["owner"]]
            for c in link["cities"]:
                links[c * n + k] += 1
            self._hexes(link["track"], k, n, track)
        out += links
        out += track
        unfinished = [0] * (H * n)
        for u in obs["unfinished"]:
            self._hexes(u["track"], rel[u["owner"]], n, unfinished)
        out += unfinished
        out += [obs["new_city_tiles"].get(c, 0) for c in COLOURS]
        out += obs["bag"]
        for key in ("display", "discard"):
            v = [0] * K
            for c in obs[key]:
                v[self.card[c]] += 1
            out += v
        auction = [0] * (2 + 2 * n)
        a = obs.get("auction")
        if a is not None:
            auction[0] = 1
            auction[1] = a["bid"]
            if a["bidder"] is not None and a["bidder"] >= 0:
                auction[2 + rel[a["bidder"]]] = 1
            for q, on in enumerate(a["active"]):
                auction[2 + n + rel[q]] = int(on)
        out += auction
        building = [0] * (2 + C + H)
        b = obs.get("building")
        if b is not None:
            building[0], building[1] = 1, b["tiles"]
            if b["start"] is not None and b["start"] >= 0:
                building[2 + b["start"]] = 1
            for q, r, _, _ in b["track"]:
                building[2 + C + self.hex[(q, r)]] = 1
        out += building
        urb = [0] * NC
        if "urbanize_colour" in obs:
            urb[COLOURS.index(obs["urbanize_colour"])] = 1
        out += urb
        delivery = [0] * (2 + NC + 3 * C)
        d = obs.get("delivery")
        if d is not None:
            delivery[0], delivery[1] = 1, d["links_left"]
            delivery[2 + COLOURS.index(d["colour"])] = 1
            k = 2 + NC
            delivery[k + d["from"]] = 1
            delivery[k + C + d["at"]] = 1
            for c, _ in d["path"]:
                delivery[k + 2 * C + c] = 1
        out += delivery


ENCODER = RailwaysOfTheWorldEncoder
