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

from typing import Final

from railtable.engine import IllegalAction

NUM_COLORS: Final = 8          # train-card colours; the card kind 8 is the locomotive
LOCO: Final = 8
NUM_KINDS: Final = 9
GRAY: Final = 8                # the colour index of a gray route
FACE_UP_SLOTS: Final = 5

TAKE_BLIND: Final = 5
DRAW_TICKETS: Final = 6
PASS: Final = 7
KEEP_BASE: Final = 7           # keep mask m (1..7) -> KEEP_BASE + m
CANCEL: Final = 15
CLAIM_BASE: Final = 16         # claim route r -> CLAIM_BASE + r
MAX_ROUTES: Final = 100
PAY_BASE: Final = CLAIM_BASE + MAX_ROUTES
PAYMENTS: Final = 49           # payment slots
ALL_LOCO: Final = 48
MAX_LENGTH: Final = 6


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


def to_json(state, a: int) -> dict:
    """The JSON form of action `a` (module docstring) in `state`."""
    game = state.game
    if a < FACE_UP_SLOTS and a >= 0:
        card = state.face_up[a]
        return {"type": "take_face_up", "slot": a,
                "card": game.kinds[card] if card >= 0 else None}
    if a == TAKE_BLIND:
        return {"type": "take_blind"}
    if a == DRAW_TICKETS:
        return {"type": "draw_tickets"}
    if a == PASS:
        return {"type": "pass"}
    if KEEP_BASE < a < KEEP_BASE + 8:
        offer = state.offer[state.cur] if not state.is_terminal() else ()
        mask = a - KEEP_BASE
        return {"type": "keep_tickets",
                "tickets": [t for i, t in enumerate(offer) if mask >> i & 1]}
    if a == CANCEL:
        return {"type": "cancel_claim"}
    if CLAIM_BASE <= a < CLAIM_BASE + game.num_routes:
        return {"type": "claim_route", "route": a - CLAIM_BASE}
    if PAY_BASE <= a < PAY_BASE + PAYMENTS:
        slot = a - PAY_BASE
        if slot == ALL_LOCO:
            if state.pending < 0:
                raise IllegalAction("no claim is waiting for a payment")
            return {"type": "pay", "color": None,
                    "locomotives": game.route_length[state.pending]}
        c, k = divmod(slot, 6)
        return {"type": "pay", "color": game.colors[c], "locomotives": k}
    raise IllegalAction(f"{a} is not a Ticket to Ride action")

def from_json(state, d: dict) -> int:
    """The action id of a JSON action; raises IllegalAction if it is malformed."""
    game = state.game
    if not isinstance(d, dict):
        raise IllegalAction(f"not a Ticket to Ride action: {d!r}")
    kind = d.get("type")
    if kind == "take_face_up":
        slot = d.get("slot")
        if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < 5:
            raise IllegalAction(f"slot must be 0-4, not {slot!r}")
        return slot
    if kind == "take_blind":
        return TAKE_BLIND
    if kind == "draw_tickets":
        return DRAW_TICKETS
    if kind == "pass":
        return PASS
    if kind == "keep_tickets":
        ids = d.get("tickets")
        offer = state.offer[state.cur] if not state.is_terminal() else ()
        if not isinstance(ids, list) or len(set(ids)) != len(ids) \
                or any(t not in offer for t in ids):
            raise IllegalAction(f"tickets must be a list of tickets on offer {list(offer)}")
        if not ids:
            # rulebook: «Взятие новых карт маршрутов» -- at least one ticket is kept
            raise IllegalAction("keep at least one of the tickets on offer")
        return KEEP_BASE + sum(1 << offer.index(t) for t in ids)
    if kind == "cancel_claim":
        return CANCEL
    if kind == "claim_route":
        r = d.get("route")
        if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < game.num_routes:
            raise IllegalAction(f"route must be 0-{game.num_routes - 1}, not {r!r}")
        if "color" in d or "locomotives" in d:
            raise IllegalAction('a claim names only the route; the payment is the next '
                                'decision: {"type": "pay", "color": ..., "locomotives": ...}')
        return CLAIM_BASE + r
    if kind == "pay":
        L = game.route_length[state.pending] if state.pending >= 0 else None
        k = d.get("locomotives", 0)
        top = 6 if L is None else L
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= top:
            raise IllegalAction(f"locomotives must be 0-{top}, not {k!r}")
        color = d.get("color")
        if color is None or k == L:
            if L is None:
                raise IllegalAction("no claim is waiting for a payment")
            if k != L:
                raise IllegalAction("a payment without a colour is locomotives only")
            return PAY_BASE + ALL_LOCO
        if color not in game.colors:
            raise IllegalAction(f"unknown colour {color!r}")
        if k > 5:
            raise IllegalAction(f"locomotives must be 0-5 with a colour, not {k!r}")
        return PAY_BASE + game.colors.index(color) * 6 + k
    raise IllegalAction(f"not a Ticket to Ride action: {d!r}")
