"""The integer action space of Switch & Signal and its JSON form.

Every decision is one small integer. Ranges (base + offset):

    END                      end the action-card phase (then draw up to the hand limit)
    STOP                     a train that may pass through a city stops there
    DISPATCHER               call the dispatcher (Central Europe helper)
    ACCEPT_ROLL / LOGISTICIAN  keep a movement roll / have the logistician reroll it
    ACCEPT_CARD / SWITCHMAN  carry out the revealed departure card / send it under the pile
    ROLL_DEPLOY              roll the deployment dice (when the coupler could be called)
    DEPLOY_COLOUR + c        colour of a train to deploy (0 black, 1 brown, 2 gray)
    MOVE_COLOUR + c          colour chosen for a multicolour train on a departure card
    CONDUCTOR + c            the conductor keeps every train of colour c still this card
    TRAIN + t                the next train to move (departure card order, or the target of
                             a move-train action card); trains 0-2 black, 3-5 brown, 6-8 gray
    HOLD + t                 the station master keeps train t still
    PLAY + purpose*7 + slot  play action card(s): purpose 0 signal, 1 switch, 2 move train;
                             slot 0 = one card of that type, 1-6 = two cards of any types
                             (PAIRS[slot-1]) as the "any action" play
    LOAD + t*3 + card        load train t, paying one card of type `card`
    COUPLER + s              the coupler puts the new train on starting point s
    JUNCTION + j             the junction whose switch discs an action card moves
    CONFIG + k               the new setting of that junction (its k-th pair of open branches)
    FIELD_FROM + f           lift the signal disc from signal field f
    FIELD_TO + f             put a signal disc on red signal field f
    ROUTE + e                leave a city along the line whose end at the city is e
"""

from __future__ import annotations

from typing import Final

END: Final = 0
STOP: Final = 1
DISPATCHER: Final = 2
ACCEPT_ROLL: Final = 3
LOGISTICIAN: Final = 4
SWITCHMAN: Final = 5
ACCEPT_CARD: Final = 6
ROLL_DEPLOY: Final = 7
DEPLOY_COLOUR: Final = 8
MOVE_COLOUR: Final = 11
CONDUCTOR: Final = 14
TRAIN: Final = 17
HOLD: Final = 26
PLAY: Final = 35
LOAD: Final = 56
COUPLER: Final = 83
JUNCTION: Final = 94
MAX_JUNCTIONS: Final = 32
CONFIG: Final = JUNCTION + MAX_JUNCTIONS  # 126
FIELD_FROM: Final = CONFIG + 6  # 132
MAX_FIELDS: Final = 64
FIELD_TO: Final = FIELD_FROM + MAX_FIELDS  # 196
ROUTE: Final = FIELD_TO + MAX_FIELDS  # 260
MAX_ENDS: Final = 128
NUM_ACTIONS: Final = ROUTE + MAX_ENDS  # 388

PURPOSES: Final = ("signal", "switch", "move_train")
CARD_TYPES: Final = ("signal", "switch", "move_train")
COLOURS: Final = ("black", "brown", "gray")
PAIRS: Final = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))

_SIMPLE: Final = {END: "end_actions", STOP: "stop", DISPATCHER: "dispatcher",
                  ACCEPT_ROLL: "accept_roll", LOGISTICIAN: "logistician", SWITCHMAN: "switchman",
                  ACCEPT_CARD: "accept_card", ROLL_DEPLOY: "roll_deploy"}
_SIMPLE_BACK: Final = {v: k for k, v in _SIMPLE.items()}


