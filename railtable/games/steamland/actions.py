from typing import Final
"""The integer action space of Steamland and its JSON form.

Every decision is one small integer. The same number can mean slightly different things in
different decision points (MOVE is a step on the map, the hex a dragon is pushed to, or the
hex a beaten player retreats to); its JSON form names the decision point's meaning only by
type and parameter, so records stay readable.
"""

END: Final = 0                 # end movement / end the turn / done buying / leave the dragon / pass
MOVE: Final = 1                # 1..6: towards hex edge 0..5
ATTACK_HERE: Final = 7         # fight the creature standing on your own hex
POTION: Final = 8              # drink a speed potion
TAKE_TASK: Final = 9
DROP_TASK: Final = 10          # 10..12: return task slot k to the deck
OPEN_ITEMS: Final = 13         # the buying operation for items: three are revealed
OPEN_WEAPONS: Final = 14       # ... and for weapons
BUY_ITEM: Final = 15           # 15..26: display slot k
BUY_WEAPON: Final = 27         # 27..32: display slot k
SELL_ITEM: Final = 33          # 33..35
SELL_WEAPON: Final = 36        # 36..37
SELL_HEAD: Final = 38          # 38..47
GAMBLE: Final = 48             # 48..50: stake item slot k against the Chief Engineer
STEAL: Final = 51
CHALLENGE: Final = 52          # 52..57: fight the player in seat k
FIGHT: Final = 58              # accept the fight
FLEE: Final = 59               # try to flee (5-6)
ESCAPE: Final = 60             # use an item that lets you escape
JOIN_A: Final = 61             # join the fight on the side of the one who started it
JOIN_B: Final = 62             # ... on the side of the opponent (a creature or a player)
STAY_OUT: Final = 63
USE_COG: Final = 64
NO_COG: Final = 65
PICK: Final = 66               # 66..68: the item (slot) that changes hands
DISCARD_ITEM: Final = 69       # 69..72
DISCARD_WEAPON: Final = 73     # 73..75
# an exchange of items between two players on one hex (the project's procedure: offer,
# the item given, the item asked for, then the other player's answer)
OFFER: Final = 76              # 76..81: propose an exchange to the player in seat k
TRADE_GIVE: Final = 82         # 82..84: the item (slot) offered
TRADE_WANT: Final = 85         # 85..87: the other player's item (slot) asked for
ACCEPT: Final = 88
DECLINE: Final = 89
NUM_ACTIONS: Final = 90

# (json type, parameter name or None, first action id, count)
RANGES: Final = [
    ("end", None, END, 1), ("move", "dir", MOVE, 6), ("attack_here", None, ATTACK_HERE, 1),
    ("potion", None, POTION, 1), ("take_task", None, TAKE_TASK, 1),
    ("drop_task", "slot", DROP_TASK, 3), ("open_items", None, OPEN_ITEMS, 1),
    ("open_weapons", None, OPEN_WEAPONS, 1), ("buy_item", "slot", BUY_ITEM, 12),
    ("buy_weapon", "slot", BUY_WEAPON, 6), ("sell_item", "slot", SELL_ITEM, 3),
    ("sell_weapon", "slot", SELL_WEAPON, 2), ("sell_head", "slot", SELL_HEAD, 10),
    ("gamble", "slot", GAMBLE, 3), ("steal", None, STEAL, 1),
    ("challenge", "seat", CHALLENGE, 6), ("fight", None, FIGHT, 1), ("flee", None, FLEE, 1),
    ("escape", None, ESCAPE, 1), ("join_attacker", None, JOIN_A, 1),
    ("join_defender", None, JOIN_B, 1), ("stay_out", None, STAY_OUT, 1),
    ("use_cog", None, USE_COG, 1), ("no_cog", None, NO_COG, 1), ("pick", "slot", PICK, 3),
    ("discard_item", "slot", DISCARD_ITEM, 4), ("discard_weapon", "slot", DISCARD_WEAPON, 3),
    ("offer", "seat", OFFER, 6), ("trade_give", "slot", TRADE_GIVE, 3),
    ("trade_want", "slot", TRADE_WANT, 3), ("accept", None, ACCEPT, 1),
    ("decline", None, DECLINE, 1),
]
_BY_TYPE: Final = {t: (k, first, n) for t, k, first, n in RANGES}
_DECODE: Final = []
for _t, _k, _first, _n in RANGES:
    for _i in range(_n):
        _DECODE.append((_t, _k, _i))
assert len(_DECODE) == NUM_ACTIONS


def decode(a: int) -> tuple:
    """(type, parameter name or None, parameter value) of action a."""
    return _DECODE[a]


def to_json(state, a: int) -> dict:
    """The JSON form of action `a` (the same in every state)."""
    t, k, i = _DECODE[a]
    return {"type": t} if k is None else {"type": t, k: i}


def from_json(state, d) -> int:
    """The action id of a JSON action; ValueError if malformed (the Game makes it an
    IllegalAction)."""
    if not isinstance(d, dict) or d.get("type") not in _BY_TYPE:
        raise ValueError(f"not a Steamland action: {d!r}")
    k, first, n = _BY_TYPE[d["type"]]
    if k is None:
        return first
    v = d.get(k)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise ValueError(f"{d['type']} needs {k} in 0..{n - 1}, not {v!r}")
    return first + v
