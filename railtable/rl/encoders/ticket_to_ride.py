"""Ticket to Ride's encoding (docs/games/ticket_to_ride.md, "RL encoding"): the public
board, the seat's own hand and tickets, and counts of what it cannot see."""

from __future__ import annotations

from railtable.games.ticket_to_ride.actions import FACE_UP_SLOTS
from railtable.games.ticket_to_ride.rules import PHASE_NAMES
from railtable.rl.encoding import Encoder


class TicketToRideEncoder(Encoder):
    phases = PHASE_NAMES

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n, g = num_players, game
        self.kind = {k: i for i, k in enumerate(g.kinds)}
        K, R, T = len(g.kinds), g.num_routes, g.num_tickets
        self.K, self.R, self.T = K, R, T
        self.slice("trains", n)
        self.slice("hand_counts", n)
        self.slice("known_cards", n, K)
        self.slice("ticket_counts", n)
        self.slice("offer_counts", n)
        self.slice("face_up", FACE_UP_SLOTS, K)
        self.slice("deck", 1)
        self.slice("discard_cards", K)
        self.slice("ticket_pile", 1)
        self.slice("route_owner", R, n)
        self.slice("route_closed", R)
        self.slice("last_round", 1)
        self.slice("turns_left", 1)
        self.slice("keep_min", 1)
        self.slice("pending_route", R)
        self.slice("can_cancel", 1)
        self.slice("hand", K)
        self.slice("tickets", T, 2)
        self.slice("offer", T)

    def fill(self, obs: dict, seat: int, out: list) -> None:
        n, K, R, T, kind = self.num_players, self.K, self.R, self.T, self.kind
        order = self.seats(seat)
        out += [obs["trains"][q] for q in order]
        out += [obs["hand_counts"][q] for q in order]
        for q in order:
            v = [0] * K
            for k, c in obs["known_cards"][q].items():
                v[kind[k]] = c
            out += v
        out += [obs["ticket_counts"][q] for q in order]
        out += [obs["offer_counts"][q] for q in order]
        for k in obs["face_up"]:
            v = [0] * K
            if k is not None:
                v[kind[k]] = 1
            out += v
        out.append(obs["deck"])
        v = [0] * K
        for k, c in obs["discard_cards"].items():
            v[kind[k]] = c
        out += v
        out.append(obs["ticket_pile"])
        owners = [0] * (R * n)
        for r, q in enumerate(obs["routes"]):
            if q is not None:
                owners[r * n + (q - seat) % n] = 1
        out += owners
        closed = [0] * R
        for r in obs["closed_routes"]:
            closed[r] = 1
        out += closed
        out.append(1 if obs["last_round"] else 0)
        out.append(obs["turns_left"] if obs["turns_left"] is not None else -1)
        out.append(obs["keep_min"] or 0)
        pending = [0] * R
        if obs["pending_route"] is not None:
            pending[obs["pending_route"]] = 1
        out += pending
        out.append(1 if obs["can_cancel"] else 0)
        v = [0] * K
        for k, c in obs["hand"].items():
            v[kind[k]] = c
        out += v
        held = [0] * (2 * T)
        for t in obs["tickets"]:
            held[2 * t["id"]] = 1
            held[2 * t["id"] + 1] = 1 if t["completed"] else 0
        out += held
        offer = [0] * T
        for t in obs["offer"]:
            offer[t["id"]] = 1
        out += offer


ENCODER = TicketToRideEncoder
