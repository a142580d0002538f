"""Hand-built Ticket to Ride positions for rule tests."""

from __future__ import annotations

from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import (ALL_LOCO, CLAIM_BASE, KEEP_BASE, LOCO,
                                                     PAY_BASE)
from railtable.games.ticket_to_ride.rules import PAY, TURN

COLORS = GAME.colors
RED, ORANGE, YELLOW, GREEN, BLUE, PINK, BLACK, WHITE = range(8)
CITY = {name: i for i, name in enumerate(GAME.city_names)}


def route(a: str, b: str, index: int = 0) -> int:
    """The route id of the index-th track between cities a and b."""
    ca, cb = CITY[a], CITY[b]
    found = [r for r in range(GAME.num_routes)
             if {GAME.route_a[r], GAME.route_b[r]} == {ca, cb}]
    return found[index]


def ticket(a: str, b: str) -> int:
    ca, cb = CITY[a], CITY[b]
    return next(t for t, (x, y) in enumerate(GAME.ticket_cities) if {x, y} == {ca, cb})


def claim(r: int) -> int:
    """The action of claiming route r (the payment is the next decision, or made at once
    when the hand allows only one)."""
    return CLAIM_BASE + r


def pay(color: int | None, locos: int = 0) -> int:
    """The action of paying `locos` locomotives and the rest in `color` (None: locomotives
    only) for the pending claim."""
    if color is None:
        return PAY_BASE + ALL_LOCO
    return PAY_BASE + color * 6 + locos


def claim_and_pay(s, r: int, color: int | None, locos: int = 0) -> None:
    """Claim route r and pay as given: the payment decision when one is asked for, else
    check that the payment made at once was this one."""
    p = s.cur
    before = s.hands[p][:]
    s.apply(claim(r))
    if s.phase == PAY and s.pending == r:
        s.apply(pay(color, locos))
        return
    L = GAME.route_length[r]
    spent = [before[k] - s.hands[p][k] for k in range(9)]
    want = [0] * 9
    if color is None:
        want[LOCO] = L
    else:
        want[color] = L - locos
        want[LOCO] += locos
    assert spent == want, "the automatic payment differs from the one asked for"


def payments_of(s) -> set:
    """The payment actions legal now (empty unless a claim is pending)."""
    return {a for a in s.legal_actions() if a >= PAY_BASE}


def keep(mask: int) -> int:
    return KEEP_BASE + mask


def hand(**counts) -> list[int]:
    h = [0] * 9
    for name, c in counts.items():
        h[LOCO if name == "loco" else COLORS.index(name)] = c
    return h


def started(n: int = 2, seed: int = 1, record_events: bool = True):
    """A new game after every seat kept all three starting tickets."""
    s = GAME.new_state(n, seed, record_events=record_events)
    for _ in range(n):
        s.apply(keep(0b111))
    assert s.phase == TURN
    return s


def set_claimed(s, claimed: dict) -> None:
    """Give routes to seats (public track only; hands and trains are left as they are)."""
    s.claimed = [tuple(claimed.get(q, ())) for q in range(s.num_players)]
    owner = {r: q for q, rs in enumerate(s.claimed) for r in rs}
    n = s.num_players
    s.avail = []
    for q in range(n):
        av = []
        for tup in GAME.initial_avail:
            keep_r = []
            for r in tup:
                if r in owner:
                    continue
                tw = GAME.route_twin[r]
                if tw >= 0 and tw in owner and (owner[tw] == q or n < GAME.double_min_players):
                    continue
                keep_r.append(r)
            av.append(tuple(keep_r))
        s.avail.append(av)


def position(n: int = 2, *, hands=None, face_up=None, deck=None, discard=None, claimed=None,
             trains=None, tickets=None, pile=None, cur: int = 0, seed: int = 1):
    """A position at the start of seat `cur`'s turn with the given parts replaced."""
    s = started(n, seed)
    if hands is not None:
        s.hands = [list(h) for h in hands]
        s.known = [[0] * 9 for _ in range(n)]
    if face_up is not None:
        s.face_up = list(face_up)
    if deck is not None:
        s.deck = list(deck)
    if discard is not None:
        s.discard = list(discard)
    if claimed is not None:
        set_claimed(s, claimed)
        s.scores = [GAME.start_score + sum(GAME.route_points[GAME.route_length[r]]
                                           for r in claimed.get(q, ())) for q in range(n)]
        s.trains = [GAME.trains_per_player - sum(GAME.route_length[r]
                                                 for r in claimed.get(q, ())) for q in range(n)]
    if trains is not None:
        s.trains = list(trains)
    if tickets is not None:
        s.tickets = [tuple(t) for t in tickets]
    if pile is not None:
        s.pile = list(pile)
    s.cur = cur
    s.phase = TURN
    return s


def snapshot(s):
    """Everything that makes up a position (for unchanged-state checks)."""
    return (s.phase, s.cur, [h[:] for h in s.hands], [k[:] for k in s.known], s.deck[:],
            s.discard[:], s.face_up[:], s.pile[:], list(s.tickets), list(s.offer),
            [list(a) for a in s.avail], list(s.claimed), s.trains[:], s.scores[:],
            s.turns_left, s.passes, s._seed, s.pending, s.cancelled)
