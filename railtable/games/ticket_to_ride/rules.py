"""Ticket to Ride (North America): the state, legal actions, transitions and scoring.

The rulebook (docs/games/ticket_to_ride.md summarises it) is the specification. Cards are
kinds 0-7 (the eight colours of data.json) and 8 (locomotive); a hand is a list of nine
counts. Routes (tracks; each track of a double route is its own route) and cities are ints.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, IllegalAction, Result, State, choice, fields,
                              shuffle, texts)

from . import actions as A
from .actions import (ALL_LOCO, CANCEL, CLAIM_BASE, DRAW_TICKETS, FACE_UP_SLOTS, GRAY, KEEP_BASE,
                      LOCO, MAX_ROUTES, NUM_COLORS, NUM_KINDS, PASS, PAY_BASE, PAYMENTS,
                      TAKE_BLIND)

# phases
INITIAL: Final = 0
TURN: Final = 1
SECOND: Final = 2
CHOOSE: Final = 3
OVER: Final = 4
PAY: Final = 5
PHASE_NAMES: Final = ("initial_tickets", "turn", "second_card", "choose_tickets", "over",
                      "choose_payment")

_HERE: Final = Path(__file__).parent


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class TicketToRideOptions:
    """The rulebook offers no variants: the standard game only."""


class TicketToRideState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    phase: int
    cur: int
    turns_left: int
    passes: int
    reason: str | None
    pending: int
    cancelled: bool
    _result: Result | None
    deck: list[int]
    discard: list[int]
    face_up: list[int]
    pile: list[int]
    tickets: list[tuple[int, ...]]
    offer: list[tuple[int, ...]]
    claimed: list[tuple[int, ...]]
    trains: list[int]
    scores: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    avail: list[list[tuple[int, ...]]]

    # Every field, by how a clone copies it.
    FIELDS: ClassVar[Fields] = fields(
        shared=("phase", "cur", "turns_left", "passes", "reason", "pending", "cancelled",
                "_result"),
        on_write=("deck", "discard", "face_up", "pile", "tickets", "offer", "claimed", "trains",
                  "scores"),
        nested_on_write=("hands", "known", "avail"),
    )
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "TicketToRideState":
        s = TicketToRideState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.phase = self.phase
        s.cur = self.cur
        s.turns_left = self.turns_left
        s.passes = self.passes
        s.reason = self.reason
        s.pending = self.pending
        s.cancelled = self.cancelled
        s._result = self._result
        s.deck = self.deck
        s.discard = self.discard
        s.face_up = self.face_up
        s.pile = self.pile
        s.tickets = self.tickets
        s.offer = self.offer
        s.claimed = self.claimed
        s.trains = self.trains
        s.scores = self.scores
        s.hands = self.hands
        s.known = self.known
        s.avail = self.avail
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_deck(self) -> "list[int]":
        if not self._own & 1:
            self.deck = self.deck.copy()
            self._own |= 1
        return self.deck

    def own_discard(self) -> "list[int]":
        if not self._own & 2:
            self.discard = self.discard.copy()
            self._own |= 2
        return self.discard

    def own_face_up(self) -> "list[int]":
        if not self._own & 4:
            self.face_up = self.face_up.copy()
            self._own |= 4
        return self.face_up

    def own_pile(self) -> "list[int]":
        if not self._own & 8:
            self.pile = self.pile.copy()
            self._own |= 8
        return self.pile

    def own_tickets(self) -> "list[tuple[int, ...]]":
        if not self._own & 16:
            self.tickets = self.tickets.copy()
            self._own |= 16
        return self.tickets

    def own_offer(self) -> "list[tuple[int, ...]]":
        if not self._own & 32:
            self.offer = self.offer.copy()
            self._own |= 32
        return self.offer

    def own_claimed(self) -> "list[tuple[int, ...]]":
        if not self._own & 64:
            self.claimed = self.claimed.copy()
            self._own |= 64
        return self.claimed

    def own_trains(self) -> "list[int]":
        if not self._own & 128:
            self.trains = self.trains.copy()
            self._own |= 128
        return self.trains

    def own_scores(self) -> "list[int]":
        if not self._own & 256:
            self.scores = self.scores.copy()
            self._own |= 256
        return self.scores

    def own_hands(self) -> "list[list[int]]":
        if not self._own & 512:
            self.hands = [x.copy() for x in self.hands]
            self._own |= 512
        return self.hands

    def own_known(self) -> "list[list[int]]":
        if not self._own & 1024:
            self.known = [x.copy() for x in self.known]
            self._own |= 1024
        return self.known

    def own_avail(self) -> "list[list[tuple[int, ...]]]":
        if not self._own & 2048:
            self.avail = [x.copy() for x in self.avail]
            self._own |= 2048
        return self.avail
    # (end of the generated clone)
    # phase      INITIAL / TURN / SECOND / CHOOSE / PAY / OVER
    # cur        seat to decide
    # hands      per seat, nine card counts
    # known      per seat, nine counts of cards in that hand that every seat knows (taken
    #            face up and not yet spent)
    # deck       face-down train cards, top at the end
    # discard    nine counts (the discard pile is public: every card in it was seen)
    # face_up    five card kinds, -1 for an empty slot
    # pile       destination tickets, top at the end, bottom at index 0; an entry is
    #            ticket | (seats that know this entry, as a bit mask) << 5
    # tickets    per seat, tuple of kept ticket ids
    # offer      per seat, tuple of ticket ids drawn and not yet chosen
    # avail      per seat, 14 tuples of route ids still open to that seat: index L for
    #            coloured routes of length L, 7 + L for gray ones
    # claimed    per seat, tuple of claimed route ids in claim order
    # trains     per seat
    # scores     per seat, the scoring track (start + route points)
    # turns_left -1 before the last round, else the turns still to play
    # passes     consecutive passes
    # reason     why the game ended ("last_round", "no_moves"), or None
    # pending    in phase PAY, the route claimed and waiting for its payment, else -1
    # cancelled  True once the seat to decide has taken a claim back this turn (a claim may
    #            be taken back once per turn, so a turn cannot go round for ever)

    # -- whose turn ------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- legal actions ---------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == TURN:
            out = self._turn_actions()
            return out if out else [PASS]
        if ph == SECOND:
            fu = self.face_up
            out = [i for i in range(FACE_UP_SLOTS) if fu[i] >= 0 and fu[i] != LOCO]
            if self.deck or sum(self.discard):
                out.append(TAKE_BLIND)
            return out
        if ph == PAY or ph == CHOOSE:
            legal = self._legal  # built by this apply's step or `_take_forced`: reused
            if legal is not None:
                return legal[:]
        if ph == PAY:
            pays = self.payments(self.cur, self.pending)
            # a claim with one way to pay is paid at once (`_forced`), never taken back
            out = [] if self.cancelled or len(pays) < 2 else [CANCEL]
            out += [PAY_BASE + x for x in pays]
            return out
        if ph == CHOOSE or ph == INITIAL:
            g: TicketToRideGame = self.game
            n = len(self.offer[self.cur])
            return list(g.keep_actions[n][g.keep_min_initial if ph == INITIAL else g.keep_min_draw])
        return []

    def legal_actions(self) -> list[int]:
        """A new list at every call. This game's apply checks one action and needs no list,
        so the list is not cached for it; only the one a claim's step or `_take_forced`
        builds (the ways to pay, the tickets to keep) is kept in the base's `_legal` until
        the next apply."""
        return self._legal_actions()

    def _turn_actions(self) -> list[int]:
        g: TicketToRideGame = self.game
        p = self.cur
        fu = self.face_up
        out = [i for i in range(FACE_UP_SLOTS) if fu[i] >= 0]
        if self.deck or sum(self.discard):
            out.append(TAKE_BLIND)
        if self.pile:
            out.append(DRAW_TICKETS)
        claims = self._claims(p, g)
        if claims:
            out += claims
        return out

    def _claims(self, p: int, g: TicketToRideGame) -> list[int]:
        """The claim actions of seat p: every route open to it that its trains cover and its
        hand can pay for in at least one way."""
        h = self.hands[p]
        w = h[LOCO]
        best = max(h) if w == 0 else max(h[:LOCO]) + w
        t = self.trains[p]
        lim = best if best < t else t
        if lim <= 0:
            return []
        if lim > 6:
            lim = 6
        av = self.avail[p]
        rc = g.route_color
        routes: list[int] = []
        for L in range(1, lim + 1):
            col = av[L]
            if col:
                if w >= L:
                    routes += col
                else:
                    need = L - w
                    for r in col:
                        if h[rc[r]] >= need:
                            routes.append(r)
            gray = av[7 + L]
            if gray:  # any colour: L <= lim <= the best colour + locomotives
                routes += gray
        if len(routes) > 1:
            routes.sort()
        return [CLAIM_BASE + r for r in routes]

    def payments(self, p: int, r: int) -> list[int]:
        """The payment slots (0-48, ascending) with which seat p's hand can pay for route r:
        colour * 6 + locomotives, and ALL_LOCO for locomotives only."""
        g: TicketToRideGame = self.game
        h = self.hands[p]
        w = h[LOCO]
        wc = w if w < 6 else 6
        L = g.route_length[r]
        col = g.route_color[r]
        ps = g.pay_slots[L]
        if col != GRAY:
            n = h[col]
            out = list(ps[col][n if n < 6 else 6][wc])
        else:
            out = []
            for c in range(NUM_COLORS):
                n = h[c]
                if n:
                    out += ps[c][n if n < 6 else 6][wc]
        if w >= L:
            out.append(ALL_LOCO)
        return out

    # -- transitions -----------------------------------------------------------------------

    def apply(self, given: Any) -> None:  # Any: a compiled build refuses a str the same way
        # The base's apply checks against the whole legal list; this game checks the one
        # action it is given, which is cheaper here (see docs/developing.md). Each branch
        # checks, clears the events and takes the step; after a claim or a ticket draw the
        # engine takes the forced single choice, if any (`_take_forced`, `_apply`).
        ph = self.phase
        if ph == OVER:
            raise IllegalAction("the game is over")
        if type(given) is not int:
            raise IllegalAction(f"{given!r} is not a Ticket to Ride action")
        a: int = given
        p = self.cur
        g: TicketToRideGame = self.game
        if a >= CLAIM_BASE:
            if a >= PAY_BASE:
                if a >= PAY_BASE + PAYMENTS:
                    raise IllegalAction(f"{a} is not a Ticket to Ride action")
                if ph != PAY:
                    if ph == TURN:
                        raise IllegalAction("no claim is waiting for a payment: claim a route "
                                            "first")
                    raise IllegalAction(self._phase_reason("pay for a route"))
                if a not in self.legal_actions():
                    raise IllegalAction(self._pay_reason(p, self.pending, a - PAY_BASE))
                if self.record_events:
                    self.events = []
                self._legal = None
                self._pay(p, self.pending, a - PAY_BASE)
                return
            if ph != TURN:
                raise IllegalAction(self._phase_reason("claim a route"))
            r = a - CLAIM_BASE
            if r >= g.num_routes:
                raise IllegalAction(f"{a} is not a Ticket to Ride action")
            L = g.route_length[r]
            if r not in self.avail[p][L if g.route_color[r] != GRAY else 7 + L]:
                raise IllegalAction(self._closed_reason(p, r))
            if L > self.trains[p]:
                raise IllegalAction(
                    f"the route needs {L} trains and you have {self.trains[p]} left")
            # payable in at least one way (as `_claims` decides; the step lists the ways)
            h = self.hands[p]
            c = g.route_color[r]
            if (max(h[:LOCO]) if c == GRAY else h[c]) + h[LOCO] < L:
                raise IllegalAction("you do not hold the cards to pay for that route")
            if self.record_events:
                self.events = []
                self.emit({"type": "claim_pending", "player": p, "route": r})
            # interpretation 14: the payment is a second decision, forced when the hand pays
            # in one way only (`_forced`). The next legal list is known here: `_take_forced`
            # and the next `legal_actions` use it.
            self.phase = PAY
            self.pending = r
            pays = self.payments(p, r)
            if len(pays) == 1:
                self._legal = [PAY_BASE + pays[0]]
                self._take_forced()
            else:
                self._legal = ([] if self.cancelled else [CANCEL]) + [
                    PAY_BASE + x for x in pays]
            return
        if a < FACE_UP_SLOTS:
            if a < 0:
                raise IllegalAction(f"{a} is not a Ticket to Ride action")
            card = self.face_up[a]
            if ph == TURN:
                if card < 0:
                    raise IllegalAction(f"face-up slot {a + 1} is empty")
            elif ph == SECOND:
                if card < 0:
                    raise IllegalAction(f"face-up slot {a + 1} is empty")
                if card == LOCO:
                    raise IllegalAction(
                        "a face-up locomotive cannot be the second card of a draw")
            else:
                raise IllegalAction(self._phase_reason("take a train card"))
            if self.record_events:
                self.events = []
                self.emit({"type": "take_face_up", "player": p, "slot": a,
                           "card": g.kinds[card]})
            self.own_hands()[p][card] += 1
            self.own_known()[p][card] += 1
            self.own_face_up()[a] = -1
            self._refill()
            if ph == SECOND or card == LOCO:
                self.passes = 0
                self._end_turn(p)
            else:
                self._after_first_card(p)
            return
        if a == TAKE_BLIND:
            if ph != TURN and ph != SECOND:
                raise IllegalAction(self._phase_reason("take a train card"))
            if not self.deck and not sum(self.discard):
                raise IllegalAction("the deck and the discard pile are both empty")
            if self.record_events:
                self.events = []
            card = self._draw_card(self.own_deck())
            self.own_hands()[p][card] += 1
            if self.record_events:
                self.emit({"type": "take_blind", "player": p, "card": g.kinds[card], "to": [p]})
                self.emit({"type": "take_blind", "player": p})
            if not self.deck:
                self._restock()  # that was the last card of the deck
            if ph == SECOND:
                self.passes = 0
                self._end_turn(p)
            else:
                self._after_first_card(p)
            return
        if a == DRAW_TICKETS:
            if ph != TURN:
                raise IllegalAction(self._phase_reason("draw destination tickets"))
            if not self.pile:
                raise IllegalAction("no destination tickets are left")
            if self.record_events:
                self.events = []
            pile = self.own_pile()
            k = g.tickets_drawn if len(pile) >= g.tickets_drawn else len(pile)
            drawn = tuple(pile.pop() & 31 for _ in range(k))
            self.own_offer()[p] = drawn
            self.phase = CHOOSE
            if self.record_events:
                self.emit({"type": "draw_tickets", "player": p, "tickets": list(drawn),
                           "to": [p]})
                self.emit({"type": "draw_tickets", "player": p, "count": k})
            self._take_forced()  # the one ticket left in the pile is kept (16)
            return
        if a == PASS:
            if ph != TURN:
                raise IllegalAction(self._phase_reason("pass"))
            if self._turn_actions():
                raise IllegalAction("you may pass only when no other action is possible")
            if self.record_events:
                self.events = []
                self.emit({"type": "pass", "player": p})
            self.passes += 1
            if self.passes >= self.num_players:
                self._finish("no_moves")
                return
            self._end_turn(p)
            return
        if KEEP_BASE < a < KEEP_BASE + 8:
            if ph != CHOOSE and ph != INITIAL:
                raise IllegalAction(self._phase_reason("choose tickets"))
            mask = a - KEEP_BASE
            n = len(self.offer[p])
            keep_min = g.keep_min_initial if ph == INITIAL else g.keep_min_draw
            if mask >> n:
                raise IllegalAction(f"only {n} tickets are on offer")
            if mask.bit_count() < min(keep_min, n):  # the tickets kept
                raise IllegalAction(f"keep at least {keep_min} of the tickets")
            if self.record_events:
                self.events = []
            self._legal = None
            self._keep(p, mask)
            return
        if a == CANCEL:
            if ph != PAY:
                raise IllegalAction("no claim is waiting for a payment: nothing to take back")
            if self.cancelled:
                raise IllegalAction("a claim may be taken back only once per turn")
            if CANCEL not in self.legal_actions():
                raise IllegalAction("a claim with one way to pay is paid at once")
            if self.record_events:
                self.events = []
                self.emit({"type": "claim_cancel", "player": p, "route": self.pending})
            # back to the start of the turn; nothing is counted (not a pass, not a turn)
            self._legal = None
            self.pending = -1
            self.phase = TURN
            self.cancelled = True
            return
        raise IllegalAction(f"{a} is not a Ticket to Ride action")

    def _forced(self) -> bool:
        # Forced (docs/games/ticket_to_ride.md, interpretations 14 and 16): the payment of
        # a claim that the hand can pay in one way only, and keeping the one ticket drawn
        # from a pile down to its last card. A lone "pass" stays a decision.
        return self.phase == PAY or self.phase == CHOOSE

    def _apply(self, a: int) -> None:
        # The engine's step for the decisions `_forced` names, the only ones it takes here
        # (`apply` takes the players' own): a payment or the tickets kept.
        if a >= PAY_BASE:
            self._pay(self.cur, self.pending, a - PAY_BASE)
        else:
            self._keep(self.cur, a - KEEP_BASE)

    def _keep(self, p: int, mask: int) -> None:
        ph = self.phase
        offer = self.offer[p]
        kept = tuple(t for i, t in enumerate(offer) if mask >> i & 1)
        returned = [t for i, t in enumerate(offer) if not mask >> i & 1]
        self.own_tickets()[p] = self.tickets[p] + kept
        self.own_offer()[p] = ()
        if returned:
            bit = 1 << (p + 5)
            self.own_pile()[0:0] = [t | bit for t in returned]
        if self.record_events:
            self.emit({"type": "keep_tickets", "player": p, "tickets": list(kept),
                       "returned": returned, "to": [p]})
            self.emit({"type": "keep_tickets", "player": p, "kept": len(kept),
                       "returned": len(returned)})
        if ph == INITIAL:
            if p + 1 < self.num_players:
                self.cur = p + 1
            else:
                self.cur = 0
                self.phase = TURN
            return
        self.passes = 0
        self._end_turn(p)

    def _phase_reason(self, what: str) -> str:
        ph = self.phase
        if ph == PAY:
            return (f"you cannot {what} now: choose how to pay for the route you claimed "
                    f"(or take the claim back)")
        if ph == SECOND:
            return f"you cannot {what} now: take your second train card"
        if ph == CHOOSE:
            return f"you cannot {what} now: choose which tickets to keep"
        if ph == INITIAL:
            return f"you cannot {what} now: choose your starting tickets"
        return f"you cannot {what} now: only the first decision of a turn may do that"

    def _pay_reason(self, p: int, r: int, slot: int) -> str:
        """Why payment `slot` is not legal for route r (the reason of an IllegalAction)."""
        g: TicketToRideGame = self.game
        L = g.route_length[r]
        col = g.route_color[r]
        if slot == ALL_LOCO:
            return f"you do not hold {L} locomotives"
        c, k = divmod(slot, 6)
        if k >= L:
            return "that payment has more locomotives than the route has spaces"
        if col != GRAY and c != col:
            return f"this route is {g.colors[col]}: pay with {g.colors[col]} cards or locomotives"
        return "you do not hold the cards for that payment"

    def _pay(self, p: int, r: int, slot: int) -> None:
        """Pay for route r with a legal payment slot, claim it and end the turn."""
        L = self.game.route_length[r]
        if slot == ALL_LOCO:
            c, k = -1, L
        else:
            c, k = divmod(slot, 6)
        self._claim(p, r, c, k, L)
        self.passes = 0
        self._end_turn(p)

    def _closed_reason(self, p: int, r: int) -> str:
        g: TicketToRideGame = self.game
        for q in range(self.num_players):
            if r in self.claimed[q]:
                return "that route is already claimed"
        tw = g.route_twin[r]
        if tw >= 0:
            for q in range(self.num_players):
                if tw in self.claimed[q]:
                    if q == p:
                        return "you already hold the other track of this double route"
                    return ("with 2 or 3 players only one track of a double route may be "
                            "claimed")
        return "that route is not open to you"

    def _claim(self, p: int, r: int, c: int, k: int, L: int) -> None:
        g: TicketToRideGame = self.game
        h = self.own_hands()[p]
        kn = self.own_known()[p]
        disc = self.own_discard()
        if k:
            h[LOCO] -= k
            disc[LOCO] += k
            kn[LOCO] = kn[LOCO] - k if kn[LOCO] > k else 0
        if k < L:
            m = L - k
            h[c] -= m
            disc[c] += m
            kn[c] = kn[c] - m if kn[c] > m else 0
        self.own_trains()[p] -= L
        pts = g.route_points[L]
        self.own_scores()[p] += pts
        self.own_claimed()[p] = self.claimed[p] + (r,)
        idx = L if g.route_color[r] != GRAY else 7 + L
        tw = g.route_twin[r]
        both = self.num_players >= g.double_min_players
        avail = self.own_avail()
        for q in range(self.num_players):
            av = avail[q]
            tup = av[idx]
            if r in tup:
                i = tup.index(r)
                tup = tup[:i] + tup[i + 1:]
            if tw >= 0 and (q == p or not both) and tw in tup:
                i = tup.index(tw)
                tup = tup[:i] + tup[i + 1:]
            av[idx] = tup
        if self.record_events:
            self.emit({"type": "claim_route", "player": p, "route": r,
                       "color": g.kinds[c] if c >= 0 else None, "locomotives": k,
                       "points": pts})
        if not self.deck:
            # rulebook: «Карты Вагонов» -- the deck had run out (and the discard pile with
            # it): the cards just paid are the new deck at once
            self._restock()
        fu = self.face_up
        if -1 in fu or fu.count(LOCO) > g.max_face_up_locos:
            # rulebook: «Карты Вагонов» -- the paid cards may make a kept three-locomotive
            # row replaceable: the rule is checked again
            self._refill()

    def _draw_card(self, deck: list[int]) -> int:
        """The top card of the deck, `deck`: the state's own (`own_deck()`, taken once a step
        by the caller; `_restock` refills that same list); -1 when the deck and the discard
        pile are both empty. The deck is empty beside a discard pile only in the middle of a
        three-locomotive reset (`_refill`): the discard pile is then shuffled in as the card
        is needed."""
        if not deck:
            if not sum(self.discard):
                return -1
            self._restock()
        return deck.pop()

    def _restock(self) -> None:
        """rulebook: «Карты Вагонов» -- when the deck runs out, the discard pile is shuffled
        and becomes the new deck (nothing while the discard pile is empty too). Called with
        the deck empty: as its last card is drawn, and when cards reach the discard pile
        while it is empty (a claim's payment), so that at the end of every step the deck
        is empty only when the discard pile is, and cards discarded after the deck ran out
        never join the deck made then (rules version 6)."""
        disc = self.discard
        deck = self.own_deck()
        deck.extend(kind for kind in range(NUM_KINDS) for _ in range(disc[kind]))
        if not deck:
            return
        self.discard = [0] * NUM_KINDS
        shuffle(self.rng(), deck)
        if self.record_events:
            self.emit({"type": "reshuffle", "cards": len(deck)})

    def _refill(self) -> None:
        """Fill empty face-up slots, then apply the three-locomotive rule."""
        fu = self.own_face_up()
        deck = self.own_deck()  # (`_restock` refills this same list)
        for i in range(FACE_UP_SLOTS):
            if fu[i] < 0:
                card = self._draw_card(deck)
                if card < 0:
                    break
                fu[i] = card
                if self.record_events:
                    self.emit({"type": "face_up", "slot": i, "card": self.game.kinds[card],
                               "reveal": True})
                if not deck:
                    self._restock()
        limit = self.game.max_face_up_locos
        while fu.count(LOCO) > limit:
            # rulebook: «Карты Вагонов» -- three face-up locomotives: discard the row, deal a
            # new one. Interpretation (NOTES 3): when fewer than three non-locomotive cards
            # remain among the row, the deck and the discard pile, no new row could have
            # fewer than three locomotives; the row then stays as it is.
            nonloco = (len(deck) - deck.count(LOCO)) + (sum(self.discard) - self.discard[LOCO]) \
                + sum(1 for x in fu if 0 <= x < LOCO)
            if nonloco < FACE_UP_SLOTS - limit:
                break
            disc = self.own_discard()
            for x in fu:
                if x >= 0:
                    disc[x] += 1
            if self.record_events:
                self.emit({"type": "face_up_reset",
                           "cards": [self.game.kinds[x] for x in fu if x >= 0]})
            for i in range(FACE_UP_SLOTS):
                fu[i] = -1
            # (a deck that runs out during the deal takes in the discard pile as the next
            # card is needed, `_draw_card`: a cascade of resets is one operation)
            for i in range(FACE_UP_SLOTS):
                card = self._draw_card(deck)
                if card < 0:
                    break
                fu[i] = card
            if self.record_events:
                self.emit({"type": "face_up_row",
                           "cards": [self.game.kinds[x] if x >= 0 else None for x in fu],
                           "reveal": True})
        if not deck:
            # the deal took the deck's last card: the discard pile is the new deck once the
            # row stays (interpretation 5 says why not before)
            self._restock()

    def _after_first_card(self, p: int) -> None:
        """After the first card of a draw: go on to the second card if one can be taken."""
        fu = self.face_up
        if self.deck or sum(self.discard) or any(0 <= x < LOCO for x in fu):
            self.phase = SECOND
        else:
            # rulebook: «Карты Вагонов» -- no second card exists: the draw ends after one
            self.passes = 0
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        n = self.num_players
        tl = self.turns_left
        if tl > 0:
            tl -= 1
            self.turns_left = tl
            if tl == 0:
                self._finish("last_round")
                return
        elif tl < 0 and self.trains[p] <= self.game.end_trigger:
            # rulebook: «Конец игры» -- every player, this one included, has one more turn
            self.turns_left = n
            if self.record_events:
                self.emit({"type": "last_round", "player": p, "trains": self.trains[p]})
        self.cur = p + 1 if p + 1 < n else 0
        self.phase = TURN
        self.pending = -1
        self.cancelled = False

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.reason = reason
        self.pending = -1
        self.cancelled = False
        if self.record_events:
            res = self.result()
            self.emit({"type": "game_over", "reason": reason, "scores": list(res.scores),
                       "winners": list(res.winners),
                       "tickets": [list(t) for t in self.tickets], "reveal": True})

    # -- scoring ---------------------------------------------------------------------------

    def completed_tickets(self, p: int) -> list[bool]:
        """For each ticket of seat p (in order), whether its cities are connected by p's
        routes."""
        comp = self.game.components(self.claimed[p])
        tk = self.game.ticket_cities
        return [comp.get(tk[t][0], -1) == comp.get(tk[t][1], -2) for t in self.tickets[p]]

    def result(self) -> Result:
        if self._result is not None:
            return self._result
        g: TicketToRideGame = self.game
        n = self.num_players
        lp = [g.longest_path(self.claimed[p])[0] for p in range(n)]
        best_lp = max(lp)
        scores, done_counts, details = [], [], []
        for p in range(n):
            done = self.completed_tickets(p)
            tpts = sum(g.ticket_points[t] if ok else -g.ticket_points[t]
                       for t, ok in zip(self.tickets[p], done))
            bonus = g.longest_bonus if best_lp > 0 and lp[p] == best_lp else 0
            scores.append(self.scores[p] + tpts + bonus)
            done_counts.append(sum(done))
            details.append({
                "route_points": self.scores[p] - g.start_score,
                "tickets_completed": sum(done),
                "tickets_failed": len(done) - sum(done),
                "ticket_points": tpts,
                "longest_path": lp[p],
                "longest_path_bonus": bonus > 0,
                "trains_left": self.trains[p],
            })
        if self.phase != OVER:
            return Result(tuple(scores), (), "unfinished", tuple(details))
        # rulebook: «Подсчет очков» -- most points; then most completed tickets; then the
        # longest continuous path
        key = [(scores[p], done_counts[p], lp[p]) for p in range(n)]
        top = max(key)
        winners = tuple(p for p in range(n) if key[p] == top)
        assert self.reason is not None  # set by _finish with the phase
        self._result = Result(tuple(scores), winners, self.reason, tuple(details))
        return self._result

    # -- views ----------------------------------------------------------------------------

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def public_scores(self) -> list:
        return list(self.scores)  # routes and bonuses so far; tickets count only at the end

    def _observe(self, player: int | None) -> dict:
        g: TicketToRideGame = self.game
        n = self.num_players
        kinds = g.kinds
        owner: list[int | None] = [None] * g.num_routes
        for q in range(n):
            for r in self.claimed[q]:
                owner[r] = q
        closed = []
        if n < g.double_min_players:
            for r in range(g.num_routes):
                tw = g.route_twin[r]
                if owner[r] is None and tw >= 0 and owner[tw] is not None:
                    closed.append(r)
        obs = {
            "map": g.map_json(),
            "num_players": n,
            "trains": list(self.trains),
            "hand_counts": [sum(h) for h in self.hands],
            "known_cards": [{kinds[k]: c for k, c in enumerate(kn) if c} for kn in self.known],
            "ticket_counts": [len(t) for t in self.tickets],
            "offer_counts": [len(o) for o in self.offer],
            "face_up": [kinds[x] if x >= 0 else None for x in self.face_up],
            "deck": len(self.deck),
            "discard": sum(self.discard),
            "discard_cards": {kinds[k]: c for k, c in enumerate(self.discard) if c},
            "ticket_pile": len(self.pile),
            "routes": owner,
            "closed_routes": closed,
            "claimed": [list(c) for c in self.claimed],
            "last_round": self.turns_left >= 0,
            "turns_left": self.turns_left if self.turns_left >= 0 else None,
            "keep_min": (g.keep_min_initial if self.phase == INITIAL else
                         g.keep_min_draw if self.phase == CHOOSE else None),
            "pending_route": self.pending if self.pending >= 0 else None,
            "can_cancel": self.phase == PAY and not self.cancelled,
        }
        if player is not None and 0 <= player < n:
            h = self.hands[player]
            obs["hand"] = {kinds[k]: h[k] for k in range(NUM_KINDS) if h[k]}
            done = self.completed_tickets(player)
            obs["tickets"] = [self._ticket_json(t, ok)
                              for t, ok in zip(self.tickets[player], done)]
            obs["offer"] = [self._ticket_json(t, None) for t in self.offer[player]]
        if self.phase == OVER:
            paths = [g.longest_path(self.claimed[q]) for q in range(n)]
            obs["final"] = {  # what the end reveals; the outcome is the envelope's result
                "tickets": [[self._ticket_json(t, ok) for t, ok in
                             zip(self.tickets[q], self.completed_tickets(q))]
                            for q in range(n)],
                "longest_path_routes": [list(pth[1]) for pth in paths],
            }
        return obs

    def _ticket_json(self, t: int, done) -> dict:
        g: TicketToRideGame = self.game
        a, b = g.ticket_cities[t]
        d = {"id": t, "a": a, "b": b, "points": g.ticket_points[t]}
        if done is not None:
            d["completed"] = done
        return d

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from .text import describe
        return describe(self, a, lang, names)

    # -- copies ----------------------------------------------------------------------------

    def _redeal_payable(self, q: int, unknown: int, rng: random.Random) -> None:
        """Deal seat q's `unknown` cards again from q's unknown cards and the deck (in
        `determinize`, a pool that still holds the other hands' unknown cards) until its
        hand allows two payments for the pending route (up to 20 tries); if none does, move
        cards between q's unknown cards and that pool until the hand allows one payment."""
        pool = self.own_deck()
        hands = self.own_hands()
        kn = self.known[q]
        r = self.pending
        for _ in range(20):
            h = hands[q]
            for k in range(NUM_KINDS):
                pool.extend([k] * (h[k] - kn[k]))
            shuffle(rng, pool)
            h = kn[:]
            for _ in range(unknown):
                h[pool.pop()] += 1
            hands[q] = h
            if len(self.payments(q, r)) >= 2:
                return
        if self.payments(q, r):
            return
        g: TicketToRideGame = self.game
        L = g.route_length[r]
        col = g.route_color[r]
        h = hands[q]
        have = [pool.count(k) for k in range(NUM_KINDS)]

        def short(c):  # cards of colour c (or locomotives) still missing; None: impossible
            miss = L - h[c] - h[LOCO]
            if miss <= 0:
                return 0
            free = sum(h[k] - kn[k] for k in range(NUM_KINDS) if k != c and k != LOCO)
            if have[c] + have[LOCO] < miss or free < miss:
                return None
            return miss
        colours = [col] if col != GRAY else list(range(NUM_COLORS))
        options = [(short(c), c) for c in colours]
        options = [(m, c) for m, c in options if m is not None]
        if not options:  # cannot happen for a position reached by play
            return
        least = min(m for m, _ in options)
        c = choice(rng, [c for m, c in options if m == least])
        for _ in range(least):
            # one card of colour c (or a locomotive) from the pool, for one other unknown card
            i = choice(rng, [i for i, x in enumerate(pool) if x == c or x == LOCO])
            out = choice(rng, [k for k in range(NUM_KINDS) if k != c and k != LOCO
                              for _ in range(h[k] - kn[k])])
            h[pool[i]] += 1
            h[out] -= 1
            pool[i] = out
        shuffle(rng, pool)

    def unseen_tickets(self, player: int) -> list[int]:
        """The tickets `player` has not seen, which `determinize` deals again: the other
        seats' tickets and offers and the pile entries `player` did not place there."""
        bit = 1 << (player + 5)
        out = [t for q in range(self.num_players) if q != player
               for t in self.tickets[q] + self.offer[q]]
        out.extend(e & 31 for e in self.pile if not e & bit)
        return sorted(out)

    def determinize(self, player: int, rng: random.Random,
                    ticket_weights: dict | None = None,
                    ticket_sets: dict | None = None) -> "TicketToRideState":
        """A copy in which what `player` cannot see is resampled: the unknown part of every
        other hand and the deck are dealt again from their pooled cards (cards an opponent
        took face up and has not spent stay in that hand); the other seats' tickets and
        ticket offers, and the pile entries `player` has not placed there itself, are dealt
        again from the tickets `player` has not seen.

        ticket_weights (optional, for search bots with a model of their opponents): seat ->
        a weight per ticket id; that seat's kept tickets are then drawn from the unseen ones
        with chances in proportion to the weights instead of uniformly (still only tickets
        the seat could hold), and the rest are dealt as before. ticket_sets: seat -> the
        tickets that seat is to hold (as many as it holds, from `unseen_tickets(player)`;
        a search bot's opponent model picks them); the rest are dealt as before.

        While another seat's claim waits for its payment, that seat's hand is known to allow
        at least two payments for the pending route: its unknown cards are dealt again until
        they do (a few tries), and failing that cards are exchanged with the pool so that
        the hand allows at least one."""
        s = self.clone()
        n = s.num_players
        pool = s.own_deck()
        unknown = [0] * n
        for q in range(n):
            if q == player:
                continue
            h, kn = s.hands[q], s.known[q]
            for k in range(NUM_KINDS):
                extra = h[k] - kn[k]
                if extra:
                    pool.extend([k] * extra)
                    unknown[q] += extra
        shuffle(rng, pool)
        # a seat whose claim waits for its payment is dealt first, and dealt again from the
        # whole pool if its hand cannot pay twice: dealt after the others, it could find
        # the cards it needs in their hands and none left to exchange (a hand that cannot
        # pay at all: no legal action)
        payer = s.cur if s.phase == PAY and s.cur != player and unknown[s.cur] else -1
        if any(unknown):
            hands = s.own_hands()
            for q in ([payer] if payer >= 0 else []) + [q for q in range(n) if q != payer]:
                if q == player or not unknown[q]:
                    continue
                h = s.known[q][:]
                for _ in range(unknown[q]):
                    h[pool.pop()] += 1
                hands[q] = h
                if q == payer and len(s.payments(q, s.pending)) < 2:
                    s._redeal_payable(q, unknown[q], rng)
        # tickets
        bit = 1 << (player + 5)
        hidden: list[int] = []
        for q in range(n):
            if q != player:
                hidden.extend(s.tickets[q])
                hidden.extend(s.offer[q])
        slots = [i for i, e in enumerate(s.pile) if not e & bit]
        pile = s.own_pile() if slots else s.pile
        hidden.extend(pile[i] & 31 for i in slots)
        shuffle(rng, hidden)
        fixed = ticket_sets or {}
        for q, chosen in fixed.items():
            for t in chosen:
                hidden.remove(t)
        tickets = s.own_tickets()
        offer = s.own_offer()
        for q in range(n):
            if q != player:
                k = len(tickets[q])
                weights = ticket_weights.get(q) if ticket_weights else None
                if q in fixed:
                    tickets[q] = tuple(fixed[q])
                elif weights is not None and k:
                    tickets[q] = _weighted_draw(hidden, k, weights, rng)
                else:
                    tickets[q] = tuple(hidden[:k])
                    del hidden[:k]
                k = len(offer[q])
                offer[q] = tuple(hidden[:k])
                del hidden[:k]
        for i, t in zip(slots, hidden):
            pile[i] = t
        s._result = None
        s._legal = None  # the hand to pay from may be another now
        s.reseed(rng)
        return s


def _weighted_draw(pool: list, k: int, weights, rng: random.Random) -> tuple:
    """k entries taken out of `pool` without replacement, each with chances in proportion
    to its weight (Efraimidis and Spirakis: the k largest keys u ** (1 / weight))."""
    rand = rng.random
    keyed = sorted(range(len(pool)), key=lambda i: -(rand() ** (1.0 / weights[pool[i]])))
    chosen = sorted(keyed[:k])
    out = tuple(pool[i] for i in chosen)
    for i in reversed(chosen):
        del pool[i]
    return out


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class TicketToRideGame(Game):
    actions: ClassVar[Any] = A
    id = "ticket_to_ride"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 5
    # 2: a claim is two decisions; 3: three-locomotive row re-checked; 4: forced single
    # choices taken by the engine (issue #27: a lone payment after its claim_pending event,
    # the last ticket of the pile kept); 5: one generator per state, drawn from at every random step (issue #28);
    # 6: the deck is rebuilt from the discard pile the moment it runs out, not at the next
    # draw (interpretation 17: cards paid meanwhile no longer join it)
    rules_version = "6"
    Options = TicketToRideOptions
    # search plays out and is guided by the cautious bot, which beats the heuristic
    rollout_bot = "cautious"
    guide_bot = "cautious"

    def __init__(self) -> None:
        d = json.loads((_HERE / "data.json").read_text(encoding="utf-8"))
        self.data = d
        self._map: dict[str, Any] | None = None
        self.colors: tuple[str, ...] = tuple(d["colors"])
        self.kinds: tuple[str, ...] = self.colors + ("locomotive",)
        color_index = {c: i for i, c in enumerate(self.colors)}
        color_index["gray"] = GRAY
        self.num_cities: int = len(d["cities"])
        self.city_names = tuple(c["name"] for c in d["cities"])
        routes = d["routes"]
        self.num_routes: int = len(routes)
        self.route_a: tuple[int, ...] = tuple(r["a"] for r in routes)
        self.route_b: tuple[int, ...] = tuple(r["b"] for r in routes)
        self.route_length: tuple[int, ...] = tuple(r["length"] for r in routes)
        self.route_color: tuple[int, ...] = tuple(color_index[r["color"]] for r in routes)
        self.route_twin: tuple[int, ...] = tuple(-1 if r["twin"] is None else r["twin"]
                                                 for r in routes)
        self.route_points: list[int] = [0] * 7
        for k, v in d["route_points"].items():
            self.route_points[int(k)] = v
        self.ticket_cities: tuple[tuple[int, int], ...] = tuple((t["a"], t["b"])
                                                                for t in d["tickets"])
        self.ticket_points: tuple[int, ...] = tuple(t["points"] for t in d["tickets"])
        self.num_tickets: int = len(d["tickets"])
        assert self.num_tickets < 32  # pile entries keep the ticket in five bits
        self.cards_per_color: int = d["cards_per_color"]
        self.num_locomotives: int = d["locomotives"]
        self.initial_hand: int = d["initial_hand"]
        self.trains_per_player: int = d["trains_per_player"]
        self.start_score: int = d["start_score"]
        self.longest_bonus: int = d["longest_path_bonus"]
        self.tickets_dealt_initial: int = d["initial_tickets"]["dealt"]
        self.keep_min_initial: int = d["initial_tickets"]["keep_min"]
        self.tickets_drawn: int = d["draw_tickets"]["dealt"]
        self.keep_min_draw: int = d["draw_tickets"]["keep_min"]
        self.end_trigger: int = d["end_game_trigger_trains_left_max"]
        self.double_min_players: int = d["double_routes_both_usable_min_players"]
        self.max_face_up_locos: int = d["max_face_up_locomotives"]
        assert d["face_up_cards"] == FACE_UP_SLOTS
        assert self.num_routes <= MAX_ROUTES
        self.num_actions = PAY_BASE + PAYMENTS
        # adjacency: city -> ((neighbour, route), ...)
        adj: list[list[tuple[int, int]]] = [[] for _ in range(self.num_cities)]
        for r in range(self.num_routes):
            adj[self.route_a[r]].append((self.route_b[r], r))
            adj[self.route_b[r]].append((self.route_a[r], r))
        self.adjacency: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple(x) for x in adj)
        self._build_payment_tables()
        # keep_actions[offered][keep_min]: the legal keep actions
        self.keep_actions: list[list[tuple[int, ...]]] = [[() for _ in range(4)] for _ in range(4)]
        for size in range(4):
            for km in range(4):
                need = min(km, size)
                self.keep_actions[size][km] = tuple(
                    KEEP_BASE + m for m in range(1, 1 << size) if bin(m).count("1") >= need)
        self.initial_avail: list[tuple[int, ...]] = [
            tuple(r for r in range(self.num_routes)
                  if (self.route_length[r] if self.route_color[r] != GRAY
                      else 7 + self.route_length[r]) == idx)
            for idx in range(14)]

    def _build_payment_tables(self) -> None:
        """pay_slots[L][c][n][w]: the payment slots (colour * 6 + locomotives, ascending) of a
        route of length L paid in colour c by a hand with n cards of that colour and w
        locomotives (both capped at 6); locomotives only (ALL_LOCO) is not included."""
        def pays(c, L, n, w):
            lo = max(0, L - n)
            hi = min(L - 1, w)
            return tuple(c * 6 + k for k in range(lo, hi + 1))
        self.pay_slots: list[Any] = [None] + [
            tuple(tuple(tuple(pays(c, L, n, w) for w in range(7)) for n in range(7))
                  for c in range(NUM_COLORS))
            for L in range(1, 7)]

    def map_json(self) -> dict:
        """The board for a view: cities (id, key, lon, lat) and routes (id, a, b, length,
        color, twin). One object shared by every observation: read it, do not change it."""
        if self._map is not None:
            return self._map
        d = self.data
        self._map = {"cities": [{"id": c["id"], "key": c["key"], "lon": c["lon"],
                                 "lat": c["lat"]} for c in d["cities"]],
                     "routes": [dict(r) for r in d["routes"]]}
        return self._map

    # -- states ----------------------------------------------------------------------------

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        self.parse_options(options)
        s = TicketToRideState.__new__(TicketToRideState)
        s._init_base(self, num_players, seed, record_events)
        n = num_players
        # rulebook: «Подготовка к игре» -- shuffle the train cards, deal four to each player,
        # turn five face up; shuffle the tickets and deal three to each player
        deck = [k for k in range(NUM_COLORS) for _ in range(self.cards_per_color)]
        deck += [LOCO] * self.num_locomotives
        shuffle(s.rng(), deck)
        s.deck = deck
        s.discard = [0] * NUM_KINDS
        s.hands = []
        for _ in range(n):
            h = [0] * NUM_KINDS
            for _ in range(self.initial_hand):
                h[deck.pop()] += 1
            s.hands.append(h)
        s.known = [[0] * NUM_KINDS for _ in range(n)]
        s.face_up = [-1] * FACE_UP_SLOTS
        pile = list(range(self.num_tickets))
        shuffle(s.rng(), pile)
        s.pile = pile
        s.offer = [tuple(pile.pop() for _ in range(self.tickets_dealt_initial))
                   for _ in range(n)]
        s.tickets = [()] * n
        s.avail = [list(self.initial_avail) for _ in range(n)]
        s.claimed = [()] * n
        s.trains = [self.trains_per_player] * n
        # rulebook: «Подготовка к игре» -- the scoring markers start on the «1» of the track
        s.scores = [self.start_score] * n
        s.turns_left = -1
        s.passes = 0
        s.reason = None
        s.pending = -1
        s.cancelled = False
        s._result = None
        s.phase = INITIAL
        s.cur = 0
        s._refill()
        return s

    # -- networks --------------------------------------------------------------------------

    def components(self, routes) -> dict:
        """city -> component label over the given routes (union-find)."""
        parent: dict[int, int] = {}

        def find(x):
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        ra, rb = self.route_a, self.route_b
        for r in routes:
            x, y = find(ra[r]), find(rb[r])
            if x != y:
                parent[x] = y
        return {c: find(c) for c in list(parent)}

    def longest_path(self, routes) -> tuple[int, tuple]:
        """The longest continuous path (a trail: no route twice, cities may repeat) over the
        given routes, in train spaces, and one such trail as route ids."""
        routes = tuple(routes)
        if not routes:
            return 0, ()
        adj: dict[int, list] = {}
        ra, rb, rl = self.route_a, self.route_b, self.route_length
        for i, r in enumerate(routes):
            adj.setdefault(ra[r], []).append((rb[r], i, rl[r]))
            adj.setdefault(rb[r], []).append((ra[r], i, rl[r]))
        # A longest trail ends at cities of odd degree, or is closed and then covers a whole
        # component whose cities all have even degree; start only where it can start.
        comp = self.components(routes)
        odd_in: dict[int, list[int]] = {}
        for c, nb in adj.items():
            if len(nb) % 2:
                odd_in.setdefault(comp[c], []).append(c)
        starts = []
        seen = set()
        for c in sorted(adj):
            k = comp[c]
            if k in seen:
                continue
            seen.add(k)
            starts.extend(sorted(odd_in[k]) if k in odd_in else [c])
        best: list[Any] = [0, ()]  # [length, route ids]
        path: list[int] = []

        def dfs(c, used, length):
            if length > best[0]:
                best[0] = length
                best[1] = tuple(path)
            for nxt, i, L in adj[c]:
                bit = 1 << i
                if not used & bit:
                    path.append(routes[i])
                    dfs(nxt, used | bit, length + L)
                    path.pop()
        for c in starts:
            dfs(c, 0, 0)
        return best[0], best[1]

    # -- presentation ----------------------------------------------------------------------

    def event_text(self, event: dict, lang: str = "en", names=None) -> str:
        from .text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from .text import render_text
        return render_text(self, observation, lang, names)

    def menu(self, state, lang: str = "en", names=None):
        from .text_menu import menu
        return menu(state, lang, names)
