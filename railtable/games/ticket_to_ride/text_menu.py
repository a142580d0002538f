"""Ticket to Ride's choices for the terminal (railtable.menu.Choice).

Numbers keep their meaning for the whole turn: 1-5 the face-up slots (as the row on the
screen numbers them), 6 the deck, 7 destination tickets, 0 pass or take a claim back,
10 + route the route the map prints with that number; keeping tickets is numbered by the
set kept (1, 2 and 4 the first, second and third ticket on offer, their sums the pairs),
a payment 1, 2, ... in the order of the payments. Commands: "card 3", "deck", "tickets",
"claim SEA-POR", "keep 1 3", "pay red 1" (one locomotive), "pay loco", "pass", "cancel";
English words and codes always work, Russian ones in a Russian game.
"""

from __future__ import annotations

from railtable.engine import load_i18n
from railtable.menu import Choice

from .actions import (ALL_LOCO, CANCEL, CLAIM_BASE, DRAW_TICKETS, FACE_UP_SLOTS, KEEP_BASE, PASS,
                      PAY_BASE, TAKE_BLIND, decode_pay)
from .text_map import codes, number, route_color

DECK, TICKETS, NONE = 6, 7, 0


def _words(lang: str) -> tuple[dict, dict]:
    """(the commands' words in `lang`, the English ones)."""
    return (load_i18n(__file__, lang)["terminal"]["commands"],
            load_i18n(__file__, "en")["terminal"]["commands"])


def _say(key: str, rest: str, lang: str) -> tuple[str, tuple[str, ...]]:
    """The command in `lang` and its English form as an alias."""
    w, en = _words(lang)
    cmd = f"{w[key]} {rest}".strip()
    alias = f"{en[key]} {rest}".strip()
    return cmd, (() if alias == cmd else (alias,))


def menu(state, lang: str = "en", names=None) -> list[Choice]:
    g = state.game
    t = load_i18n(__file__, lang)["terminal"]
    groups = t["groups"]
    out = []
    pays = []
    for a in state.legal_actions():
        label = state.describe(a, lang, names)
        if a < FACE_UP_SLOTS:
            cmd, al = _say("card", str(a + 1), lang)
            out.append(Choice(a, a + 1, label, cmd, al + (f"draw {a + 1}",), groups["cards"]))
        elif a == TAKE_BLIND:
            cmd, al = _say("deck", "", lang)
            out.append(Choice(a, DECK, label, cmd, al + ("draw", "card 6"), groups["cards"]))
        elif a == DRAW_TICKETS:
            cmd, al = _say("tickets", "", lang)
            out.append(Choice(a, TICKETS, label, cmd, al + ("ticket",), groups["tickets"]))
        elif a == PASS:
            cmd, al = _say("pass", "", lang)
            out.append(Choice(a, NONE, label, cmd, al, groups["other"]))
        elif a == CANCEL:
            cmd, al = _say("cancel", "", lang)
            out.append(Choice(a, NONE, label, cmd, al + ("back",), groups["other"]))
        elif KEEP_BASE < a < KEEP_BASE + 8:
            mask = a - KEEP_BASE
            kept = " ".join(str(i + 1) for i in range(3) if mask >> i & 1)
            cmd, al = _say("keep", kept, lang)
            out.append(Choice(a, mask, label, cmd, al, groups["keep"]))
        elif CLAIM_BASE <= a < CLAIM_BASE + g.num_routes:
            r = a - CLAIM_BASE
            cmd, al = _claim(state, r, lang)
            out.append(Choice(a, number(r), label, cmd, al, groups["claim"], short=cmd))
        elif a >= PAY_BASE:
            pays.append(a)
    for i, a in enumerate(pays, 1):
        cmd, al = _pay(state, a, lang)
        out.append(Choice(a, i, state.describe(a, lang, names), cmd, al, groups["pay"]))
    return out


def _claim(state, r: int, lang: str) -> tuple[str, tuple[str, ...]]:
    """"claim SEA-POR" (with the colour, or the track, of one of a double route's two);
    aliases: the cities the other way round, the other language's codes, full names."""
    g = state.game
    cb = codes(g, lang)
    a, b = g.route_a[r], g.route_b[r]
    tw = g.route_twin[r]
    extra = ""
    if tw >= 0:
        col, twin_col = route_color(g, r), route_color(g, tw)
        extra = (load_i18n(__file__, lang)["terminal"]["colors_short"][col]
                 if col != twin_col else str(1 if r < tw else 2))
    w, en = _words(lang)
    cmd = f"{w['claim']} {cb.shown[a]}-{cb.shown[b]} {extra}".strip()
    aliases = []
    for word in dict.fromkeys((w["claim"], en["claim"])):
        for x in cb.forms(a):
            for y in cb.forms(b):
                for pair in (f"{x}-{y}", f"{y}-{x}"):
                    aliases.append(f"{word} {pair} {extra}".strip())
                    if tw >= 0 and extra and not extra.isdigit():
                        en_col = load_i18n(__file__, "en")["terminal"]["colors_short"][
                            route_color(g, r)]
                        aliases.append(f"{word} {pair} {en_col}")
    return cmd, tuple(x for x in dict.fromkeys(aliases) if x != cmd)


def _pay(state, a: int, lang: str) -> tuple[str, tuple[str, ...]]:
    """"pay red" (the colour only), "pay red 2" (two locomotives with it), "pay loco"."""
    t = load_i18n(__file__, lang)
    en = load_i18n(__file__, "en")
    if a - PAY_BASE == ALL_LOCO:
        return _say("pay", _words(lang)[0]["loco"], lang)[0], ("pay loco",)
    c, k = decode_pay(a)
    name = state.game.colors[c]
    rest = t["terminal"]["colors_short"][name] + (f" {k}" if k else "")
    rest_en = en["terminal"]["colors_short"][name] + (f" {k}" if k else "")
    cmd, _ = _say("pay", rest, lang)
    full = t["colors"][name] + (f" {k}" if k else "")
    return cmd, tuple(x for x in dict.fromkeys((f"pay {rest_en}", f"{_words(lang)[0]['pay']} "
                                                f"{full}")) if x != cmd)
