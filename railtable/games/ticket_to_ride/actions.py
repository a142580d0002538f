"""The integer action space of Ticket to Ride and its JSON form.

    0-4     take the face-up card in slot 0-4            {"type": "take_face_up", "slot": 2}
    5       take the top card of the face-down deck       {"type": "take_blind"}
    6       draw destination tickets                      {"type": "draw_tickets"}
    7       pass (only when nothing else is legal)        {"type": "pass"}
    8-14    keep the subset `mask` (1-7) of the tickets on offer, action 7 + mask
                                                          {"type": "keep_tickets", "tickets": [3, 17]}
    16+     claim a route with a payment: 16 + route * 49 + pay
            pay = colour * 6 + locomotives  (colour 0-7, locomotives < route length)
            pay = 48: the whole route paid with locomotives
            {"type": "claim_route", "route": 17, "color": "red", "locomotives": 1}
            ("color": null when only locomotives are paid)
"""

from __future__ import annotations

NUM_COLORS = 8          # train-card colours; the card kind 8 is the locomotive
LOCO = 8
NUM_KINDS = 9
GRAY = 8                # the colour index of a gray route
FACE_UP_SLOTS = 5

TAKE_BLIND = 5
DRAW_TICKETS = 6
PASS = 7
KEEP_BASE = 7           # keep mask m (1..7) -> KEEP_BASE + m
CLAIM_BASE = 16
PAYMENTS = 49           # payment slots per route
ALL_LOCO = 48
MAX_LENGTH = 6


def claim_action(route: int, color: int | None, locomotives: int, length: int) -> int:
    """The action id of claiming `route` paying `length - locomotives` cards of `color` and
    `locomotives` locomotives (color None or locomotives == length: locomotives only)."""
    if color is None or locomotives == length:
        return CLAIM_BASE + route * PAYMENTS + ALL_LOCO
    return CLAIM_BASE + route * PAYMENTS + color * 6 + locomotives


def decode_claim(a: int) -> tuple[int, int, int]:
    """(route, colour or -1 for locomotives only, locomotives or -1 for 'the whole length')."""
    r, pay = divmod(a - CLAIM_BASE, PAYMENTS)
    if pay == ALL_LOCO:
        return r, -1, -1
    c, k = divmod(pay, 6)
    return r, c, k
