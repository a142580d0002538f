"""Switch & Signal's choices for the terminal (railtable.menu.Choice).

Numbers keep their meaning through a turn: 0 ends the turn (or stops a train in a city,
or rolls the deployment dice); a play of action cards is 10 signal, 20 switch, 30 move
train, the second digit 1-6 when two cards of any kind pay for it (signal+signal,
signal+switch, signal+move, switch+switch, switch+move, move+move); loading train t
(black 1-3, brown 4-6, gray 7-9 are t = 1-9) paying a card is 40 + 3 (t - 1) + 1-3
(signal, switch, move); a train is chosen by its number t (1-9), kept still by the
Station Master with 10 + t; colours are 1 black, 2 brown, 3 gray (the Conductor's 21-23);
the movement roll is kept with 1 and rerolled with 2, the departure card carried out with
1 or sent under the pile with 2; the Coupler's starting point is the point's own number;
a junction is 1, 2, ... in the board's order, its settings 1, 2, ...; a signal field
is 1, 2, ... in the board's order, a city's exit 10 + the place it leads to (in the
board's order), and 9 calls the Dispatcher. English words and codes always work, Russian
ones in a Russian game.
"""

from __future__ import annotations

from railtable.menu import Choice

from . import actions as A
from .text_map import codes

COLOURS = ("black", "brown", "gray")
CARDS = ("signal", "switch", "move")
# the choices that are one action each: number, group, command word
FIXED = {A.END: (0, "turn", "end"), A.STOP: (0, "route", "stop"),
         A.DISPATCHER: (9, "helper", "dispatcher"), A.ACCEPT_ROLL: (1, "card", "keep"),
         A.LOGISTICIAN: (2, "helper", "reroll"), A.ACCEPT_CARD: (1, "card", "accept"),
         A.SWITCHMAN: (2, "helper", "under"), A.ROLL_DEPLOY: (0, "deploy", "roll")}
# a choice per colour / per train: its actions' range, the first number, group, word
BY_COLOUR = ((A.DEPLOY_COLOUR, A.MOVE_COLOUR, 1, "deploy", "deploy"),
             (A.MOVE_COLOUR, A.CONDUCTOR, 1, "train", "colour"),
             (A.CONDUCTOR, A.TRAIN, 21, "helper", "conductor"))
BY_TRAIN = ((A.TRAIN, A.HOLD, 1, "train", "train"), (A.HOLD, A.PLAY, 11, "helper", "hold"))


def menu(state, lang: str = "en", names=None) -> list[Choice]:
    g = state.game
    b = state.board
    t = g.i18n(lang)
    tt = t["terminal"]
    w, en = tt["commands"], g.i18n("en")["terminal"]["commands"]
    groups = tt["groups"]
    cb = codes(g, b.id, lang)

    def say(*parts: str) -> tuple[str, tuple[str, ...]]:
        """The command from words of tt["commands"] (a word not among them is kept as it
        is), and its English form."""
        cmd = " ".join(w.get(p, p) for p in parts if p)
        alias = " ".join(en.get(p, p) for p in parts if p)
        return cmd, (() if alias == cmd else (alias,))

    def colour(c: int) -> str:
        return t["train_colours"][COLOURS[c]]

    def train(tr: int) -> tuple[str, str]:
        return colour(tr // 3), str(tr % 3 + 1)

    out: list[Choice] = []
    for a in state.legal_actions():
        label = state.describe(a, lang, names)

        def add(number: int, group: str, *parts: str, extra: tuple = ()) -> None:
            cmd, al = say(*parts)
            out.append(Choice(a, number, label, cmd, al + extra, groups[group]))

        if a in FIXED:
            add(*FIXED[a])
            continue
        ranged = next((r for r in BY_COLOUR + BY_TRAIN if r[0] <= a < r[1]), None)
        if ranged is not None and ranged in BY_COLOUR:
            lo, _, first, group, word = ranged
            c = a - lo
            add(first + c, group, word, colour(c), extra=(f"{word} {COLOURS[c]}",))
        elif ranged is not None:
            lo, _, first, group, word = ranged
            tr = a - lo
            add(first + tr, group, word, *train(tr),
                extra=(f"{word} {COLOURS[tr // 3]} {tr % 3 + 1}",))
        elif A.PLAY <= a < A.LOAD:
            purpose, slot = divmod(a - A.PLAY, 7)
            paid = () if slot == 0 else tuple(CARDS[x] for x in A.PAIRS[slot - 1])
            add(10 * (purpose + 1) + slot, "play", CARDS[purpose], *paid)
        elif A.LOAD <= a < A.COUPLER:
            tr, card = divmod(a - A.LOAD, 3)
            add(41 + 3 * tr + card, "load", "load", *train(tr), CARDS[card],
                extra=(f"load {COLOURS[tr // 3]} {tr % 3 + 1} {en[CARDS[card]]}",))
        elif A.COUPLER <= a < A.JUNCTION:
            n = b.starts[a - A.COUPLER]
            add(b.start_number[n], "helper", "coupler", cb.shown[n],
                extra=tuple(f"coupler {x}" for x in cb.forms(n)[1:]))
        elif A.JUNCTION <= a < A.CONFIG:
            j = a - A.JUNCTION
            n = b.junctions[j]
            add(j + 1, "junction", "switch", cb.shown[n],
                extra=tuple(f"switch {x}" for x in cb.forms(n)[1:]))
        elif A.CONFIG <= a < A.FIELD_FROM:
            k = a - A.CONFIG
            add(k + 1, "setting", "set", _setting(state, k, cb))
        elif A.FIELD_FROM <= a < A.FIELD_TO:
            f = a - A.FIELD_FROM
            add(f + 1, "signal", "lift", _field(b, f, cb))
        elif A.FIELD_TO <= a < A.ROUTE:
            f = a - A.FIELD_TO
            add(f + 1, "signal", "put", _field(b, f, cb))
        else:
            far = b.end_far_node[a - A.ROUTE]
            add(10 + far, "route", "to", cb.shown[far],
                extra=tuple(f"to {x}" for x in cb.forms(far)[1:]))
    return out


def _field(b, f: int, cb) -> str:
    """A signal field as the map's legend names it: "PAR-TOU" (a city's exit toward TOU)."""
    li = b.field_line[f]
    a, z = b.line_a[li], b.line_b[li]
    c = b.field_city[f]
    if c >= 0:
        return f"{cb.shown[c]}-{cb.shown[z if a == c else a]}"
    return f"{cb.shown[a]}-{cb.shown[z]}-{b.field_bound[f]}"


def _setting(state, k: int, cb) -> str:
    """A junction's k-th setting by the codes of the two branches it joins."""
    b = state.board
    j = state.sw_junction if state.phase != 14 else state.setup_i
    n = b.junctions[j]
    p, q = b.junction_configs[j][k]
    ends = b.node_ends[n]
    return f"{cb.shown[b.end_far_node[ends[p]]]}-{cb.shown[b.end_far_node[ends[q]]]}"