def to_json(state, a: int) -> dict:
    """The JSON form of action `a` in `state` (on its Board, rules.py)."""
    board = state.board
    if a in _SIMPLE:
        return {"type": _SIMPLE[a]}
    if DEPLOY_COLOUR <= a < MOVE_COLOUR:
        return {"type": "deploy_colour", "colour": COLOURS[a - DEPLOY_COLOUR]}
    if MOVE_COLOUR <= a < CONDUCTOR:
        return {"type": "move_colour", "colour": COLOURS[a - MOVE_COLOUR]}
    if CONDUCTOR <= a < TRAIN:
        return {"type": "conductor", "colour": COLOURS[a - CONDUCTOR]}
    if TRAIN <= a < HOLD:
        return {"type": "train", "train": a - TRAIN}
    if HOLD <= a < PLAY:
        return {"type": "station_master", "train": a - HOLD}
    if PLAY <= a < LOAD:
        purpose, slot = divmod(a - PLAY, 7)
        cards = [CARD_TYPES[purpose]] if slot == 0 else [CARD_TYPES[c] for c in PAIRS[slot - 1]]
        return {"type": "play", "action": PURPOSES[purpose], "cards": cards}
    if LOAD <= a < COUPLER:
        t, c = divmod(a - LOAD, 3)
        return {"type": "load", "train": t, "card": CARD_TYPES[c]}
    if COUPLER <= a < JUNCTION:
        return {"type": "coupler", "starting_point": board.node_ids[board.starts[a - COUPLER]]}
    if JUNCTION <= a < CONFIG:
        return {"type": "junction", "junction": board.node_ids[board.junctions[a - JUNCTION]]}
    if CONFIG <= a < FIELD_FROM:
        return {"type": "switch_setting", "setting": a - CONFIG}
    if FIELD_FROM <= a < FIELD_TO:
        return {"type": "signal_from", "field": a - FIELD_FROM}
    if FIELD_TO <= a < ROUTE:
        return {"type": "signal_to", "field": a - FIELD_TO}
    if ROUTE <= a < NUM_ACTIONS:
        e = a - ROUTE
        return {"type": "route", "line": e >> 1, "toward": board.node_ids[board.end_far_node[e]]}
    raise ValueError(f"not an action: {a}")


def from_json(state, d) -> int:
    """The action id of a JSON action; ValueError if malformed (the Game makes it an
    IllegalAction)."""
    board = state.board
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise ValueError(f"not an action: {d!r}")
    t = d["type"]
    if t in _SIMPLE_BACK:
        return _SIMPLE_BACK[t]
    try:
        if t in ("deploy_colour", "move_colour", "conductor"):
            base = {"deploy_colour": DEPLOY_COLOUR, "move_colour": MOVE_COLOUR,
                    "conductor": CONDUCTOR}[t]
            return base + COLOURS.index(d["colour"])
        if t in ("train", "station_master"):
            tr = d["train"]
            if not isinstance(tr, int) or not 0 <= tr < 9:
                raise ValueError
            return (TRAIN if t == "train" else HOLD) + tr
        if t == "play":
            purpose = PURPOSES.index(d["action"])
            cards = [CARD_TYPES.index(c) for c in d["cards"]]
            if len(cards) == 1 and cards[0] == purpose:
                return PLAY + purpose * 7
            if len(cards) == 2:
                return PLAY + purpose * 7 + 1 + PAIRS.index(tuple(sorted(cards)))
            raise ValueError
        if t == "load":
            tr = d["train"]
            if not isinstance(tr, int) or not 0 <= tr < 9:
                raise ValueError
            return LOAD + tr * 3 + CARD_TYPES.index(d["card"])
        if t == "coupler":
            return COUPLER + board.starts.index(board.node_index[d["starting_point"]])
        if t == "junction":
            return JUNCTION + board.junctions.index(board.node_index[d["junction"]])
        if t == "switch_setting":
            k = d["setting"]
            if not isinstance(k, int) or not 0 <= k < 6:
                raise ValueError
            return CONFIG + k
        if t in ("signal_from", "signal_to"):
            f = d["field"]
            if not isinstance(f, int) or not 0 <= f < board.num_fields:
                raise ValueError
            return (FIELD_FROM if t == "signal_from" else FIELD_TO) + f
        if t == "route":
            line, toward = d["line"], board.node_index[d["toward"]]
            for e in (2 * line, 2 * line + 1):
                if board.end_far_node[e] == toward:
                    return ROUTE + e
            raise ValueError
    except (KeyError, ValueError, TypeError, IndexError):
        pass
    raise ValueError(f"malformed {t} action: {d!r}")
