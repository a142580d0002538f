"""A planning heuristic bot for Ticket to Ride.

It reads only what its seat may know: its own hand, tickets and ticket offer, and public
facts (claimed routes, routes open to it, face-up row, trains, pile sizes, last round).

Plan: route the seat's unfinished tickets (largest first) by shortest paths over the
routes still open to it, routes already its own costing nothing, so tickets share track.
Each turn: claim a planned route if it can (the most contested first: the one whose loss
would lengthen the plan most, then the longest); otherwise collect the colours the plan
still lacks from the face-up row or the deck. With every ticket done it draws new tickets
while it has trains enough to finish some, and keeps only those it can finish; late in the
game it claims the longest routes it can pay for.

The cautious bot is the same planner with two policies tuned against it: it never spends
a draw on one face-up locomotive (two cards from the deck instead), and in games of two
or three it keeps only initial tickets that leave 15 trains spare and never draws more
(docs/bots.md, "Ticket to Ride: the cautious bot").
"""

from __future__ import annotations

import math

from railtable.bots.base import Bot

from .actions import (ALL_LOCO, CLAIM_BASE, DRAW_TICKETS, FACE_UP_SLOTS, KEEP_BASE, LOCO,
                      NUM_COLORS, PAY_BASE, TAKE_BLIND)
# the planner is compiled (paths.py); belief.py imports it and cheapest from here
from .paths import INF, STEP, Planner, cheapest, wants  # noqa: F401
from .rules import CHOOSE, INITIAL, PAY, SECOND


# The opponent model of search bots (`belief.world_sampler`): a seat building
# toward a ticket has covered part of the way between its cities, so a ticket is sampled
# for an opponent with weight exp(FIT * share of its way the opponent's routes cover).
# FIT was fitted to heuristic-against-heuristic games (the likelihood of the tickets
# actually held, scripts/fit_ticket_model.py: 4 and 5 fit best, 2, 3 and 6 worse).
FIT = 4.0


def ticket_weights(state, seat: int) -> dict[int, list[float]]:
    """Per other seat, a weight for each ticket id: how well the ticket fits the routes that
    seat has claimed (only public facts are read). The share of a ticket's way covered is
    1 - (its cost with the seat's routes free) / (its cost with them at their length), over
    the routes open to the seat; 0 where either is blocked."""
    g = state.game
    length = g.route_length
    out = {}
    for q in range(state.num_players):
        if q == seat:
            continue
        mine = state.claimed[q]
        if not mine:
            out[q] = [1.0] * g.num_tickets
            continue
        free = Planner(state, q).weight  # the seat's own routes cost nothing
        plain = free[:]
        for r in mine:
            plain[r] = length[r] + STEP
        cache = {}
        weights = []
        for a, b in g.ticket_cities:
            if a not in cache:
                cache[a] = (cheapest(g.adjacency, plain, a)[0],
                            cheapest(g.adjacency, free, a)[0])
            full, left = cache[a][0][b], cache[a][1][b]
            share = 1.0 - left / full if 0 < full < INF and left < INF else 0.0
            weights.append(math.exp(FIT * share))
        out[q] = weights
    return out


