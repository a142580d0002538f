"""Steamland's choices for the terminal (railtable.menu.Choice).

Numbers keep their meaning through a turn, whatever else becomes possible or not:
0 ends (the turn, the buying, moving a dragon); 1-6 go in a direction (1 east, 2
north-east, 3 north-west, 4 west, 5 south-west, 6 south-east; also where a beaten player
retreats or a dragon is pushed); 7 fight the creature here, 8 drink a speed potion,
9 take a task, 11-13 return task 1-3, 14 and 15 buy items or weapons; a card on display is
bought by the number the display shows (its place, 1-3 at a market; at the opening
purchase items 1-12 and weapons 21-26); 31-33 sell item 1-3, 41-42 sell weapon 1-2,
51-60 sell a head, 61-63 gamble an item, 70 steal, 71-76 challenge the player in seat
1-6; a fight: 80 fight, 81 flee, 82 escape with an item, 83 and 84 help a side, 85 stay
out, 86 use the lucky cog, 87 keep it; 91-93 the item that changes hands; 101-104 throw
an item away (4: the new one), 111-113 a weapon; an exchange: 121-126 offer it to seat
1-6, 131-133 the item given, 141-143 the item asked for, 150 accept, 151 decline.
The last digit is the slot or seat a player sees on the screen. English words always
work, Russian ones in a Russian game.
"""

from __future__ import annotations

from railtable.menu import Choice

from . import actions as A

# action type -> (number of its first choice, group, command word, extra word)
LAYOUT = {
    "end": (0, "end", "end", ""), "move": (1, "move", "go", ""),
    "attack_here": (7, "here", "attack", ""), "potion": (8, "here", "potion", ""),
    "take_task": (9, "task", "task", ""), "drop_task": (11, "task", "drop", ""),
    "open_items": (14, "here", "items", ""), "open_weapons": (15, "here", "weapons", ""),
    "sell_item": (31, "hand", "sell", ""), "sell_weapon": (41, "hand", "sell", "weapons"),
    "sell_head": (51, "hand", "sell", "head"), "gamble": (61, "hand", "gamble", ""),
    "steal": (70, "players", "steal", ""), "challenge": (71, "players", "challenge", ""),
    "fight": (80, "fight", "fight", ""), "flee": (81, "fight", "flee", ""),
    "escape": (82, "fight", "escape", ""), "join_attacker": (83, "fight", "help", ""),
    "join_defender": (84, "fight", "help", ""), "stay_out": (85, "fight", "stay", ""),
    "use_cog": (86, "fight", "cog", ""), "no_cog": (87, "fight", "keep", ""),
    "pick": (91, "hand", "pick", ""), "discard_item": (101, "hand", "throw", ""),
    "discard_weapon": (111, "hand", "throw", "weapons"),
    "offer": (121, "players", "offer", ""), "trade_give": (131, "trade", "give", ""),
    "trade_want": (141, "trade", "want", ""), "accept": (150, "trade", "accept", ""),
    "decline": (151, "trade", "decline", ""),
}


def display_number(obs: dict, kind: str, slot: int) -> int:
    """The number a card on display is bought with: its place (1-3) at a market; at the
    opening purchase items 1-12 and weapons 21-26."""
    if obs.get("shop") and kind == "weapons":
        return 21 + slot
    return 1 + slot


def menu(state, lang: str = "en", names=None) -> list[Choice]:
    g = state.game
    tt = g.i18n(lang)["terminal"]
    w, en = tt["commands"], g.i18n("en")["terminal"]["commands"]
    groups = tt["groups"]
    obs = state.observation(state.current_player())
    out = []
    for a in state.legal_actions():
        typ, key, v = A.decode(a)
        label = state.describe(a, lang, names)
        if typ == "move":
            cmd = tt["directions"][v]
            aliases = {cmd, g.i18n("en")["terminal"]["directions"][v]}
            aliases |= {f"{w['go']} {x}" for x in aliases} | {f"{en['go']} {x}" for x in aliases}
            out.append(Choice(a, v + 1, label, cmd, tuple(sorted(aliases - {cmd})),
                              groups["move"]))
            continue
        if typ in ("buy_item", "buy_weapon"):
            k = display_number(obs, "items" if typ == "buy_item" else "weapons", v)
            cmd, al = _say(w, en, "buy", "", str(k))
            out.append(Choice(a, k, label, cmd, al, groups["shop"]))
            continue
        first, group, word, extra = LAYOUT[typ]
        number = first + (v if key is not None else 0)
        rest = str(v + 1) if key is not None else ""
        if typ in ("join_attacker", "join_defender"):
            rest = "1" if typ == "join_attacker" else "2"
        cmd, al = _say(w, en, word, extra, rest)
        out.append(Choice(a, number, label, cmd, al, groups[group]))
    return out


def _say(w: dict, en: dict, word: str, extra: str, rest: str) -> tuple[str, tuple[str, ...]]:
    """The command in the game's language ("sell weapons 1"), the English one as an
    alias."""
    cmd = " ".join(x for x in (w[word], w[extra] if extra else "", rest) if x)
    alias = " ".join(x for x in (en[word], en[extra] if extra else "", rest) if x)
    return cmd, (() if alias == cmd else (alias,))
