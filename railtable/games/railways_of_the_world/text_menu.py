"""Railways of the World's choices for the terminal (railtable.menu.Choice).

Numbers keep their meaning through a turn: 0 takes a loan note whenever one is offered;
in the auction 1-5 raise the bid by $1,000-$5,000, 6 passes, 7 raises by more; the turn's
action is 1 build, 2 urbanize, 3 upgrade, 4 deliver, 5 take an operations card, 6 pass,
and 21, 22, ... play the held cards in the order they are listed; a build starts from a
city, 10 + the city's id (from its code: "from TOR"), or from the end of an unfinished
link, 60, 61, ...; each step is 1-6 by direction (1 east, 2 north-east, 3 north-west,
4 west, 5 south-west, 6 south-east, as the map numbers the hexes around the track's
head), 7 stops; a new city's colour is 1-5 (red, yellow, blue, black, purple) and its
place 10 + the city's id; an operations card is taken by its place in the row; the cubes
of a delivery are numbered 1, 2, ..., its next link 10 + the city it leads to (100 + 10 x
the city + the owner when two players' links lead there). English words and codes always work,
Russian ones in a Russian game.
"""

from __future__ import annotations

from railtable.menu import Choice

from . import actions as A
from .text_map import codes

NOTE = 0
AUCTION_PASS, AUCTION_MORE = 6, 7
STOP = 7
CITY_BASE, UNFINISHED_BASE, CARD_BASE = 10, 60, 21
ACTION_WORDS = {"build": "build", "urbanize": "urbanize", "upgrade": "upgrade",
                "deliver": "deliver", "operations_card": "card", "pass_turn": "pass"}


def _terminal(state, lang: str) -> dict:
    return state.game.i18n(lang)["terminal"]


def menu(state, lang: str = "en", names=None) -> list[Choice]:
    g = state.game
    m = state.m
    tt = _terminal(state, lang)
    groups = tt["groups"]
    w, en = tt["commands"], _terminal(state, "en")["commands"]
    cb = codes(g, m.id, lang)
    p = state.current_player()

    def say(key: str, rest: str = "") -> tuple[str, tuple[str, ...]]:
        cmd = f"{w[key]} {rest}".strip()
        alias = f"{en[key]} {rest}".strip()
        return cmd, (() if alias == cmd else (alias,))

    def city_forms(c: int) -> list[str]:
        return cb.forms(c)

    out: list[Choice] = []
    seq: dict[str, list] = {"cube": []}
    unfinished = 0
    obs = state.observation(p)
    held = obs["players"][p]["cards"]
    for a in state.legal_actions():
        label = state.describe(a, lang, names)
        d = A.to_json(state, a)
        typ = d["type"]
        if typ == "take_note":
            cmd, al = say("note")
            out.append(Choice(a, NOTE, label, cmd, al + ("note",), groups["note"]))
        elif typ == "pass_bid":
            cmd, al = say("pass")
            out.append(Choice(a, AUCTION_PASS, label, cmd, al, groups["auction"]))
        elif typ == "bid":
            k = a - A.A_BID + 1
            cmd, al = say("bid", str(k))
            out.append(Choice(a, k, label, cmd, al, groups["auction"]))
        elif typ == "raise_more":
            cmd, al = say("bid", w["more"])
            out.append(Choice(a, AUCTION_MORE, label, cmd, al + (f"bid {en['more']}",),
                              groups["auction"]))
        elif typ == "action":
            cmd, al = say(ACTION_WORDS[d["action"]])
            out.append(Choice(a, a - A.A_BUILD + 1, label, cmd, al, groups["action"]))
        elif typ == "use_card":
            k = held.index(d["card"])
            cmd, al = say("use", str(k + 1))
            out.append(Choice(a, CARD_BASE + k, label, cmd, al, groups["card"]))
        elif typ == "finish_build":
            cmd, al = say("stop")
            out.append(Choice(a, STOP, label, cmd, al, groups["build"]))
        elif typ == "build_step":
            k = A.DIRECTIONS.index(d["direction"])
            cmd = tt["directions"][k]
            words = {cmd, _terminal(state, "en")["directions"][k]}
            out.append(Choice(a, k + 1, label, cmd, tuple(sorted(words - {cmd})),
                              groups["build"]))
        elif typ == "build_at":
            h = m.hex_index[tuple(d["hex"])]
            c = m.city_at[h]
            if c >= 0:
                cmd, al = _named(say, "from", city_forms(c))
                out.append(Choice(a, CITY_BASE + c, label, cmd, al, groups["build_start"],
                                  short=cb.shown[c]))
            else:
                q, r = d["hex"]
                cmd, al = say("from", f"{q},{r}")
                out.append(Choice(a, UNFINISHED_BASE + unfinished, label, cmd, al,
                                  groups["build_start"], short=f"{q},{r}"))
                unfinished += 1
        elif typ == "new_city_colour":
            k = A.COLOURS.index(d["colour"])
            name = g.i18n(lang)["colours"][d["colour"]]
            cmd, al = say("colour", name)
            out.append(Choice(a, k + 1, label, cmd, al + (f"colour {d['colour']}",),
                              groups["colour"]))
        elif typ == "urbanize_city":
            c = m.city_id[d["city"]]
            cmd, al = _named(say, "city", city_forms(c))
            out.append(Choice(a, CITY_BASE + c, label, cmd, al, groups["city"],
                              short=cb.shown[c]))
        elif typ == "cube":
            c = m.city_id[d["city"]]
            colour = g.i18n(lang)["colours"][d["colour"]]
            cmd, al = _named(say, "cube", [f"{colour} {x}" for x in city_forms(c)]
                             + [f"{d['colour']} {x}" for x in city_forms(c)])
            seq["cube"].append((a, label, cmd, al))
        elif typ == "move":
            c = m.city_id[d["city"]]
            forms = city_forms(c)
            number = CITY_BASE + c
            if sum(1 for b in state.legal_actions()
                   if A.A_MOVE <= b < A.A_TAKE_CARD and (b - A.A_MOVE) // A.MAX_SEATS == c) > 1:
                forms = [f"{x} {d['owner'] + 1}" for x in forms]  # two owners' links there
                number = 100 + 10 * c + d["owner"] + 1
            cmd, al = _named(say, "to", forms)
            out.append(Choice(a, number, label, cmd, al, groups["move"], short=cb.shown[c]))
        elif typ == "take_card":
            k = obs["display"].index(d["card"])
            cmd, al = say("take", str(k + 1))
            out.append(Choice(a, k + 1, label, cmd, al, groups["take_card"]))
    for i, (a, label, cmd, al) in enumerate(seq["cube"], 1):
        out.append(Choice(a, i, label, cmd, al, groups["cube"]))
    return out


def _named(say, key: str, forms: list[str]) -> tuple[str, tuple[str, ...]]:
    """The command `key` with the first of `forms` (a city's code), the others and the
    English word as aliases."""
    cmd, al = say(key, forms[0])
    aliases = list(al)
    for f in forms[1:]:
        c2, a2 = say(key, f)
        aliases += [c2, *a2]
    return cmd, tuple(x for x in dict.fromkeys(aliases) if x != cmd)
