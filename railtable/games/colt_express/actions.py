"""The integer action space of Colt Express and its JSON form.

Cards are small ints: an action card is `sub * 6 + kind` (sub: which of the seat's bandits
owns it, 0 in the one-bandit game; kind: move, climb, fire, punch, robbery, marshal); a
bullet card is 12 (neutral) or 13 + the shooter's bandit slot. Bandits in JSON are named by
their character id (unique in a game). The layout below is fixed: num_actions = 119.
"""

from __future__ import annotations

from typing import Final

from railtable.engine import IllegalAction

BANDITS: Final = ("belle", "cheyenne", "django", "doc", "ghost", "tuco")
KINDS: Final = ("move", "climb", "fire", "punch", "robbery", "marshal")
MOVE: Final = 0
CLIMB: Final = 1
FIRE: Final = 2
PUNCH: Final = 3
ROBBERY: Final = 4
MARSHAL: Final = 5
BELLE: Final = 0
CHEYENNE: Final = 1
DJANGO: Final = 2
DOC: Final = 3
GHOST: Final = 4
TUCO: Final = 5

DRAW: Final = 0          # draw 3 cards (Schemin')
PASS: Final = 1          # decline: partner card, pickpocketing, Cheyenne's purse, expert discards
KEEP: Final = 2          # Cheyenne keeps the purse her victim drops
PLAY: Final = 3          # + card (12): play a card (face down on a tunnel turn)
PLAY_DOWN: Final = 15    # + card (12): Ghost's first card of the round, face down
CHOOSE: Final = 27       # + card (12): two-bandit game, the card taken before the round's draw
# + card (12): expert variant, discard this hand card at the end of Schemin'
DISCARD: Final = 39
MOVE_TO: Final = 51      # + car (7): Move card destination (0 = locomotive)
PUNCH_TO: Final = 58     # + car (7): where the punched bandit is knocked
MARSHAL_TO: Final = 65   # + car (7): Marshal card destination
FIRE_AT: Final = 72      # + bandit character (6)
PUNCH_AT: Final = 78     # + bandit character (6)
LOOT_PURSE: Final = 84   # + purse token id (18): take / knock out / pickpocket this purse
LOOT_JEWEL: Final = 102
LOOT_BOX: Final = 103
DRAFT: Final = 104       # + bandit character (6): choose your bandit (one-bandit game)
TEAM: Final = 110        # + team (3): choose your team (two-bandit game)
HIDE: Final = 113        # + bandit character (6): hidden in the left hand, starts in the caboose
NUM_ACTIONS: Final = 119

_CAR_TYPES: Final = {"move": MOVE_TO, "punch_to": PUNCH_TO, "marshal": MARSHAL_TO}
_BANDIT_TYPES: Final = {"fire": FIRE_AT, "punch": PUNCH_AT, "choose_bandit": DRAFT, "hide": HIDE}
_CARD_TYPES: Final = {"play": PLAY, "choose_card": CHOOSE, "discard": DISCARD}


def _card_json(state, card: int) -> dict:
    d = {"card": KINDS[card % 6]}
    if state.two:
        d["bandit"] = BANDITS[state.char[state.cur * 2 + card // 6]]
    return d


def to_json(state, a: int) -> dict:
    if a == DRAW:
        return {"type": "draw"}
    if a == PASS:
        return {"type": "pass"}
    if a == KEEP:
        return {"type": "keep_purse"}
    if a < PLAY_DOWN:
        return {"type": "play", **_card_json(state, a - PLAY)}
    if a < CHOOSE:
        return {"type": "play", **_card_json(state, a - PLAY_DOWN), "face_down": True}
    if a < DISCARD:
        return {"type": "choose_card", **_card_json(state, a - CHOOSE)}
    if a < MOVE_TO:
        return {"type": "discard", **_card_json(state, a - DISCARD)}
    if a < PUNCH_TO:
        return {"type": "move", "to": a - MOVE_TO}
    if a < MARSHAL_TO:
        return {"type": "punch_to", "to": a - PUNCH_TO}
    if a < FIRE_AT:
        return {"type": "marshal", "to": a - MARSHAL_TO}
    if a < PUNCH_AT:
        return {"type": "fire", "target": BANDITS[a - FIRE_AT]}
    if a < LOOT_PURSE:
        return {"type": "punch", "target": BANDITS[a - PUNCH_AT]}
    if a < LOOT_JEWEL:
        return {"type": "loot", "kind": "purse", "purse": a - LOOT_PURSE}
    if a == LOOT_JEWEL:
        return {"type": "loot", "kind": "jewel"}
    if a == LOOT_BOX:
        return {"type": "loot", "kind": "strongbox"}
    if a < TEAM:
        return {"type": "choose_bandit", "bandit": BANDITS[a - DRAFT]}
    if a < HIDE:
        return {"type": "choose_team", "team": a - TEAM}
    if a < NUM_ACTIONS:
        return {"type": "hide", "bandit": BANDITS[a - HIDE]}
    raise IllegalAction(f"no action {a!r} in Colt Express")


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise IllegalAction(f"{key!r} must be an integer {lo}-{hi}, not {v!r}")
    return v


def _bandit(d: dict, key: str) -> int:
    v = d.get(key)
    if v not in BANDITS:
        raise IllegalAction(f"{key!r} must be one of {', '.join(BANDITS)}, not {v!r}")
    return BANDITS.index(v)


def _card(state, d: dict) -> int:
    kind = d.get("card")
    if kind not in KINDS:
        raise IllegalAction(f"'card' must be one of {', '.join(KINDS)}, not {kind!r}")
    k = KINDS.index(kind)
    if not state.two:
        if "bandit" in d and d["bandit"] != BANDITS[state.char[state.cur]]:
            raise IllegalAction(f"this card does not belong to {d['bandit']!r}")
        return k
    b = _bandit(d, "bandit")
    seat = state.cur
    for sub in (0, 1):
        if state.char[seat * 2 + sub] == b:
            if k == MARSHAL and sub == 1:
                return k  # the team's one Marshal card is filed under its first bandit
            return sub * 6 + k
    raise IllegalAction(f"{d['bandit']} is not a bandit of the player to act")


def from_json(state, d) -> int:
    if not isinstance(d, dict):
        raise IllegalAction(f"an action must be a JSON object, not {d!r}")
    t = d.get("type")
    if t == "draw":
        return DRAW
    if t == "pass":
        return PASS
    if t == "keep_purse":
        return KEEP
    if t in _CARD_TYPES:
        if state.cur < 0:
            raise IllegalAction("the game is over")
        c = _card(state, d)
        if t == "play" and d.get("face_down") is True:
            return PLAY_DOWN + c
        if "face_down" in d and not isinstance(d["face_down"], bool):
            raise IllegalAction("'face_down' must be true or false")
        return _CARD_TYPES[t] + c
    if t in _CAR_TYPES:
        return _CAR_TYPES[t] + _int(d, "to", 0, 6)
    if t in _BANDIT_TYPES:
        key = "target" if t in ("fire", "punch") else "bandit"
        return _BANDIT_TYPES[t] + _bandit(d, key)
    if t == "loot":
        kind = d.get("kind")
        if kind == "purse":
            return LOOT_PURSE + _int(d, "purse", 0, 17)
        if kind == "jewel":
            return LOOT_JEWEL
        if kind == "strongbox":
            return LOOT_BOX
        raise IllegalAction(f"loot 'kind' must be purse, jewel or strongbox, not {kind!r}")
    if t == "choose_team":
        return TEAM + _int(d, "team", 0, 2)
    raise IllegalAction(f"not a Colt Express action: {d!r}")
