"""Which tickets another seat holds, as a search bot infers it from public facts.

A player builds toward its tickets: each route it claims lies on the way between the cities
of one of them, and each ticket it holds draws some of its claims. The model weighs every
set of tickets the seat could hold (the right number, from the tickets the searching seat
has not seen) by how well it explains the seat's claimed routes:

    weight(set) = MISS ** (claimed routes on no held ticket's way)
                  * IDLE ** (held tickets whose way uses none of its claims, once it has
                             made IDLE_AFTER claims)
                  * the product of the tickets' fit weights (`bot.ticket_weights`: how
                    much of each ticket's way the seat's claims already cover)

A ticket's way is its cheapest connection over the routes open to the seat, its own routes
almost free (`explained`). Where the sets are too many to list (MAX_SETS), the seat's
tickets are drawn one by one with the per-ticket weights of `bot.ticket_weights` instead.
Used by `world_sampler` below (the game's opponent model, wired in `__init__.py`) (search bots with `belief=game`); the constants
are the project's choice, docs/games/ticket_to_ride.md ("Hidden information").
"""

from __future__ import annotations

import bisect
import itertools
import math
import random

from .bot import Planner, cheapest, ticket_weights

MISS = 0.03
IDLE = 0.1
IDLE_AFTER = 3
MAX_SETS = 20_000
OWN = 0.01    # the cost of a route the seat has claimed, on a ticket's way


def explained(state, q: int) -> list[int]:
    """Per ticket id: a bit mask over `state.claimed[q]` of the claims on its way (the
    heuristic's planning costs, the seat's own routes almost free rather than free, so a
    way does not wander through its track at no cost)."""
    g = state.game
    claims = state.claimed[q]
    index = {r: i for i, r in enumerate(claims)}
    weight = Planner(state, q).weight[:]
    for r in claims:
        weight[r] = OWN
    trees = {}
    out = []
    for a, b in g.ticket_cities:
        if a not in trees:
            trees[a] = cheapest(g.adjacency, weight, a)[1]
        prev = trees[a]
        mask = 0
        c = b
        while c != a and prev[c] is not None:
            c, r = prev[c]
            if r in index:
                mask |= 1 << index[r]
        out.append(mask)
    return out


class TicketPosterior:
    """The weighted sets of tickets seat `q` may hold, or None from `build` when there are
    too many sets to list."""

    def __init__(self, sets: list[tuple], cumulative: list[float]) -> None:
        self.sets = sets
        self.cumulative = cumulative

    @classmethod
    def build(cls, state, q: int, pool: list[int], fit: list[float]) -> "TicketPosterior | None":
        """pool: the tickets q may hold (`state.unseen_tickets(searching seat)`); fit: the
        per-ticket weights of q (`bot.ticket_weights`)."""
        k = len(state.tickets[q])
        if not k or not state.claimed[q] or math.comb(len(pool), k) > MAX_SETS:
            return None
        masks = explained(state, q)
        claims = len(state.claimed[q])
        full = (1 << claims) - 1
        idle = IDLE if claims >= IDLE_AFTER else 1.0
        miss_weight = [MISS ** n for n in range(claims + 1)]
        sets, cumulative, total = [], [], 0.0
        for combo in itertools.combinations(pool, k):
            covered = 0
            w = 1.0
            for t in combo:
                w *= fit[t]
                m = masks[t]
                if not m:
                    w *= idle
                covered |= m
            w *= miss_weight[(full & ~covered).bit_count()]
            total += w
            sets.append(combo)
            cumulative.append(total)
        return cls(sets, cumulative)

    def draw(self, rng: random.Random) -> tuple:
        x = rng.random() * self.cumulative[-1]
        return self.sets[min(bisect.bisect_right(self.cumulative, x), len(self.sets) - 1)]


def world_sampler(state, seat: int):
    """Opponents' tickets drawn as sets weighted by how well they explain the routes
    each has claimed (`TicketPosterior`); where the sets are too many to list, ticket by
    ticket with weights for how well each fits them (`bot.ticket_weights`). Both are
    computed once for the position."""
    pool = state.unseen_tickets(seat)
    weights = ticket_weights(state, seat)
    posteriors = {q: TicketPosterior.build(state, q, pool, weights[q])
                  for q in range(state.num_players) if q != seat}

    def sample(rng):
        sets = {}
        taken = set()
        for q, post in posteriors.items():
            if post is None:
                continue
            for _ in range(20):  # two seats cannot hold the same ticket
                chosen = post.draw(rng)
                if taken.isdisjoint(chosen):
                    sets[q] = chosen
                    taken.update(chosen)
                    break
        return state.determinize(seat, rng, weights, sets)
    return sample
