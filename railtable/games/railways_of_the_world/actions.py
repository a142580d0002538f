"""The integer action space of Railways of the World and its JSON form.

The layout is fixed (independent of the map) so records stay valid:

    0           pass in the first-player auction
    1..5        raise the bid by 1..5 steps of $1,000 (the opening bid is 1..5 steps)
    6           take one «1» loan note (not an action; offered at one's own decisions)
    7..12       the turn's action: build, urbanize, upgrade, deliver, operations card, pass
    13          finish building (leave the link unfinished)
    14..19      build step: lay track out of the head hex in direction 0..5
    20..        start building at hex h (a city, or the open end of one's unfinished link)
    ..          urbanize: choose the new-city colour (5), then the gray city (MAX_CITY)
    ..          deliver: choose the goods cube (city * 5 + colour), then each next link
                (next city * MAX_SEATS + the link's owner)
    ..          take an operations card (card id); use a held card (card id)
    last        raise the bid by 5 steps and go on raising (a raise of any size is a run of
                these followed by one raise of 1..5 steps; added last so older ids stay)
"""

from __future__ import annotations

from typing import Final

MAX_HEX: Final = 1024
MAX_CITY: Final = 128
MAX_CARD: Final = 64
MAX_SEATS: Final = 6
NUM_COLOURS: Final = 5

A_PASS_BID: Final = 0
A_BID: Final = 1            # A_BID + k - 1: raise by k steps, k = 1..5
MAX_RAISE: Final = 5
A_NOTE: Final = 6
A_BUILD: Final = 7
A_URBANIZE: Final = 8
A_UPGRADE: Final = 9
A_DELIVER: Final = 10
A_CARD: Final = 11
A_PASS_TURN: Final = 12
A_FINISH: Final = 13
A_STEP: Final = 14          # + direction 0..5
A_BUILD_AT: Final = 20      # + hex index
A_URB_COLOUR: Final = A_BUILD_AT + MAX_HEX          # + colour 0..4
A_URB_CITY: Final = A_URB_COLOUR + NUM_COLOURS      # + city id
A_CUBE: Final = A_URB_CITY + MAX_CITY               # + city * 5 + colour
A_MOVE: Final = A_CUBE + MAX_CITY * NUM_COLOURS     # + city * MAX_SEATS + owner
A_TAKE_CARD: Final = A_MOVE + MAX_CITY * MAX_SEATS  # + card id
A_USE_CARD: Final = A_TAKE_CARD + MAX_CARD          # + card id
A_RAISE_MORE: Final = A_USE_CARD + MAX_CARD
NUM_ACTIONS: Final = A_RAISE_MORE + 1

KIND_NAMES: Final = {A_BUILD: "build", A_URBANIZE: "urbanize", A_UPGRADE: "upgrade",
                     A_DELIVER: "deliver", A_CARD: "operations_card", A_PASS_TURN: "pass_turn"}
KIND_IDS: Final = {v: k for k, v in KIND_NAMES.items()}
COLOURS: Final = ("red", "yellow", "blue", "black", "purple")
DIRECTIONS: Final = ("e", "ne", "nw", "w", "sw", "se")


def to_json(state, a: int) -> dict:
    """The JSON form of action `a` (bids carry the absolute amount)."""
    m = state.m
    if a == A_PASS_BID:
        return {"type": "pass_bid"}
    if A_BID <= a < A_BID + MAX_RAISE:
        return {"type": "bid", "amount": state.bid + (a - A_BID + 1) * state.game.bid_step}
    if a == A_NOTE:
        return {"type": "take_note"}
    if a in KIND_NAMES:
        return {"type": "action", "action": KIND_NAMES[a]}
    if a == A_FINISH:
        return {"type": "finish_build"}
    if A_STEP <= a < A_STEP + 6:
        return {"type": "build_step", "direction": DIRECTIONS[a - A_STEP]}
    if A_BUILD_AT <= a < A_URB_COLOUR:
        q, r = m.hex_qr[a - A_BUILD_AT]
        return {"type": "build_at", "hex": [q, r]}
    if A_URB_COLOUR <= a < A_URB_CITY:
        return {"type": "new_city_colour", "colour": COLOURS[a - A_URB_COLOUR]}
    if A_URB_CITY <= a < A_CUBE:
        return {"type": "urbanize_city", "city": m.city_key[a - A_URB_CITY]}
    if A_CUBE <= a < A_MOVE:
        c, k = divmod(a - A_CUBE, NUM_COLOURS)
        return {"type": "cube", "city": m.city_key[c], "colour": COLOURS[k]}
    if A_MOVE <= a < A_TAKE_CARD:
        c, o = divmod(a - A_MOVE, MAX_SEATS)
        return {"type": "move", "city": m.city_key[c], "owner": o}
    if A_TAKE_CARD <= a < A_USE_CARD:
        return {"type": "take_card", "card": state.game.cards[a - A_TAKE_CARD]["key"]}
    if A_USE_CARD <= a < A_RAISE_MORE:
        return {"type": "use_card", "card": state.game.cards[a - A_USE_CARD]["key"]}
    if a == A_RAISE_MORE:
        return {"type": "raise_more", "amount": state.bid + MAX_RAISE * state.game.bid_step}
    raise ValueError(f"no action {a}")


def from_json(state, d: dict) -> int:
    """The action id of a JSON action; raises ValueError (wrapped by the game) if malformed."""
    m = state.m
    t = d.get("type")
    if t == "pass_bid":
        return A_PASS_BID
    if t == "bid":
        amount = d["amount"]
        step = state.game.bid_step
        k, rest = divmod(amount - state.bid, step)
        if rest or not 1 <= k <= MAX_RAISE:
            raise ValueError(f"a bid must raise {state.bid} by 1 to {MAX_RAISE} steps of {step}; "
                             f"a larger raise begins with raise_more (+{MAX_RAISE} steps each)")
        return A_BID + k - 1
    if t == "raise_more":
        return A_RAISE_MORE
    if t == "take_note":
        return A_NOTE
    if t == "action":
        return KIND_IDS[d["action"]]
    if t == "finish_build":
        return A_FINISH
    if t == "build_step":
        return A_STEP + DIRECTIONS.index(d["direction"])
    if t == "build_at":
        return A_BUILD_AT + m.hex_index[tuple(d["hex"])]
    if t == "new_city_colour":
        return A_URB_COLOUR + COLOURS.index(d["colour"])
    if t == "urbanize_city":
        return A_URB_CITY + m.city_id[d["city"]]
    if t == "cube":
        return A_CUBE + m.city_id[d["city"]] * NUM_COLOURS + COLOURS.index(d["colour"])
    if t == "move":
        o = d["owner"]
        if not isinstance(o, int) or not 0 <= o < MAX_SEATS:
            raise ValueError(f"bad owner {o!r}")
        return A_MOVE + m.city_id[d["city"]] * MAX_SEATS + o
    if t == "take_card":
        return A_TAKE_CARD + state.game.card_id[d["card"]]
    if t == "use_card":
        return A_USE_CARD + state.game.card_id[d["card"]]
    raise ValueError(f"unknown action type {t!r}")