class HeuristicBot(Bot):
    name = "heuristic"
    # Its ticket policy: trains held back from the plan of the initial tickets it keeps,
    # and the trains it must have to draw new tickets once every ticket is done.
    INITIAL_RESERVE = 8
    DRAW_TRAINS = 14
    # it takes a face-up locomotive (its whole draw) when the plan lacks much and no
    # colour it needs is face up
    FACE_UP_LOCOMOTIVE = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self._planned = None  # (state, key, planner, unfinished, plan) of the last plan

    def _plan(self, state):
        """The plan for the seat's unfinished tickets, remembered while the seat claims no
        route and keeps no ticket (a turn's second decision reuses the first's). Another
        seat's claim only closes routes: the plan stands while every route it means to
        claim is still open (each of its cheapest ways keeps its cost, and nothing else got
        cheaper), so only the planner's weights are made again."""
        seat = self.seat
        key = (len(state.claimed[seat]), len(state.tickets[seat]))
        claims = sum(len(c) for c in state.claimed)
        memo = self._planned
        if memo is not None and memo[0] is state and memo[1] == key:
            _, _, seen, planner, unfinished, plan = memo
            if seen == claims:
                return planner, unfinished, plan
            planner = Planner(state, seat)
            weight = planner.weight
            if all(weight[r] >= 0.0 for r in plan[0]):
                self._planned = (state, key, claims, planner, unfinished, plan)
                return planner, unfinished, plan
        planner = Planner(state, seat)
        unfinished = self._unfinished(state)
        plan = planner.plan(unfinished)
        self._planned = (state, key, claims, planner, unfinished, plan)
        return planner, unfinished, plan

    # -- helpers -------------------------------------------------------------------------

    def _initial_reserve(self, state) -> int:
        return self.INITIAL_RESERVE

    def _draws_tickets(self, state, trains: int) -> bool:
        return trains >= self.DRAW_TRAINS

    def _unfinished(self, state) -> list[int]:
        g = state.game
        comp = g.components(state.claimed[self.seat])
        out = []
        for t in state.tickets[self.seat]:
            a, b = g.ticket_cities[t]
            if comp.get(a, -1) != comp.get(b, -2):
                out.append(t)
        return out

    def _wants(self, state, todo) -> list[int]:
        """How much each colour is still lacking for the planned routes."""
        return wants(state.game, state.hands[self.seat], todo)

    def _pick_card(self, state, legal, want, second: bool) -> int:
        fu = state.face_up
        best, best_w = None, 0
        for i in range(FACE_UP_SLOTS):
            c = fu[i]
            if i in legal and 0 <= c < LOCO and want[c] > best_w:
                best, best_w = i, want[c]
        if best is not None:
            return best
        total = sum(want)
        if self.FACE_UP_LOCOMOTIVE and not second and total >= 4:
            for i in range(FACE_UP_SLOTS):
                if fu[i] == LOCO and i in legal:
                    return i
        if TAKE_BLIND in legal:
            return TAKE_BLIND
        options = [a for a in legal if a < FACE_UP_SLOTS]
        return options[0] if options else legal[0]

    def _payment(self, state, slots, want) -> int:
        """The cheapest payment slot: fewest locomotives, then colours the plan needs
        least."""
        h = state.hands[self.seat]

        def cost(pay):
            if pay == ALL_LOCO:
                return (99, 0)
            c, k = divmod(pay, 6)
            return (k, want[c] * 2 - h[c])
        return min(slots, key=cost)

    def _choose_tickets(self, state, legal) -> int:
        g = state.game
        seat = self.seat
        offer = state.offer[seat]
        planner = Planner(state, seat)
        held = self._unfinished(state)
        _, base_trains, _ = planner.plan(held)
        trains = state.trains[seat]
        initial = state.phase == INITIAL
        budget = trains - (self._initial_reserve(state) if initial else 4)
        best, best_v = None, None
        for a in legal:
            mask = a - KEEP_BASE
            kept = [t for i, t in enumerate(offer) if mask >> i & 1]
            _, need, dead = planner.plan(held + kept)
            pts = sum(g.ticket_points[t] for t in kept if t not in dead)
            pts -= sum(g.ticket_points[t] for t in dead) * 2
            extra = need - base_trains
            v = pts - 0.6 * extra
            if need > budget:
                v -= 100 + need
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    # -- decision ----------------------------------------------------------------------------

    def act(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == INITIAL or ph == CHOOSE:
            return self._choose_tickets(state, legal)
        seat = self.seat
        g = state.game
        planner, unfinished, (todo, need, dead) = self._plan(state)
        want = self._wants(state, todo)
        if ph == SECOND:
            return self._pick_card(state, legal, want, True)
        if ph == PAY:
            # the payment of the route chosen at the start of the turn (the same choice as
            # then: nothing it depends on has changed); the bot never takes a claim back
            return PAY_BASE + self._payment(
                state, state.payments(seat, state.pending), want)
        # TURN: the claimable routes (their payments are looked up only when a claim off
        # the plan is weighed: most turns never need them, and search calls this a lot)
        claims = [a - CLAIM_BASE for a in legal if CLAIM_BASE <= a < PAY_BASE]
        last_round = state.turns_left >= 0
        claimable = set(claims)
        ready = [r for r in todo if r in claimable]
        if ready:
            if len(ready) == 1:
                r = ready[0]
            else:
                # the cheapest way of each unfinished ticket, and the routes on it: banning
                # a route off that way leaves the ticket's cost as it is
                ways = []
                for t in unfinished:
                    a, b = g.ticket_cities[t]
                    cost, routes = planner.path(a, b, set())
                    ways.append((a, b, cost, set(routes)))
                mine = planner.mine

                def urgency(r):
                    tw = g.route_twin[r]
                    banned = {r} if tw < 0 else {r, tw}
                    own_twin = tw >= 0 and tw in mine  # its cheapest way may use the twin
                    cost = 0.0
                    for a, b, base, on_way in ways:
                        if own_twin or r in on_way or tw in on_way:
                            c, _ = planner.path(a, b, set(), banned)
                        else:
                            c = base
                        cost += min(c, 60.0)
                    return (cost, g.route_length[r])
                r = max(ready, key=urgency)
            return CLAIM_BASE + r
        trains = state.trains[seat]
        if todo and need <= trains and not last_round:
            return self._pick_card(state, legal, want, False)
        # nothing (more) to plan: new tickets while there is time, else points on the board
        if not todo and DRAW_TICKETS in legal and not last_round and \
                self._draws_tickets(state, trains):
            return DRAW_TICKETS
        if claims:
            def gain(r):
                return (g.route_length[r], -len(state.payments(seat, r)))
            r = max(claims, key=gain)
            L = g.route_length[r]
            longest_possible = max(g.route_length[x] for x in claims)
            if last_round or L >= 4 or trains <= 8 or L == longest_possible and L >= 3:
                return CLAIM_BASE + r
        # collect cards toward long routes: the colour held most
        h = state.hands[seat]
        want2 = [h[c] + 1 for c in range(NUM_COLORS)]
        choice = self._pick_card(state, legal, want2, False)
        if choice in legal:
            return choice
        return legal[0]


class CautiousBot(HeuristicBot):
    """The heuristic without face-up locomotives and, in games of two or three, with fewer
    tickets: it wins about two thirds of two-player games against the heuristic
    (docs/bots.md). With four or five players the heuristic's ticket policy does better,
    so there it keeps that."""

    name = "cautious"
    FACE_UP_LOCOMOTIVE = False
    INITIAL_RESERVE = 15  # the initial tickets kept must leave 15 trains spare
    FEW_PLAYERS = 3  # the policy's largest game

    def _initial_reserve(self, state) -> int:
        if state.num_players <= self.FEW_PLAYERS:
            return self.INITIAL_RESERVE
        return HeuristicBot.INITIAL_RESERVE

    def _draws_tickets(self, state, trains: int) -> bool:
        return state.num_players > self.FEW_PLAYERS and trains >= self.DRAW_TRAINS
