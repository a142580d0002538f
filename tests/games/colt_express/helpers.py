"""Build Colt Express positions by hand and drive them through the contract."""

from __future__ import annotations

import random

from railtable.games.colt_express import GAME
from railtable.games.colt_express import actions as A
from railtable.games.colt_express import rules as R

NAMES = A.BANDITS
NO_EVENT_CARD = 5  # a 2-4 player round card without an event


def new(n=4, chars=None, seed=0, **opts):
    """A state at the start of round 1 with the given bandits (slot order = seats)."""
    s = GAME.new_state(n, seed, {"random_bandits": True, **opts})
    if chars:
        s.slot = [-1] * 6
        for b, name in enumerate(chars):
            c = NAMES.index(name)
            s.char[b] = c
            s.slot[c] = b
        s.ghost_seat = s.doc_seat = -1
        for b in range(s.nb if not s.basic else 0):  # the basic game: no abilities
            if s.char[b] == R.GHOST:
                s.ghost_seat = b // s.bps
            if s.char[b] == R.DOC:
                s.doc_seat = b // s.bps
        if s.phase == R.PH_SCHEME:
            s._legal = s._scheme_legal()
    return s


def set_turns(s, turns):
    """Replace the current round card's turns (Schemin' not yet begun)."""
    s.turns = tuple(turns)
    s._legal = s._scheme_legal()


def slot(s, name):
    return s.slot[NAMES.index(name)]


def place(s, name, car, roof=False):
    s.pos[slot(s, name)] = car * 2 + (1 if roof else 0)


def where(s, name):
    q = s.pos[slot(s, name)]
    return q >> 1, bool(q & 1)


def clear_loot(s):
    """Remove all loot from the train and from the bandits (tokens back in the box)."""
    for i in range(R.NTOK):
        if s.tloc[i] != R.WAIT:
            s.tloc[i] = R.BOX


def _free(s, kind):
    lo, hi = {"purse": (0, R.JEWEL0), "jewel": (R.JEWEL0, R.BOX0),
              "strongbox": (R.BOX0, R.NTOK)}[kind]
    for i in range(lo, hi):
        if s.tloc[i] == R.BOX:
            return i
    raise AssertionError(f"no free {kind}")


def put_loot(s, car, roof, kind, value=None):
    tok = _free(s, kind)
    s.tloc[tok] = car * 2 + (1 if roof else 0)
    if tok < R.JEWEL0:
        s.known[tok] = 0
    if value is not None:
        s.tval = s.tval[:]
        s.tval[tok] = value
    return tok


def give_loot(s, name, kind, value=None):
    tok = _free(s, kind)
    s.tloc[tok] = R.HELD + slot(s, name)
    if value is not None:
        s.tval = s.tval[:]
        s.tval[tok] = value
    if tok < R.JEWEL0:
        s.known[tok] = 1 << (slot(s, name) // s.bps)
    return tok


def held(s, name):
    """(purse values, jewels, strongboxes) held by a bandit."""
    h = R.HELD + slot(s, name)
    return (sorted(s.tval[i] for i in range(R.JEWEL0) if s.tloc[i] == h),
            s.tloc[R.JEWEL0:R.BOX0].count(h), s.tloc[R.BOX0:].count(h))


def loot_at(s, car, roof=False):
    q = car * 2 + (1 if roof else 0)
    return (sorted(s.tval[i] for i in range(R.JEWEL0) if s.tloc[i] == q),
            s.tloc[R.JEWEL0:R.BOX0].count(q), s.tloc[R.BOX0:].count(q))


def cards_of(s, seat):
    """All cards a seat owns now: hand, deck, discard and unresolved pile cards."""
    out = s.hands[seat] + s.decks[seat] + s.discards[seat]
    out += [e & 15 for e in s.pile[s.rob_i:] if e >> 5 == seat]
    return out


def card(kind, sub=0):
    return sub * 6 + A.KINDS.index(kind)


def stealin(s, plays, event_card=NO_EVENT_CARD):
    """Start Stealin' with a pile of (bandit, kind[, face_down]) in play order."""
    s.rcards = s.rcards[:s.round_no] + (event_card,) + s.rcards[s.round_no + 1:]
    s.turns = GAME.card_turns[event_card]
    s.pile = []
    decks, hands = s.own_decks(), s.own_hands()  # s may share them with a clone
    for p in range(s.num_players):
        decks[p].extend(hands[p])
        hands[p] = []
    for play in plays:
        name, kind = play[0], play[1]
        down = play[2] if len(play) > 2 else False
        b = slot(s, name)
        seat, sub = divmod(b, s.bps)
        c = card(kind, sub if kind != "marshal" else 0)
        decks[seat].remove(c)
        s.pile.append(c | (16 if down else 0) | seat << 5)
    s.events = []
    s._start_rob()
    return s


def act(s, d):
    """Apply a JSON action (checks the JSON round trip on the way)."""
    a = GAME.action_from_json(s, d)
    assert a in s.legal_actions(), (d, [GAME.action_to_json(s, x) for x in s.legal_actions()])
    s.apply(a)
    return s


def legal_json(s):
    return [GAME.action_to_json(s, a) for a in s.legal_actions()]


def random_game(n, seed, opts=None, record_events=False, check=None):
    """Play a random game; `check(state)` is called before every decision."""
    s = GAME.new_state(n, seed, opts, record_events=record_events)
    r = random.Random(seed)
    while s.current_player() >= 0:
        if check:
            check(s)
        legal = s.legal_actions()
        s.apply(legal[r.randrange(len(legal))])
    if check:
        check(s)
    return s


VARIANTS = [
    (2, {}), (2, {"station_cards": True}), (2, {"random_bandits": True}),
    (3, {}), (3, {"two_bandits": True}), (3, {"expert": True}), (3, {"station_cards": True}),
    (4, {}), (4, {"expert": True, "station_cards": True}), (4, {"random_bandits": True}),
    (5, {}), (5, {"expert": True}), (5, {"station_cards": True}),
    (6, {}), (6, {"expert": True}), (6, {"station_cards": True, "random_bandits": True}),
    (3, {"two_bandits": True, "station_cards": True}),
    (5, {"tuco_both_ways": True, "random_bandits": True}),
    (4, {"basic": True}), (3, {"two_bandits": True, "basic": True}),
    (5, {"expert": True, "basic": True}),
]
