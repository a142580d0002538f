"""What the heuristic bot reads to value its Schemin' cards: the loot by place as a seat
knows it, where its bandit will stand after its cards already in the pile, and each card's
value. A module of its own so that the compiled build compiles it (setup.py): a search
spends most of its time here (docs/performance.md, "Bots' path searches compiled"). It
reads a state and changes nothing; the bot (bot.py) decides."""

from __future__ import annotations

from typing import Final

from railtable.games.colt_express.rules import (BOX0, CLIMB, FIRE, HELD, JEWEL0, MARSHAL, MOVE,
                                                PUNCH, ROBBERY, ColtState)

UNKNOWN_PURSE: Final = 330  # a purse whose value the seat has not seen: about the average


def tok_value(s: ColtState, seat: int, i: int) -> int:
    """Loot token i's value as `seat` knows it."""
    if i < JEWEL0:
        return s.tval[i] if s.known[i] >> seat & 1 else UNKNOWN_PURSE
    return 500 if i < BOX0 else 1000


def loot_at(s: ColtState, seat: int, q: int) -> int:
    """The loot at place q (or held by a bandit: HELD + bandit), as `seat` knows it."""
    v = 0
    for i, where in enumerate(s.tloc):
        if where == q:
            v += tok_value(s, seat, i)
    return v


def loot_places(s: ColtState, seat: int) -> dict[int, list[int]]:
    """Place -> the values of the loot there as `seat` knows them, highest first (made
    once a decision: it was a scan of every token for each place a card looked at)."""
    places: dict[int, list[int]] = {}
    for i, w in enumerate(s.tloc):
        if 0 <= w < HELD:  # on the train (not held, boxed or lost)
            if w in places:
                places[w].append(tok_value(s, seat, i))
            else:
                places[w] = [tok_value(s, seat, i)]
    for vals in places.values():
        vals.sort(reverse=True)
    return places


def loot_left(places: dict[int, list[int]], q: int, planned: dict[int, int]) -> int:
    """The loot at q that the robberies `planned` there leave (each takes the best)."""
    vals = places.get(q)
    if not vals:
        return 0
    return sum(vals[planned.get(q, 0):])


def dests(s: ColtState, q: int) -> list[int]:
    """The cars a Move card takes a bandit at place q to (up to three along the roof)."""
    c = q >> 1
    if q & 1:
        return [x for x in range(max(0, c - 3), min(s.W, c + 3) + 1) if x != c]
    return [x for x in (c - 1, c + 1) if 0 <= x <= s.W]


def best_move_target(s: ColtState, places: dict[int, list[int]], q: int,
                     planned: dict[int, int]) -> int:
    """The place a Move from q should reach: the most loot left, away from the Marshal."""
    roof = q & 1
    best, bq = -1e9, q
    for x in dests(s, q):
        nq = x * 2 + roof
        v = float(loot_left(places, nq, planned))
        if not roof and x == s.marshal:
            v -= 600
        if v > best:
            best, bq = v, nq
    return bq


def project(s: ColtState, seat: int, places: dict[int, list[int]],
            b: int) -> tuple[int, dict[int, int]]:
    """Where bandit b stands after its own cards already in the pile this round, and the
    robberies they plan (place -> count)."""
    q = s.pos[b]
    planned: dict[int, int] = {}
    sub = b % s.bps
    for e in s.pile[s.rob_i:]:
        if e >> 5 != seat:
            continue
        c = e & 15
        if c // 6 != sub and c % 6 != MARSHAL:
            continue
        k = c % 6
        if k == MOVE:
            q = best_move_target(s, places, q, planned)
        elif k == CLIMB:
            q ^= 1
            if not q & 1 and q >> 1 == s.marshal:
                q |= 1
        elif k == ROBBERY:
            planned[q] = planned.get(q, 0) + 1
    return q, planned


def targets_from(s: ColtState, seat: int, q: int) -> int:
    """How many opponents could be shot from q (current positions)."""
    c = q >> 1
    n = 0
    for t in range(s.nb):
        if t // s.bps == seat:
            continue
        qt = s.pos[t]
        if q & 1:
            if qt & 1 and qt != q:
                n += 1
        elif not qt & 1 and abs((qt >> 1) - c) == 1:
            n += 1
    return n


def card_value(s: ColtState, seat: int, places: dict[int, list[int]],
               projected: dict[int, tuple[int, dict[int, int]]], c: int) -> float:
    """What playing card c (card kind + 6 * the seat's bandit) is worth now to `seat`;
    `projected` keeps each bandit's projection for the decision."""
    b = seat * s.bps + (c // 6 if c % 6 != MARSHAL else 0)
    k = c % 6
    proj = projected.get(b)
    if proj is None:
        proj = projected[b] = project(s, seat, places, b)
    q, planned = proj
    here = loot_left(places, q, planned)
    if k == ROBBERY:
        return 300 + here if here else 10
    if k == MOVE:
        nq = best_move_target(s, places, q, planned)
        gain = loot_left(places, nq, planned) - here
        return 150 + gain * 0.3 if gain > 0 else 40
    if k == CLIMB:
        other = q ^ 1
        if not other & 1 and other >> 1 == s.marshal:
            return 5
        v = loot_left(places, other, planned) - here
        if q & 1 == 0 and here == 0:
            # a roof is the fast lane toward loot further along
            return 100 + max(0, v) * 0.3
        return 120 + v * 0.3 if v > 0 else 20
    if k == FIRE:
        if not s.cyl[b]:
            return 0
        return 90 + 40 * min(2, targets_from(s, seat, q))
    if k == PUNCH:
        rich = 0
        for t in range(s.nb):
            if t // s.bps != seat and s.pos[t] == q:
                rich = max(rich, loot_at(s, seat, HELD + t))
        return 80 + rich * 0.2 if rich else 15
    # Marshal
    return 30
