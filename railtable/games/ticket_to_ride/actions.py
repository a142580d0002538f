"""The integer action space of Ticket to Ride and its JSON form.

    0-4     take the face-up card in slot 0-4            {"type": "take_face_up", "slot": 2}
    5       take the top card of the face-down deck       {"type": "take_blind"}
    6       draw destination tickets                      {"type": "draw_tickets"}
    7       pass (only when nothing else is legal)        {"type": "pass"}
    8-14    keep the subset `mask` (1-7) of the tickets on offer, action 7 + mask
                                                          {"type": "keep_tickets", "tickets": [3, 17]}
    15      take back a claim whose payment is pending (once per turn)
                                                          {"type": "cancel_claim"}
    16-115  claim route 16 + route                        {"type": "claim_route", "route": 17}
    116-164 pay for the pending claim: 116 + pay
            pay = colour * 6 + locomotives  (colour 0-7, locomotives < route length)
            pay = 48: the whole route paid with locomotives
            {"type": "pay", "color": "red", "locomotives": 1}
            ({"type": "pay", "color": null, "locomotives": 4} when only locomotives are paid)

A claim is two decisions: the route, then the payment; when the hand allows exactly one
payment, the claim pays it at once and the turn ends.
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
CANCEL = 15
CLAIM_BASE = 16         # claim route r -> CLAIM_BASE + r
MAX_ROUTES = 100
PAY_BASE = CLAIM_BASE + MAX_ROUTES
PAYMENTS = 49           # payment slots
ALL_LOCO = 48
MAX_LENGTH = 6


def pay_slot(color: int | None, locomotives: int, length: int) -> int:
    """The payment slot (0-48) of paying `length - locomotives` cards of `color` and
    `locomotives` locomotives (color None or locomotives == length: locomotives only)."""
    if color is None or locomotives == length:
        return ALL_LOCO
    return color * 6 + locomotives


def pay_action(color: int | None, locomotives: int, length: int) -> int:
    """The action id of that payment."""
    return PAY_BASE + pay_slot(color, locomotives, length)


def decode_pay(a: int) -> tuple[int, int]:
    """(colour or -1 for locomotives only, locomotives or -1 for 'the whole length')."""
    pay = a - PAY_BASE
    if pay == ALL_LOCO:
        return -1, -1
    return divmod(pay, 6)
