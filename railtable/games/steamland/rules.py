"""Steamland (Пароземелье): the rules as a State.

The engine plays the Chief Engineer: it rolls for creatures, keeps the bank and the decks and
settles the rulebook's open questions by the fixed rules written in docs/games/steamland.md.
Everything is ints and lists of ints; the hex grid and the card tables live in the Game.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, Result, State, fields, option, randbelow,
                              randint, shuffle, texts)
from railtable.games.steamland import actions as A

HERE: Final = Path(__file__).parent

# tile kinds
K_START: Final = 0
K_CITY: Final = 1
K_MARKET: Final = 2
K_TAVERN: Final = 3
K_ATTACK: Final = 4
K_TERRAIN: Final = 5
KIND_IDS: Final = {"start": K_START, "city": K_CITY, "market": K_MARKET, "tavern": K_TAVERN,
                   "attack": K_ATTACK, "terrain": K_TERRAIN}
KIND_NAMES: Final = ["start", "city", "market", "tavern", "attack", "terrain"]
TERRAINS: Final = ["stone", "lava", "sand", "swamp", "water"]

# item effects
E_NONE: Final = 0
E_SCREWDRIVER: Final = 1
E_BALLOON: Final = 2
E_CAR: Final = 3
E_POTION: Final = 4
E_ESCAPE: Final = 5
E_ARMOUR: Final = 6
E_COG: Final = 7
EFFECTS: Final = {"none": E_NONE, "screwdriver": E_SCREWDRIVER, "balloon": E_BALLOON,
                  "steam_car": E_CAR, "speed_potion": E_POTION, "escape": E_ESCAPE,
                  "armour": E_ARMOUR, "lucky_cog": E_COG}
# creature roll kinds
R_ONE: Final = 0
R_BEST: Final = 1
R_SUM: Final = 2
# task kinds
T_VISIT: Final = 0
T_HUNT: Final = 1
T_DELIVER: Final = 2
T_PAY: Final = 3
TASK_KINDS: Final = {"visit": T_VISIT, "hunt": T_HUNT, "deliver": T_DELIVER, "pay": T_PAY}
# event effects
V_ATTACK: Final = 0
V_ITEM: Final = 1
V_WEAPON: Final = 2
V_TASK: Final = 3
V_MOVE: Final = 4
V_PAY: Final = 5
V_GAIN: Final = 6
V_LOSE: Final = 7
EVENT_EFFECTS: Final = {"creature_attack": V_ATTACK, "find_item": V_ITEM, "find_weapon": V_WEAPON,
                        "forced_task": V_TASK, "movement": V_MOVE, "pay": V_PAY, "gain": V_GAIN,
                        "lose_item": V_LOSE}

# phases
PH_SHOP: Final = 0
PH_START: Final = 1
PH_EVENT: Final = 2
PH_TURN: Final = 3
PH_MARKET: Final = 4
PH_NEXT: Final = 5
PH_OVER: Final = 6
# fight steps
FS_FLEE: Final = 0
FS_ESCAPE: Final = 1
FS_JOINQ: Final = 2
FS_JOIN: Final = 3
FS_ROLL: Final = 4
FS_COG: Final = 5
FS_RESOLVE: Final = 6
# fight origins
O_EVENT: Final = 0
O_REVEAL: Final = 1
O_NEIGHBOUR: Final = 2
O_HERE: Final = 3
O_PVP: Final = 4
# pending decisions: (kind, decider, ...)
P_DISCARD: Final = 0
P_WDISCARD: Final = 1
P_TDISCARD: Final = 2
P_PICK: Final = 3
P_DISPLACE: Final = 4
P_DRAGON: Final = 5
# an exchange: (P_GIVE, offerer, other), (P_WANT, offerer, other, give slot),
# (P_ANSWER, other, offerer, give slot, want slot)
P_GIVE: Final = 6
P_WANT: Final = 7
P_ANSWER: Final = 8
FORCED_PENDING: Final = frozenset((P_TDISCARD, P_PICK, P_DISPLACE, P_GIVE, P_WANT))  # `_forced`
PENDING_NAMES: Final = ("discard_item", "discard_weapon", "return_task", "pick_item", "retreat",
                        "move_dragon", "offer_item", "ask_item", "answer_offer")
# destinations of a lost valuable
D_HEX: Final = 0
D_PLAYER: Final = 1
D_DECK: Final = 2
# "each kind of action once per turn" bits (rulebook 6: buy items once, buy weapons once,
# sell anything once; 9: each operation - sales, purchases, thefts - once a turn): one sale
# a turn, an item, a weapon or a head (bit 32, the head's own until rules_version 5, unused)
U_TASK: Final = 1
U_DROP: Final = 2
U_BUYI: Final = 4
U_BUYW: Final = 8
U_SELL: Final = 16
U_GAMBLE: Final = 64
U_STEAL: Final = 128
U_PVP: Final = 256
U_POTION: Final = 512
U_TRADE: Final = 1024

LEVELS: Final = ("apprentice", "master", "professor", "genius")
ENDS: Final = ("machine_launched", "dragons_defeated", "fourteen_points", "four_dragons",
               "round_limit")
DIRS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TITLE_CAPITALIST: Final = 0
TITLE_PISTOL: Final = 1
TITLE_TRAVELLER: Final = 2
TITLE_GOOD_WORK: Final = 3
TITLE_SLAYER: Final = 4


# _SLOTS[first][n]: the actions first..first+n-1, prebuilt
_SLOTS: Final = {first: [list(range(first, first + n)) for n in range(11)]
                 for first in (A.DROP_TASK, A.SELL_ITEM, A.SELL_WEAPON, A.SELL_HEAD, A.GAMBLE,
                        A.DISCARD_ITEM)}


def rot(mask: int, k: int) -> int:
    return ((mask << k) | (mask >> (6 - k))) & 63 if k else mask


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class SteamlandOptions:
    level: str = option("apprentice", label=texts(__file__, "options", "level"),
                        choices=LEVELS)


class SteamlandState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    level: int
    phase: int
    cur: int
    rnd: int
    over: str | None
    winners: tuple[int, ...] | None
    roll: int
    bank: int
    taken_titles: int
    ndragons: int
    dkilled: int
    mp: int
    used: int
    evdue: bool
    mkind: int
    sh_passed: int
    sh_turn: int
    fk: int
    fa: int
    fb: int
    fc: int
    fhex: int
    forig: int
    fstep: int
    fround: int
    fend: bool
    chk_all: bool
    complete: bool
    pos: list[int]
    money: list[int]
    points: list[int]
    jail: list[int]
    kills: list[int]
    dkills: list[int]
    tdone: list[int]
    titles: list[int]
    lmoney: list[int]
    tile: list[int]
    roads: bytearray
    gaps: bytearray
    mon: list[int]
    loot: list[tuple[int, int]]
    tdeck: list[int]
    ideck: list[int]
    wdeck: list[int]
    cdeck: list[int]
    ddeck: list[int]
    qdeck: list[int]
    edeck: list[int]
    gone: list[int]
    qdone: list[int]
    common: list[int]
    target: list[int]
    prog: list[int]
    found: list[int]
    credit: list[int]
    mdisp: list[int]
    sh_items: list[int]
    sh_weap: list[int]
    sh_bi: list[int]
    sh_bw: list[int]
    fside: list[int]
    fq: list[int]
    ftot: list[int]
    fjoin: list[int]
    pend: list[tuple[int, ...]]
    dpos: list[int]
    items: list[list[int]]
    weapons: list[list[int]]
    heads: list[list[int]]
    tasks: list[list[int]]

    # Every field, by how a clone copies it.
    FIELDS: ClassVar[Fields] = fields(
        shared=("level", "phase", "cur", "rnd", "over", "winners", "roll", "bank",
                "taken_titles", "ndragons", "dkilled", "mp", "used", "evdue", "mkind",
                "sh_passed", "sh_turn",
                "fk", "fa", "fb", "fc", "fhex", "forig", "fstep", "fround", "fend",
                "chk_all", "complete"),
        # the map and what changes seldom: shared with clones, replaced whole by every
        # step that changes them (a clone copies no list of 127 hexes)
        replaced=("tile", "roads", "gaps", "mon", "lmoney", "gone", "qdone", "common",
                  "target", "found", "credit"),
        # shared with clones until a step changes one: every change goes through
        # own_<name>() (the state's own copy, made at its first change after a clone)
        on_write=("pos", "money", "points", "jail", "kills", "dkills", "tdone", "titles",
                  "loot", "tdeck", "ideck", "wdeck", "cdeck", "ddeck", "qdeck", "edeck", "prog",
                  "mdisp", "sh_items", "sh_weap", "sh_bi", "sh_bw", "fside", "fq", "ftot",
                  "fjoin", "pend", "dpos"),
        nested_on_write=("items", "weapons", "heads", "tasks"),
    )
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "SteamlandState":
        s = SteamlandState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.level = self.level
        s.phase = self.phase
        s.cur = self.cur
        s.rnd = self.rnd
        s.over = self.over
        s.winners = self.winners
        s.roll = self.roll
        s.bank = self.bank
        s.taken_titles = self.taken_titles
        s.ndragons = self.ndragons
        s.dkilled = self.dkilled
        s.mp = self.mp
        s.used = self.used
        s.evdue = self.evdue
        s.mkind = self.mkind
        s.sh_passed = self.sh_passed
        s.sh_turn = self.sh_turn
        s.fk = self.fk
        s.fa = self.fa
        s.fb = self.fb
        s.fc = self.fc
        s.fhex = self.fhex
        s.forig = self.forig
        s.fstep = self.fstep
        s.fround = self.fround
        s.fend = self.fend
        s.chk_all = self.chk_all
        s.complete = self.complete
        s.tile = self.tile
        s.roads = self.roads
        s.gaps = self.gaps
        s.mon = self.mon
        s.lmoney = self.lmoney
        s.gone = self.gone
        s.qdone = self.qdone
        s.common = self.common
        s.target = self.target
        s.found = self.found
        s.credit = self.credit
        s.pos = self.pos
        s.money = self.money
        s.points = self.points
        s.jail = self.jail
        s.kills = self.kills
        s.dkills = self.dkills
        s.tdone = self.tdone
        s.titles = self.titles
        s.loot = self.loot
        s.tdeck = self.tdeck
        s.ideck = self.ideck
        s.wdeck = self.wdeck
        s.cdeck = self.cdeck
        s.ddeck = self.ddeck
        s.qdeck = self.qdeck
        s.edeck = self.edeck
        s.prog = self.prog
        s.mdisp = self.mdisp
        s.sh_items = self.sh_items
        s.sh_weap = self.sh_weap
        s.sh_bi = self.sh_bi
        s.sh_bw = self.sh_bw
        s.fside = self.fside
        s.fq = self.fq
        s.ftot = self.ftot
        s.fjoin = self.fjoin
        s.pend = self.pend
        s.dpos = self.dpos
        s.items = self.items
        s.weapons = self.weapons
        s.heads = self.heads
        s.tasks = self.tasks
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_pos(self) -> "list[int]":
        if not self._own & 1:
            self.pos = self.pos.copy()
            self._own |= 1
        return self.pos

    def own_money(self) -> "list[int]":
        if not self._own & 2:
            self.money = self.money.copy()
            self._own |= 2
        return self.money

    def own_points(self) -> "list[int]":
        if not self._own & 4:
            self.points = self.points.copy()
            self._own |= 4
        return self.points

    def own_jail(self) -> "list[int]":
        if not self._own & 8:
            self.jail = self.jail.copy()
            self._own |= 8
        return self.jail

    def own_kills(self) -> "list[int]":
        if not self._own & 16:
            self.kills = self.kills.copy()
            self._own |= 16
        return self.kills

    def own_dkills(self) -> "list[int]":
        if not self._own & 32:
            self.dkills = self.dkills.copy()
            self._own |= 32
        return self.dkills

    def own_tdone(self) -> "list[int]":
        if not self._own & 64:
            self.tdone = self.tdone.copy()
            self._own |= 64
        return self.tdone

    def own_titles(self) -> "list[int]":
        if not self._own & 128:
            self.titles = self.titles.copy()
            self._own |= 128
        return self.titles

    def own_loot(self) -> "list[tuple[int, int]]":
        if not self._own & 256:
            self.loot = self.loot.copy()
            self._own |= 256
        return self.loot

    def own_tdeck(self) -> "list[int]":
        if not self._own & 512:
            self.tdeck = self.tdeck.copy()
            self._own |= 512
        return self.tdeck

    def own_ideck(self) -> "list[int]":
        if not self._own & 1024:
            self.ideck = self.ideck.copy()
            self._own |= 1024
        return self.ideck

    def own_wdeck(self) -> "list[int]":
        if not self._own & 2048:
            self.wdeck = self.wdeck.copy()
            self._own |= 2048
        return self.wdeck

    def own_cdeck(self) -> "list[int]":
        if not self._own & 4096:
            self.cdeck = self.cdeck.copy()
            self._own |= 4096
        return self.cdeck

    def own_ddeck(self) -> "list[int]":
        if not self._own & 8192:
            self.ddeck = self.ddeck.copy()
            self._own |= 8192
        return self.ddeck

    def own_qdeck(self) -> "list[int]":
        if not self._own & 16384:
            self.qdeck = self.qdeck.copy()
            self._own |= 16384
        return self.qdeck

    def own_edeck(self) -> "list[int]":
        if not self._own & 32768:
            self.edeck = self.edeck.copy()
            self._own |= 32768
        return self.edeck

    def own_prog(self) -> "list[int]":
        if not self._own & 65536:
            self.prog = self.prog.copy()
            self._own |= 65536
        return self.prog

    def own_mdisp(self) -> "list[int]":
        if not self._own & 131072:
            self.mdisp = self.mdisp.copy()
            self._own |= 131072
        return self.mdisp

    def own_sh_items(self) -> "list[int]":
        if not self._own & 262144:
            self.sh_items = self.sh_items.copy()
            self._own |= 262144
        return self.sh_items

    def own_sh_weap(self) -> "list[int]":
        if not self._own & 524288:
            self.sh_weap = self.sh_weap.copy()
            self._own |= 524288
        return self.sh_weap

    def own_sh_bi(self) -> "list[int]":
        if not self._own & 1048576:
            self.sh_bi = self.sh_bi.copy()
            self._own |= 1048576
        return self.sh_bi

    def own_sh_bw(self) -> "list[int]":
        if not self._own & 2097152:
            self.sh_bw = self.sh_bw.copy()
            self._own |= 2097152
        return self.sh_bw

    def own_fside(self) -> "list[int]":
        if not self._own & 4194304:
            self.fside = self.fside.copy()
            self._own |= 4194304
        return self.fside

    def own_fq(self) -> "list[int]":
        if not self._own & 8388608:
            self.fq = self.fq.copy()
            self._own |= 8388608
        return self.fq

    def own_ftot(self) -> "list[int]":
        if not self._own & 16777216:
            self.ftot = self.ftot.copy()
            self._own |= 16777216
        return self.ftot

    def own_fjoin(self) -> "list[int]":
        if not self._own & 33554432:
            self.fjoin = self.fjoin.copy()
            self._own |= 33554432
        return self.fjoin

    def own_pend(self) -> "list[tuple[int, ...]]":
        if not self._own & 67108864:
            self.pend = self.pend.copy()
            self._own |= 67108864
        return self.pend

    def own_dpos(self) -> "list[int]":
        if not self._own & 134217728:
            self.dpos = self.dpos.copy()
            self._own |= 134217728
        return self.dpos

    def own_items(self) -> "list[list[int]]":
        if not self._own & 268435456:
            self.items = [x.copy() for x in self.items]
            self._own |= 268435456
        return self.items

    def own_weapons(self) -> "list[list[int]]":
        if not self._own & 536870912:
            self.weapons = [x.copy() for x in self.weapons]
            self._own |= 536870912
        return self.weapons

    def own_heads(self) -> "list[list[int]]":
        if not self._own & 1073741824:
            self.heads = [x.copy() for x in self.heads]
            self._own |= 1073741824
        return self.heads

    def own_tasks(self) -> "list[list[int]]":
        if not self._own & 2147483648:
            self.tasks = [x.copy() for x in self.tasks]
            self._own |= 2147483648
        return self.tasks
    # (end of the generated clone)

    # ------------------------------------------------------------------ contract basics

    def current_player(self) -> int:
        if self.phase == PH_OVER:
            return TERMINAL
        if self.pend:
            return self.pend[0][1]
        if self.fk:
            st = self.fstep
            if st == FS_FLEE or st == FS_ESCAPE:
                return self.fa
            return self.fq[0]
        if self.phase == PH_SHOP:
            return self.sh_turn
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def _legal_actions(self) -> list[int]:
        if self.phase == PH_OVER:
            return []
        g: SteamlandGame = self.game
        if self.pend:
            return self._pend_legal(self.pend[0])
        if self.fk:
            st = self.fstep
            if st == FS_FLEE:
                return [A.FIGHT, A.FLEE]
            if st == FS_ESCAPE:
                return [A.FIGHT, A.ESCAPE]
            if st == FS_JOIN:
                return [A.JOIN_A, A.JOIN_B, A.STAY_OUT]
            return [A.USE_COG, A.NO_COG]
        ph = self.phase
        if ph == PH_SHOP:
            p = self.sh_turn
            out = [A.END]
            m = self.money[p]
            if self.sh_bi[p] < 2 and len(self.items[p]) < g.max_items:
                for k, c in enumerate(self.sh_items):
                    if c >= 0 and g.i_value[c] <= m:
                        out.append(A.BUY_ITEM + k)
            if self.sh_bw[p] < 1:
                for k, c in enumerate(self.sh_weap):
                    if c >= 0 and g.w_value[c] <= m:
                        out.append(A.BUY_WEAPON + k)
            return out
        if ph == PH_MARKET:
            p = self.cur
            out = [A.END]
            m = self.money[p]
            if self.mkind == 0:
                if len(self.items[p]) < g.max_items:
                    for k, c in enumerate(self.mdisp):
                        if c >= 0 and g.i_value[c] <= m:
                            out.append(A.BUY_ITEM + k)
            else:
                for k, c in enumerate(self.mdisp):
                    if c >= 0 and g.w_value[c] <= m:
                        out.append(A.BUY_WEAPON + k)
            return out
        return self._turn_legal()

    def _pend_legal(self, pe) -> list[int]:
        kind, p = pe[0], pe[1]
        if kind == P_DISCARD:  # slots of held items, then 3: the arriving item
            return [A.DISCARD_ITEM + k for k in range(len(self.items[p]))] + [A.DISCARD_ITEM + 3]
        if kind == P_WDISCARD:  # 2: the arriving weapon
            return [A.DISCARD_WEAPON + k for k in range(len(self.weapons[p]))] + [
                A.DISCARD_WEAPON + 2]
        if kind == P_TDISCARD:  # one of the tasks held before the forced one (8)
            return [A.DROP_TASK + k for k in range(len(self.tasks[p]) - 1)]
        if kind == P_PICK:
            return [A.PICK + k for k in range(len(self.items[pe[2]]))]
        if kind == P_DISPLACE:
            return [A.MOVE + d for d in self._retreats(pe[2])]
        if kind == P_GIVE:
            return [A.TRADE_GIVE + k for k in range(len(self.items[p]))]
        if kind == P_WANT:
            return [A.TRADE_WANT + k for k in range(len(self.items[pe[2]]))]
        if kind == P_ANSWER:
            return [A.ACCEPT, A.DECLINE]
        # P_DRAGON
        return [A.END] + [A.MOVE + d for d in self._dragon_moves(pe[2])]

    def _retreats(self, cell: int) -> list[int]:
        g: SteamlandGame = self.game
        nb = g.nb
        tile, mon = self.tile, self.mon
        out = [d for d in range(6) if nb[cell * 6 + d] >= 0 and tile[nb[cell * 6 + d]] >= 0
               and mon[nb[cell * 6 + d]] < 0]
        if not out:
            out = [d for d in range(6) if nb[cell * 6 + d] >= 0 and tile[nb[cell * 6 + d]] >= 0]
        return out

    def _dragon_moves(self, cell: int) -> list[int]:
        g: SteamlandGame = self.game
        nb = g.nb
        out = []
        for d in range(6):
            q = nb[cell * 6 + d]
            if q >= 0 and self.tile[q] > 0 and self.mon[q] < 0:
                out.append(d)
        return out

    def _has_effect(self, p: int, eff: int) -> bool:
        ie = self.game.i_effect
        for c in self.items[p]:
            if ie[c >> 1] == eff:
                return True
        return False

    def _crossable(self, p: int, cell: int, d: int, balloon: bool) -> int:
        """Target hex of a step from cell towards edge d, or -1 (fog counts: returns q)."""
        g: SteamlandGame = self.game
        bit = 1 << d
        if not self.roads[cell] & bit:
            return -1
        q = g.nb[cell * 6 + d]
        if q < 0:
            return -1
        if self.gaps[cell] & bit and not balloon:
            return -1
        if self.tile[q] < 0:
            return q if self.tdeck else -1
        ob = 1 << ((d + 3) % 6)
        if not self.roads[q] & ob:
            return -1
        if self.gaps[q] & ob and not balloon:
            return -1
        return q

    def _turn_legal(self) -> list[int]:
        g: SteamlandGame = self.game
        p = self.cur
        cell = self.pos[p]
        mp = self.mp
        out = [A.END]
        items = self.items[p]
        ef = 0
        if items:
            ie = g.i_effect
            for c in items:
                ef |= 1 << ie[c >> 1]
        balloon = ef & (1 << E_BALLOON)
        tile = self.tile
        nb6 = cell * 6
        nb = g.nb
        roads, gaps = self.roads, self.gaps
        rc, gc = roads[cell], gaps[cell]
        cost = g.t_cost
        deck = bool(self.tdeck)
        for d in range(6):
            bit = 1 << d
            if not rc & bit:
                continue
            q = nb[nb6 + d]
            if q < 0 or (gc & bit and not balloon):
                continue
            tq = tile[q]
            if tq < 0:
                if deck and mp >= 1:
                    out.append(A.MOVE + d)
                continue
            ob = g.opp_bit[d]
            if roads[q] & ob and (balloon or not gaps[q] & ob) and cost[tq] <= mp:
                out.append(A.MOVE + d)
        if self.mon[cell] >= 0:
            out.append(A.ATTACK_HERE)
        used = self.used
        if ef & (1 << E_POTION) and not used & U_POTION:
            out.append(A.POTION)
        kind = g.t_kind[tile[cell]]
        if K_CITY <= kind <= K_TAVERN and mp >= 1 and (
                self.ndragons < 1 or kind == K_CITY and self.ndragons < 2):
            city = kind == K_CITY
            market = kind == K_MARKET
            tavern = kind == K_TAVERN
            if (city or tavern) and not used & U_TASK and self.qdeck and len(self.tasks[p]) < 2:
                out.append(A.TAKE_TASK)
            if tavern and not used & U_DROP:
                out += _SLOTS[A.DROP_TASK][len(self.tasks[p])]
            if city or market:
                if not used & U_BUYI and self.ideck and len(items) < g.max_items:
                    out.append(A.OPEN_ITEMS)
                if not used & U_BUYW and self.wdeck:
                    out.append(A.OPEN_WEAPONS)
                if not used & U_SELL:  # one sale a turn: an item, a weapon or a head (6, 9)
                    out += _SLOTS[A.SELL_ITEM][len(items)]
                    out += _SLOTS[A.SELL_WEAPON][len(self.weapons[p])]
                    out += _SLOTS[A.SELL_HEAD][min(10, len(self.heads[p]))]
            if tavern and not used & U_GAMBLE and len(items) < g.max_items and self.ideck:
                out += _SLOTS[A.GAMBLE][len(items)]
            if (market or tavern) and not used & U_STEAL:
                out.append(A.STEAL)
        if not used & U_PVP:
            pos = self.pos
            for o in range(self.num_players):
                if pos[o] == cell and o != p:
                    out.append(A.CHALLENGE + o)
        if items:
            out += _SLOTS[A.DISCARD_ITEM][len(items)]
            if not used & U_TRADE:  # an exchange with a player on this hex (7, 14)
                pos = self.pos
                for o in range(self.num_players):
                    if pos[o] == cell and o != p and self.items[o]:
                        out.append(A.OFFER + o)
        return out  # built in increasing order

    # ------------------------------------------------------------------ apply

    def _forced(self) -> bool:
        # docs/games/steamland.md: forced when alone are the parts of something already
        # decided (the task to drop for a newcomer, the item a winner takes, the hex a
        # beaten player retreats to, the items of an exchange); a lone "end" (of a turn,
        # of buying, of moving a dragon) stays a decision
        return bool(self.pend) and self.pend[0][0] in FORCED_PENDING

    def _apply(self, a: int) -> None:
        if self.pend:
            self._apply_pend(a)
        elif self.fk:
            self._apply_fight(a)
        elif self.phase == PH_SHOP:
            self._apply_shop(a)
        elif self.phase == PH_MARKET:
            self._apply_market(a)
        else:
            self._apply_turn(a)
        self._settle()

    def _why_illegal(self, a) -> str:
        if not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return f"{a!r} is not a Steamland action"
        t = A.to_json(self, a)
        what = {PH_SHOP: "the equipment purchase", PH_MARKET: "buying from the display",
                PH_TURN: "your turn"}.get(self.phase, "this decision")
        if self.pend:
            what = "this decision (" + PENDING_NAMES[self.pend[0][0]].replace("_", " ") + ")"
        elif self.fk:
            what = "this fight decision"
        return f"{t} is not allowed during {what} (no road, not enough movement points, " \
               f"a limit reached, or an action already used this turn)"

    # ---------------------------------------------------------------- events helper

    def _ev(self, **kw) -> None:
        self.emit(kw)

    # ---------------------------------------------------------------- shop (setup)

    def _apply_shop(self, a: int) -> None:
        g: SteamlandGame = self.game
        p = self.sh_turn
        if a == A.END:
            self.sh_passed |= 1 << p
            if self.record_events:
                self._ev(type="shop_pass", player=p)
        elif a < A.BUY_WEAPON:
            k = a - A.BUY_ITEM
            c = self.sh_items[k]
            self.own_sh_items()[k] = -1
            self._pay_bank(p, g.i_value[c])
            self.own_items()[p].append(c << 1)
            self.own_sh_bi()[p] += 1
            if self.record_events:
                self._ev(type="buy_item", player=p, item=c, price=g.i_value[c])
        else:
            k = a - A.BUY_WEAPON
            c = self.sh_weap[k]
            self.own_sh_weap()[k] = -1
            self._pay_bank(p, g.w_value[c])
            self.own_weapons()[p].append(c)
            self.own_sh_bw()[p] += 1
            if self.record_events:
                self._ev(type="buy_weapon", player=p, weapon=c, price=g.w_value[c])
        n = self.num_players
        full = (1 << n) - 1
        if self.sh_passed == full:
            self._finish_shop()
            return
        q = p
        for _ in range(n):
            q = (q + 1) % n
            if not self.sh_passed >> q & 1:
                self.sh_turn = q
                return

    def _finish_shop(self) -> None:
        g: SteamlandGame = self.game
        ideck, wdeck = self.own_ideck(), self.own_wdeck()
        for c in self.sh_items:
            if c >= 0:
                ideck.insert(0, c)
        for c in self.sh_weap:
            if c >= 0:
                wdeck.insert(0, c)
        self.sh_items = []
        self.sh_weap = []
        n = self.num_players
        items = self.own_items()
        # one hidden item each, then one private task each and one common task
        for p in range(n):
            if ideck:
                c = ideck.pop()
                items[p].append((c << 1) | 1)
                if self.record_events:
                    self._ev(type="draw_item", player=p, item=c, to=[p])
                    self._ev(type="draw_item_back", player=p)
        for p in range(n):
            self._draw_task(p, forced=False)
        self._draw_common()
        self.phase = PH_START
        self.cur = 0

    # ---------------------------------------------------------------- money helpers

    def _pay_bank(self, p: int, amount: int) -> int:
        amount = min(amount, self.money[p])
        self.own_money()[p] -= amount
        self.bank += amount
        return amount

    def _from_bank(self, p: int, amount: int) -> int:
        amount = min(amount, self.bank)
        self.bank -= amount
        self.own_money()[p] += amount
        return amount

    # ---------------------------------------------------------------- cards helpers

    def _gain_item(self, p: int, code: int) -> None:
        """Give item code (card*2+hidden) to p. At the limit (or while an earlier arrival
        waits) the item waits in a decision: p returns one held item or the new one to
        the deck before receiving it (rulebook 9), so the limit is never exceeded."""
        if len(self.items[p]) < self.game.max_items and not self.pend:
            self.own_items()[p].append(code)
        else:
            self.own_pend().append((P_DISCARD, p, code))

    def _gain_weapon(self, p: int, c: int) -> None:
        if len(self.weapons[p]) < self.game.max_weapons and not self.pend:
            self.own_weapons()[p].append(c)
        else:
            self.own_pend().append((P_WDISCARD, p, c))

    def _draw_item(self, p: int) -> None:
        if self.ideck:
            c = self.own_ideck().pop()
            if self.record_events:
                self._ev(type="draw_item", player=p, item=c, to=[p])
                self._ev(type="draw_item_back", player=p)
            self._gain_item(p, (c << 1) | 1)

    def _roll_targets(self, t: int) -> None:
        g: SteamlandGame = self.game
        n = g.q_dice[t]
        mask = 0
        if n:
            r = self.rng()
            for _ in range(n):
                mask |= 1 << randint(r, 1, 6)
        self.target = self.target.copy()  # replaced, never changed in place (FIELDS)
        self.target[t] = mask

    def _draw_task(self, p: int, forced: bool) -> None:
        """p takes the top task: a common one (О) goes to the common pool instead."""
        if not self.qdeck:
            return
        self.chk_all = True
        g: SteamlandGame = self.game
        t = self.own_qdeck().pop()
        if g.q_common[t]:
            self._make_common(t)
            return
        self._roll_targets(t)
        self.own_tasks()[p].append(t)
        n = self.num_players
        self.own_prog()[t * n + p] = self._here_bits(p)
        if self.record_events:
            self._ev(type="take_task", player=p, task=t, targets=self._targets(t), to=[p])
            self._ev(type="take_task_back", player=p)
        if len(self.tasks[p]) > g.max_tasks:
            self.own_pend().append((P_TDISCARD, p))

    def _here_bits(self, p: int) -> int:
        c = self.game.t_city[self.tile[self.pos[p]]]
        return 1 << c if c else 0

    def _targets(self, t: int) -> list[int]:
        m = self.target[t]
        return [c for c in range(1, 7) if m >> c & 1]

    def _make_common(self, t: int) -> None:
        self.chk_all = True
        self._roll_targets(t)
        self.common = self.common + [t]
        n = self.num_players
        prog = self.own_prog()
        for p in range(n):
            prog[t * n + p] = self._here_bits(p)
        if self.record_events:
            self._ev(type="common_task", task=t, targets=self._targets(t), reveal=True)

    def _draw_common(self) -> None:
        """The common task of the start: a private one (И) goes back and is not replaced."""
        if not self.qdeck:
            return
        qdeck = self.own_qdeck()
        t = qdeck.pop()
        if self.game.q_common[t]:
            self._make_common(t)
        else:
            qdeck.insert(0, t)
            if self.record_events:
                self._ev(type="common_task_private", task=t, reveal=True)

    # ---------------------------------------------------------------- turn actions

    def _apply_turn(self, a: int) -> None:
        g: SteamlandGame = self.game
        p = self.cur
        cell = self.pos[p]
        rec = self.record_events
        if a == A.END:
            if rec:
                self._ev(type="end_turn", player=p)
            self.phase = PH_NEXT
            return
        if a <= A.MOVE + 5:
            self._step(p, a - A.MOVE)
            return
        if a == A.ATTACK_HERE:
            self._start_fight(1, p, -1, self.mon[cell], cell, O_HERE, False)
            return
        if a == A.POTION:
            self.used |= U_POTION
            k = self._find_effect(p, E_POTION)
            c = self.own_items()[p].pop(k) >> 1
            self.own_ideck().insert(0, c)
            self.mp += g.i_amount[c]
            if rec:
                self._ev(type="potion", player=p, item=c, movement=g.i_amount[c], reveal=True)
            return
        if a >= A.DISCARD_ITEM and a < A.DISCARD_WEAPON:
            c = self.own_items()[p].pop(a - A.DISCARD_ITEM) >> 1
            self.own_ideck().insert(0, c)
            if rec:
                self._ev(type="discard_item", player=p, item=c, reveal=True)
            return
        if a >= A.CHALLENGE and a < A.CHALLENGE + 6:
            self.used |= U_PVP
            self._start_fight(2, p, a - A.CHALLENGE, -1, cell, O_PVP, False)
            return
        if a >= A.OFFER:
            self.used |= U_TRADE
            self.own_pend().append((P_GIVE, p, a - A.OFFER))
            return
        # city / market / tavern actions: one movement point each
        self.mp -= 1
        if a == A.TAKE_TASK:
            self.used |= U_TASK
            self._draw_task(p, False)
        elif A.DROP_TASK <= a < A.DROP_TASK + 3:
            self.used |= U_DROP
            t = self.own_tasks()[p].pop(a - A.DROP_TASK)
            self.own_qdeck().insert(0, t)
            if rec:
                self._ev(type="drop_task", player=p, task=t, reveal=True)
        elif a == A.OPEN_ITEMS or a == A.OPEN_WEAPONS:
            deck = self.own_ideck() if a == A.OPEN_ITEMS else self.own_wdeck()
            self.used |= U_BUYI if a == A.OPEN_ITEMS else U_BUYW
            self.mkind = 0 if a == A.OPEN_ITEMS else 1
            self.mdisp = [deck.pop() for _ in range(min(3, len(deck)))]
            self.phase = PH_MARKET
            if rec:
                self._ev(type="market_open", player=p, kind=("items", "weapons")[self.mkind],
                         cards=list(self.mdisp), reveal=True)
        elif A.SELL_ITEM <= a < A.SELL_ITEM + 3:
            self.used |= U_SELL
            c = self.own_items()[p].pop(a - A.SELL_ITEM) >> 1
            self.own_ideck().insert(0, c)
            r = randint(self.rng(), 1, 6)
            price = g.i_value[c] if r % 2 == 0 else (g.i_value[c] + 1) // 2
            got = self._from_bank(p, price)
            if rec:
                self._ev(type="sell_item", player=p, item=c, roll=r, money=got, reveal=True)
        elif A.SELL_WEAPON <= a < A.SELL_WEAPON + 2:
            self.used |= U_SELL
            c = self.own_weapons()[p].pop(a - A.SELL_WEAPON)
            self.own_wdeck().insert(0, c)
            r = randint(self.rng(), 1, 6)
            price = g.w_value[c] if r % 2 == 0 else (g.w_value[c] + 1) // 2
            got = self._from_bank(p, price)
            if rec:
                self._ev(type="sell_weapon", player=p, weapon=c, roll=r, money=got)
        elif A.SELL_HEAD <= a < A.SELL_HEAD + 10:
            self.used |= U_SELL
            c = self.own_heads()[p].pop(a - A.SELL_HEAD)
            got = self._from_bank(p, g.c_value[c])
            if g.c_dragon[c]:
                self.gone = self.gone + [c]
            else:
                self.own_cdeck().insert(0, c)
            if rec:
                self._ev(type="sell_head", player=p, creature=c, money=got)
        elif A.GAMBLE <= a < A.GAMBLE + 3:
            self.used |= U_GAMBLE
            k = a - A.GAMBLE
            hand = self.own_items()[p]
            ideck = self.own_ideck()
            stake = hand[k] >> 1
            ce = ideck.pop()
            rg = self.rng()
            mine, his = rg.randint(1, 6), rg.randint(1, 6)
            if mine >= his:
                hand[k] = stake << 1  # shown on the table: now public
                hand.append(ce << 1)
                if rec:
                    self._ev(type="gamble", player=p, stake=stake, item=ce, roll=mine,
                             engineer=his, won=True, reveal=True)
            else:
                hand.pop(k)
                ideck.insert(0, stake)
                ideck.insert(0, ce)
                if rec:
                    self._ev(type="gamble", player=p, stake=stake, roll=mine, engineer=his,
                             won=False, reveal=True)
        elif a == A.STEAL:
            self.used |= U_STEAL
            r = randint(self.rng(), 1, 6)
            if rec:
                self._ev(type="steal", player=p, roll=r)
            if r >= 5:
                self._draw_item(p)
            elif r <= 2:
                if self.items[p] or self.money[p] > 0:
                    self._lose_one(p, p, D_DECK, -1)  # an item, else 300 pounds to the bank
                else:
                    self.own_jail()[p] += 3
                    if rec:
                        self._ev(type="dungeon", player=p, turns=3)

    def _find_effect(self, p: int, eff: int) -> int:
        ie = self.game.i_effect
        for k, c in enumerate(self.items[p]):
            if ie[c >> 1] == eff:
                return k
        return -1

    def _use_effect(self, p: int, eff: int) -> int:
        """The slot of the item of effect `eff` that p plays (a face-up one if he has one),
        or -1. Playing an item shows it to everyone (9. Предметы; a permanent movement
        modifier is announced, 6): a face-down one is turned face up for good."""
        ie = self.game.i_effect
        items = self.items[p]
        k = -1
        for j, c in enumerate(items):
            if ie[c >> 1] == eff:
                if not c & 1:
                    return j
                if k < 0:
                    k = j
        if k >= 0:
            code = items[k]
            self.own_items()[p][k] = code & ~1
            if self.record_events:
                self._ev(type="show_item", player=p, item=code >> 1, reveal=True)
        return k

    def _apply_market(self, a: int) -> None:
        g: SteamlandGame = self.game
        p = self.cur
        if a == A.END:
            deck = self.own_ideck() if self.mkind == 0 else self.own_wdeck()
            for c in self.mdisp:
                if c >= 0:
                    deck.insert(0, c)
            self.mdisp = []
            self.phase = PH_TURN
            return
        if self.mkind == 0:
            k = a - A.BUY_ITEM
            c = self.mdisp[k]
            self.own_mdisp()[k] = -1
            self._pay_bank(p, g.i_value[c])
            self.own_items()[p].append(c << 1)
            if self.record_events:
                self._ev(type="buy_item", player=p, item=c, price=g.i_value[c])
        else:
            k = a - A.BUY_WEAPON
            c = self.mdisp[k]
            self.own_mdisp()[k] = -1
            self._pay_bank(p, g.w_value[c])
            if self.record_events:
                self._ev(type="buy_weapon", player=p, weapon=c, price=g.w_value[c])
            self._gain_weapon(p, c)

    # ---------------------------------------------------------------- movement

    def _step(self, p: int, d: int) -> None:
        g: SteamlandGame = self.game
        cell = self.pos[p]
        q = g.nb[cell * 6 + d]
        rec = self.record_events
        if self.gaps[cell] >> d & 1:  # out across a gap: the balloon is played (9), shown
            self._use_effect(p, E_BALLOON)
        if self.tile[q] < 0:
            self._reveal(q, d)
            if rec:
                self._ev(type="reveal", player=p, cell=q, tile=self.tile[q],
                         roads=self.roads[q], gaps=self.gaps[q], reveal=True)
            if not self.tdeck:
                self._title(p, TITLE_TRAVELLER)
            if self._spawn(q):
                if self.phase == PH_OVER:
                    return
                self._start_fight(1, p, -1, self.mon[q], q, O_REVEAL, False)
                return
            # the step onto the new tile itself follows the usual rules
            if self._crossable(p, cell, d, self._has_effect(p, E_BALLOON)) < 0:
                return
            cost = g.t_cost[self.tile[q]]
            if cost > self.mp:
                return
        else:
            cost = g.t_cost[self.tile[q]]
        if self.gaps[q] & g.opp_bit[d]:  # in across a gap: the balloon is played, shown
            self._use_effect(p, E_BALLOON)
        self.mp -= cost
        if self.mon[q] >= 0:
            self._start_fight(1, p, -1, self.mon[q], q, O_NEIGHBOUR, False)
            return
        self._arrive(p, q)

    def _arrive(self, p: int, q: int) -> None:
        self.own_pos()[p] = q
        if self.record_events:
            self._ev(type="move", player=p, cell=q)
        c = self.game.t_city[self.tile[q]]
        if c:
            n = self.num_players
            bit = 1 << c
            prog = self.own_prog()
            for t in self.tasks[p]:
                prog[t * n + p] |= bit
            for t in self.common:
                prog[t * n + p] |= bit

    def _reveal(self, q: int, d: int) -> None:
        """Lay the top tile on fog hex q, entered across edge d from its neighbour."""
        g: SteamlandGame = self.game
        ti = self.own_tdeck().pop()
        entry = 1 << ((d + 3) % 6)
        roads, gaps = g.t_roads[ti], g.t_gaps[ti]
        good: list[int] = []
        ok: list[int] = []
        for k in range(6):
            rr = rot(roads, k)
            if rr & entry:
                (ok if rot(gaps, k) & entry else good).append(k)
        cand = good or ok or [0]
        k = cand[randbelow(self.rng(), len(cand))] if len(cand) > 1 else cand[0]
        # replaced, never changed in place (FIELDS)
        self.tile, self.roads, self.gaps = self.tile.copy(), self.roads.copy(), self.gaps.copy()
        self.tile[q] = ti
        self.roads[q] = rot(roads, k)
        self.gaps[q] = rot(gaps, k)

    def _spawn(self, q: int) -> bool:
        """A creature appears on a freshly revealed hex if its kind and the level say so."""
        g: SteamlandGame = self.game
        kind = g.t_kind[self.tile[q]]
        lv = self.level
        if kind == K_ATTACK or (kind == K_CITY and lv in (1, 3)):
            c = -1
            if lv >= 2 and self.ddeck:
                c = self.own_ddeck().pop()
            elif self.cdeck:
                c = self.own_cdeck().pop()
            if c < 0:
                return False
            if self.record_events:
                self._ev(type="creature_appears", cell=q, creature=c, reveal=True)
            self._place(c, q)
            return True
        return False

    def _place(self, c: int, q: int) -> None:
        self.mon = self.mon.copy()  # replaced, never changed in place (FIELDS)
        self.mon[q] = c
        dn = self.game.c_dragon[c]
        if dn:
            self.own_dpos()[dn] = q
            self.ndragons += 1
            if self.ndragons >= 4:
                self._end("four_dragons", ())

    def _unplace(self, q: int) -> int:
        c = self.mon[q]
        self.mon = self.mon.copy()  # replaced, never changed in place (FIELDS)
        self.mon[q] = -1
        dn = self.game.c_dragon[c]
        if dn:
            self.own_dpos()[dn] = -1
            self.ndragons -= 1
        return c

    # ---------------------------------------------------------------- start of a turn

    def _start_turn(self) -> None:
        g: SteamlandGame = self.game
        p = self.cur
        self.used = 0
        self.mp = 0
        rec = self.record_events
        if self.jail[p] > 0:
            self.own_jail()[p] -= 1
            if rec:
                self._ev(type="skip_turn", player=p)
            self.phase = PH_NEXT
            return
        r = randint(self.rng(), 1, 6)
        self.roll = r
        cell = self.pos[p]
        kind = g.t_kind[self.tile[cell]]
        safe = kind <= K_TAVERN
        self.evdue = not safe and (r == g.red_face or self.ndragons >= 3)
        if rec:
            self._ev(type="turn", player=p, roll=r, red=r == g.red_face)
        # a dragon with the rolled number may be pushed to a neighbouring hex
        q = self.dpos[r]
        if q >= 0 and self._dragon_moves(q):
            self.own_pend().append((P_DRAGON, p, q))
        mp = g.movement
        if g.t_terr[self.tile[cell]] == 1:  # lava: still hot
            mp += g.lava_bonus
        k = self._use_effect(p, E_CAR)  # announced before the move (6): shown
        if k >= 0:
            mp += g.i_amount[self.items[p][k] >> 1]
        self.mp = mp
        self.phase = PH_EVENT

    def _do_event(self) -> None:
        g: SteamlandGame = self.game
        p = self.cur
        self.phase = PH_TURN
        if self.evdue and self.edeck:
            self.evdue = False
            edeck = self.own_edeck()
            e = edeck.pop()
            edeck.insert(0, e)
            eff = g.e_effect[e]
            if self.record_events:
                self._ev(type="event", player=p, event=e, reveal=True)
            if eff == V_ATTACK:
                c = self.own_cdeck().pop() if self.cdeck else -1
                if c >= 0:
                    if self.record_events:
                        self._ev(type="creature_appears", cell=self.pos[p], creature=c,
                                 reveal=True)
                    self._start_fight(1, p, -1, c, self.pos[p], O_EVENT, True)
                    return
            elif eff == V_ITEM:
                self._draw_item(p)
            elif eff == V_WEAPON:
                if self.wdeck:
                    self._gain_weapon(p, self.own_wdeck().pop())
            elif eff == V_TASK:
                self._draw_task(p, forced=True)
            elif eff == V_MOVE:
                self.mp = max(0, self.mp + g.e_amount[e])
            elif eff == V_PAY:
                self._pay_bank(p, g.e_amount[e])
            elif eff == V_GAIN:
                self._from_bank(p, g.e_amount[e])
            elif eff == V_LOSE:
                if self.items[p]:
                    self._lose_one(p, p, D_DECK, -1)
        self.evdue = False
        self._dead_end_check(p)

    def _dead_end_check(self, p: int) -> None:
        """Rulebook 16: no way out of the hex with what the player has -> back to the start."""
        cell = self.pos[p]
        balloon = self._has_effect(p, E_BALLOON)
        for d in range(6):
            if self._crossable(p, cell, d, balloon) >= 0:
                return
        if self.mon[cell] >= 0:
            return
        g: SteamlandGame = self.game
        ideck, wdeck, qdeck = self.own_ideck(), self.own_wdeck(), self.own_qdeck()
        for c in self.items[p]:
            ideck.insert(0, c >> 1)
        for c in self.weapons[p]:
            wdeck.insert(0, c)
        for t in self.tasks[p]:
            qdeck.insert(0, t)
        self.own_items()[p] = []
        self.own_weapons()[p] = []
        self.own_tasks()[p] = []
        self._pay_bank(p, self.money[p])
        self.own_pos()[p] = g.center
        if self.record_events:
            self._ev(type="dead_end", player=p, reveal=True)

    def _next_turn(self) -> None:
        n = self.num_players
        self.cur = (self.cur + 1) % n
        if self.cur == 0:
            self.rnd += 1
            if self.rnd >= self.game.round_limit:
                self._end("round_limit", None)
                return
        self.phase = PH_START

    # ---------------------------------------------------------------- fights

    def _start_fight(self, kind, a, b, c, hexcell, orig, end_turn) -> None:
        self.fk = kind
        self.fa, self.fb, self.fc, self.fhex, self.forig = a, b, c, hexcell, orig
        self.fround = 0
        self.fside = [0] * self.num_players
        self.fjoin = []
        self.fq = []
        self.ftot = [0, 0]
        self.fend = end_turn
        g: SteamlandGame = self.game
        if self.record_events:
            self._ev(type="fight", player=a, opponent=b, creature=c, cell=hexcell)
        if kind == 1 and orig in (O_EVENT, O_REVEAL) and g.c_flee[c]:
            self.fstep = FS_FLEE
        else:
            self.fstep = FS_JOINQ

    def _apply_fight(self, a: int) -> None:
        g: SteamlandGame = self.game
        st = self.fstep
        rec = self.record_events
        if st == FS_FLEE:
            if a == A.FIGHT:
                self.fstep = FS_JOINQ
                return
            r = randint(self.rng(), 1, 6)
            if rec:
                self._ev(type="flee", player=self.fa, roll=r, ok=r >= 5)
            if r >= 5:
                self._escaped()
            elif self._find_effect(self.fa, E_ESCAPE) >= 0:
                self.fstep = FS_ESCAPE
            else:
                self.fstep = FS_JOINQ
            return
        if st == FS_ESCAPE:
            if a == A.FIGHT:
                self.fstep = FS_JOINQ
                return
            k = self._find_effect(self.fa, E_ESCAPE)
            c = self.own_items()[self.fa].pop(k) >> 1
            self.own_ideck().insert(0, c)
            if rec:
                self._ev(type="escape", player=self.fa, item=c, reveal=True)
            self._escaped()
            return
        if st == FS_JOIN:
            p = self.own_fq().pop(0)
            side = 1 if a == A.JOIN_A else 2 if a == A.JOIN_B else 0
            self.own_fside()[p] = side
            if side and p not in self.fjoin:
                self.own_fjoin().append(p)
            if rec:
                self._ev(type="join", player=p, side=side)
            if not self.fq:
                self.fstep = FS_ROLL
            return
        # FS_COG
        p = self.own_fq().pop(0)
        if a == A.USE_COG:
            k = self._find_effect(p, E_COG)
            c = self.own_items()[p].pop(k) >> 1
            self.own_ideck().insert(0, c)
            self.own_ftot()[0 if p == self.fa else 1] += g.i_amount[c]
            if rec:
                self._ev(type="cog", player=p, item=c, totals=list(self.ftot), reveal=True)
        if not self.fq:
            self.fstep = FS_RESOLVE

    def _escaped(self) -> None:
        """The fight does not happen. A creature of an event goes back to its pile."""
        if self.forig == O_EVENT:
            self._return_creature(self.fc)
        self._fight_over()

    def _return_creature(self, c: int) -> None:
        if self.game.c_dragon[c] and self.level >= 2:
            self.own_ddeck().insert(0, c)
        else:
            self.own_cdeck().insert(0, c)

    def _fight_over(self) -> None:
        self.fk = 0
        self.fq = []
        if self.fend:
            self.phase = PH_NEXT

    def _fight_auto(self) -> bool:
        """Run the automatic steps of the fight; True when a decision is awaited."""
        g: SteamlandGame = self.game
        while self.fk:
            st = self.fstep
            if st == FS_FLEE or st == FS_ESCAPE:
                return True
            if st == FS_JOINQ:
                n = self.num_players
                h = self.fhex
                near = g.near[h]
                q = []
                for i in range(1, n):
                    p = (self.fa + i) % n
                    if p == self.fb or self.jail[p]:
                        continue
                    if self.pos[p] in near:
                        q.append(p)
                    else:
                        self.own_fside()[p] = 0
                self.fq = q
                self.fstep = FS_JOIN if q else FS_ROLL
                continue
            if st == FS_JOIN or st == FS_COG:
                return True
            if st == FS_ROLL:
                self._fight_roll()
                continue
            # FS_RESOLVE
            ta, tb = self.ftot
            if ta == tb:
                self.fround += 1
                if self.record_events:
                    self._ev(type="fight_tie")
                self.fstep = FS_JOINQ
                continue
            self._fight_outcome(ta > tb)
        return False

    def _fight_roll(self) -> None:
        g: SteamlandGame = self.game
        r = self.rng()
        a, b, c = self.fa, self.fb, self.fc
        mods = self.fround == 0
        da = r.randint(1, 6)
        ta = da
        if self.fk == 1:
            rk = g.c_roll[c]
            if rk == R_ONE:
                db = r.randint(1, 6)
            elif rk == R_BEST:
                db = max(r.randint(1, 6), r.randint(1, 6))
            else:
                db = r.randint(1, 6) + r.randint(1, 6)
            tb = db
            if mods:
                ta += self._weapon(a)
                tb += g.c_fight[self.level][c] - self._armour(a)
        else:
            db = r.randint(1, 6)
            tb = db
            if mods:
                ta += self._weapon(a) - self._armour(b)
                tb += self._weapon(b) - self._armour(a)
        helps = []
        for p in self.fjoin:
            s = self.fside[p]
            if s:
                h = (r.randint(1, 6) + 1) // 2
                helps.append((p, s, h))
                if s == 1:
                    ta += h
                else:
                    tb += h
        self.ftot = [ta, tb]
        if self.record_events:
            self._ev(type="fight_roll", player=a, roll=da, opponent_roll=db,
                     helpers=[list(x) for x in helps], totals=[ta, tb], modifiers=mods)
        q = []
        if mods:
            if ta <= tb and self._find_effect(a, E_COG) >= 0:
                q.append(a)
            if self.fk == 2 and tb <= ta and self._find_effect(b, E_COG) >= 0:
                q.append(b)
        self.fq = q
        self.fstep = FS_COG if q else FS_RESOLVE

    def _weapon(self, p: int) -> int:
        ws = self.weapons[p]
        if not ws:
            return 0
        ww = self.game.w_str
        return max(ww[w] for w in ws)

    def _armour(self, p: int) -> int:
        k = self._use_effect(p, E_ARMOUR)  # counted in the fight: shown (9)
        return self.game.i_amount[self.items[p][k] >> 1] if k >= 0 else 0

    def _fight_outcome(self, a_won: bool) -> None:
        g: SteamlandGame = self.game
        a, b, c, h = self.fa, self.fb, self.fc, self.fhex
        rec = self.record_events
        side_a = [p for p in self.fjoin if self.fside[p] == 1]
        side_b = [p for p in self.fjoin if self.fside[p] == 2]
        kind = self.fk
        self.fk = 0
        self.chk_all = True
        if rec:
            self._ev(type="fight_end", player=a, opponent=b, creature=c, won=a_won)
        if kind == 2:
            # a fight between players: every loser gives one item (or 300) to the winner
            win, losers = (a, [b] + side_b) if a_won else (b, [a] + side_a)
            for p in losers:  # an item or 300 pounds; with neither, nothing (13, 14)
                self._lose_one(p, win, D_PLAYER, win)
            self._fight_over()
            return
        if a_won:
            if self.mon[h] == c:
                self._unplace(h)
            self.own_heads()[a].append(c)
            self.own_kills()[a] += 1
            if g.c_dragon[c]:
                self.own_dkills()[a] += 1
                self.dkilled += 1
            if g.c_reward[c]:
                self._draw_item(a)
            loot_to = side_a[0] if side_a else a
            got = self._take_loot(h, loot_to)
            for p in side_a:
                if p != loot_to or not got:
                    self._draw_item(p)
            for p in side_b:
                self._lose_one(p, p, D_PLAYER, a)
            if self.forig in (O_REVEAL, O_NEIGHBOUR):
                self._arrive(a, h)
            # the sixth dragon ends the game in _checks, once this fight's tasks and
            # achievements are counted («Цель игры», end 2; 8, 15)
            self._fight_over()
            return
        # the creature won: it stays on (or is laid on) the hex and guards the losses
        if self.mon[h] < 0:
            self._place(c, h)
            if self.phase == PH_OVER:
                return
        elif self.mon[h] != c:  # the hex is already guarded: the newcomer goes back
            self._return_creature(c)
        dest = side_b[0] if side_b else -1
        if dest >= 0:
            self._lose_one(a, a, D_PLAYER, dest, skip=True)
        else:
            self._lose_one(a, a, D_HEX, h, skip=True)
        for p in side_a:
            self._lose_one(p, p, D_HEX, h)
        for p in range(self.num_players):
            if self.pos[p] == h:
                self.own_pend().append((P_DISPLACE, p, h))
        self._fight_over()

    def _take_loot(self, h: int, p: int) -> bool:
        got = False
        if self.lmoney[h]:
            self.own_money()[p] += self.lmoney[h]
            self.lmoney = self.lmoney.copy()  # replaced, never changed in place (FIELDS)
            self.lmoney[h] = 0
            got = True
        if self.loot:
            keep: list[int] = []
            mine: list[int] = []
            for cell, code in self.loot:
                (mine if cell == h else keep).append(code)
            if mine:
                self.loot = [(cell, code) for cell, code in self.loot if cell != h]
                for code in mine:
                    self._gain_item(p, code & ~1)
                got = True
        if got and self.record_events:
            self._ev(type="loot", player=p, cell=h)
        return got

    def _lose_one(self, p: int, chooser: int, dest_kind: int, dest: int,
                  skip: bool = False) -> None:
        """p loses one item (chosen by chooser) or 300 pounds; with neither, a player beaten
        by a creature skips a turn (`skip`, 13. Схватка) and anyone else loses nothing
        (a duel's loser, a helper: 13, 14 name only an item or 300 pounds)."""
        g: SteamlandGame = self.game
        if self.items[p]:
            if len(self.items[p]) == 1:
                self._give_item(p, 0, dest_kind, dest)
            else:
                self.own_pend().append((P_PICK, chooser, p, dest_kind, dest))
            return
        amount = min(g.loss_money, self.money[p])
        if amount:
            money = self.own_money()
            money[p] -= amount
            if dest_kind == D_HEX:
                self.lmoney = self.lmoney.copy()  # replaced, never changed in place (FIELDS)
                self.lmoney[dest] += amount
            elif dest_kind == D_PLAYER:
                money[dest] += amount
            else:
                self.bank += amount
            if self.record_events:
                self._ev(type="lose_money", player=p, money=amount)
        elif skip:
            self.own_jail()[p] += 1
            if self.record_events:
                self._ev(type="skip_turn_penalty", player=p)

    def _give_item(self, p: int, k: int, dest_kind: int, dest: int) -> None:
        code = self.own_items()[p].pop(k)
        c = code >> 1
        if self.record_events:
            self._ev(type="lose_item", player=p, item=c, reveal=True)
        if dest_kind == D_HEX:
            self.own_loot().append((dest, c << 1))
        elif dest_kind == D_PLAYER:
            self._gain_item(dest, c << 1)
        else:
            self.own_ideck().insert(0, c)

    # ---------------------------------------------------------------- pending decisions

    def _apply_pend(self, a: int) -> None:
        self.chk_all = True
        pe = self.own_pend().pop(0)
        kind, p = pe[0], pe[1]
        rec = self.record_events
        if kind == P_DISCARD:
            k = a - A.DISCARD_ITEM
            if k == 3:
                c = pe[2] >> 1
            else:
                hand = self.own_items()[p]
                c = hand.pop(k) >> 1
                hand.append(pe[2])
            self.own_ideck().insert(0, c)
            if rec:
                self._ev(type="discard_item", player=p, item=c, reveal=True)
        elif kind == P_WDISCARD:
            k = a - A.DISCARD_WEAPON
            if k == 2:
                c = pe[2]
            else:
                ws = self.own_weapons()[p]
                c = ws.pop(k)
                ws.append(pe[2])
            self.own_wdeck().insert(0, c)
            if rec:
                self._ev(type="discard_weapon", player=p, weapon=c)
        elif kind == P_TDISCARD:
            t = self.own_tasks()[p].pop(a - A.DROP_TASK)
            self.own_qdeck().insert(0, t)
            if rec:
                self._ev(type="drop_task", player=p, task=t, reveal=True)
        elif kind == P_PICK:
            self._give_item(pe[2], a - A.PICK, pe[3], pe[4])
        elif kind == P_DISPLACE:
            q = self.game.nb[pe[2] * 6 + a - A.MOVE]
            self._arrive(p, q)
        elif kind == P_GIVE:
            k = a - A.TRADE_GIVE
            self.own_items()[p][k] &= ~1  # the offered item is shown
            self.own_pend().insert(0, (P_WANT, p, pe[2], k))
            if rec:
                self._ev(type="trade_offer", player=p, other=pe[2],
                         item=self.items[p][k] >> 1, reveal=True)
        elif kind == P_WANT:
            self.own_pend().insert(0, (P_ANSWER, pe[2], p, pe[3], a - A.TRADE_WANT))
            if rec:
                self._ev(type="trade_ask", player=p, other=pe[2], slot=a - A.TRADE_WANT)
        elif kind == P_ANSWER:
            self._exchange(pe[2], pe[3], p, pe[4], a == A.ACCEPT)
        else:  # P_DRAGON
            if a != A.END:
                src = pe[2]
                q = self.game.nb[src * 6 + a - A.MOVE]
                c = self.mon[src]
                self.mon = self.mon.copy()  # replaced, never changed in place (FIELDS)
                self.mon[src] = -1
                self.mon[q] = c
                self.own_dpos()[self.game.c_dragon[c]] = q
                if self.lmoney[src]:
                    self.lmoney = self.lmoney.copy()
                    self.lmoney[q] += self.lmoney[src]
                    self.lmoney[src] = 0
                if self.loot:
                    self.loot = [(q if cell == src else cell, code) for cell, code in self.loot]
                if rec:
                    self._ev(type="dragon_moves", player=p, creature=c, cell=q)

    def _exchange(self, p: int, k: int, o: int, j: int, accepted: bool) -> None:
        """The answer to p's offer of item slot k for o's item slot j. An exchange is made
        openly: both items are shown and change hands, one for one (no limit is touched)."""
        if accepted:
            items = self.own_items()
            mine, theirs = items[p][k] & ~1, items[o][j] & ~1
            items[p][k], items[o][j] = theirs, mine
        if self.record_events:
            self._ev(type="trade_done" if accepted else "trade_declined", player=o, other=p,
                     item=self.items[o][j] >> 1 if accepted else None,
                     given=self.items[p][k] >> 1 if accepted else None, reveal=accepted)

    # ---------------------------------------------------------------- the driver

    def _settle(self) -> None:
        g: SteamlandGame = self.game
        while self.phase != PH_OVER:
            self._checks()
            if self.phase == PH_OVER:
                return
            while self.pend:
                pe = self.pend[0]
                k, p = pe[0], pe[1]
                if k == P_DISCARD and len(self.items[p]) < g.max_items:
                    self.own_items()[p].append(pe[2])  # room again: it simply arrives
                elif k == P_WDISCARD and len(self.weapons[p]) < g.max_weapons:
                    self.own_weapons()[p].append(pe[2])
                elif not self._pend_legal(pe):
                    pass  # nothing left to decide (e.g. the loser has no item any more)
                else:
                    break
                self.own_pend().pop(0)
            if self.pend:
                return
            if self.fk:
                if self._fight_auto():
                    return
                continue
            ph = self.phase
            if ph == PH_START:
                self._start_turn()
            elif ph == PH_EVENT:
                self._do_event()
            elif ph == PH_NEXT:
                self._next_turn()
            else:
                return

    def _checks(self) -> None:
        """After every step: tasks done and achievements, then the ends the step brings
        (14 points, all dragons beaten, the launch), counted with those points."""
        if self.phase == PH_SHOP:
            return
        g: SteamlandGame = self.game
        n = self.num_players
        if self.chk_all:
            self.chk_all = False
            who: list[int] | tuple[int, ...] = [(self.cur + i) % n for i in range(n)]
        else:
            # only a city can complete a task of the current player outside fights (visits,
            # deliveries and payments happen there; heads come from fights, which check all)
            p = self.cur
            if not self.taken_titles & 1 and self.money[p] >= g.ach_money:
                self._title(p, TITLE_CAPITALIST)
            if not g.t_city[self.tile[self.pos[p]]] and not self.complete:
                # no task can come due here, but an achievement may have made 14 points
                if self.points[p] >= g.win_points:
                    self._end("fourteen_points", None)
                return
            who = (p,)
        for p in who:
            if self.tasks[p] or self.common:
                self._check_tasks(p)
            if not self.taken_titles & 1 and self.money[p] >= g.ach_money:
                self._title(p, TITLE_CAPITALIST)
            if not self.taken_titles & 2 and self.kills[p] >= g.ach_kills:
                self._title(p, TITLE_PISTOL)
            if not self.taken_titles & 8 and self.tdone[p] >= g.ach_tasks:
                self._title(p, TITLE_GOOD_WORK)
            if not self.titles[p] & 16 and self.dkills[p] >= g.ach_dragons:
                self._title(p, TITLE_SLAYER)
        # the step's tasks and achievements are counted; then the ends it brings, 14 points
        # first: whoever reaches them is the undisputed winner at once («Цель игры», end 3)
        if max(self.points) >= g.win_points:
            self._end("fourteen_points", None)
            return
        if self.dkilled >= 6:  # every Steam Dragon beaten (end 2)
            self._end("dragons_defeated", None)
            return
        # the launch (п.4, end 1): every part found and the Screwdriver's holder visits the
        # Old Boiler House, on his own turn: entering it, or there when his turn starts or
        # when the last part is found during it (docs/games/steamland.md)
        if self.complete and (self.phase == PH_TURN or self.phase == PH_EVENT):
            p = self.cur
            # the Screwdriver is played, and so shown (9)
            if self.pos[p] == g.center and self._use_effect(p, E_SCREWDRIVER) >= 0:
                points = self.own_points()
                points[p] += g.launch_points
                for q in range(n):
                    points[q] += g.part_points * self.credit[q]
                if self.record_events:
                    self._ev(type="launch", player=p)
                self._end("machine_launched", None)

    def _machine_complete(self) -> bool:
        need = self.game.part_need
        f = self.found
        for k in range(7):
            if f[k] < need[k]:
                return False
        return True

    def _title(self, p: int, t: int) -> None:
        bit = 1 << t
        if self.taken_titles & bit and t != TITLE_SLAYER:
            return
        self.taken_titles |= bit
        self.own_titles()[p] |= bit
        self.own_points()[p] += self.game.ach_points[t]
        if self.record_events:
            self._ev(type="achievement", player=p, achievement=t)

    def _check_tasks(self, p: int) -> None:
        """Complete every task of p that is due, again after each completion: a reward
        (money, an item) can bring another task due at once (8. Задания)."""
        done = True
        while done:
            done = False
            for pile in (self.tasks[p], self.common):
                for t in pile:
                    if self._task_done(p, t):
                        if pile is self.common:  # replaced, never changed in place (FIELDS)
                            self.common = [x for x in pile if x != t]
                        else:  # (the loop ends here: `pile` is not read again)
                            self.own_tasks()[p].remove(t)
                        self._complete(p, t)
                        done = True
                        break
                if done:
                    break

    def _task_done(self, p: int, t: int) -> bool:
        g: SteamlandGame = self.game
        k = g.q_kind[t]
        if k == T_VISIT:
            return self.prog[t * self.num_players + p] & self.target[t] == self.target[t]
        if k == T_HUNT:
            s, dr = g.q_str[t], g.q_dragon[t]
            for c in self.heads[p]:
                if (g.c_dragon[c] if dr else g.c_str[c] >= s):
                    return True
            return False
        here = self.target[t] >> g.t_city[self.tile[self.pos[p]]] & 1
        if not here or not g.t_city[self.tile[self.pos[p]]]:
            return False
        if k == T_DELIVER:
            want = g.q_item[t]
            for c in self.items[p]:
                if g.i_kind[c >> 1] == want:
                    return True
            return False
        return self.money[p] >= g.q_amount[t]

    def _complete(self, p: int, t: int) -> None:
        g: SteamlandGame = self.game
        k = g.q_kind[t]
        if k == T_DELIVER:
            want = g.q_item[t]
            for j, c in enumerate(self.items[p]):
                if g.i_kind[c >> 1] == want:
                    self.own_items()[p].pop(j)
                    self.own_ideck().insert(0, c >> 1)
                    break
        elif k == T_PAY:
            self._pay_bank(p, g.q_amount[t])
        self.own_points()[p] += g.q_points[t]
        self._from_bank(p, g.q_money[t])
        if g.q_reward[t]:  # an item from the pile, face down («Цель игры» 7)
            self._draw_item(p)
        part = g.q_part[t]
        # found, credit and qdone: replaced, never changed in place (FIELDS)
        self.found, self.credit = self.found.copy(), self.credit.copy()
        if self.found[part] < g.part_need[part]:
            self.credit[p] += 1
        self.found[part] += 1
        self.complete = self._machine_complete()
        self.own_tdone()[p] += 1
        self.qdone = self.qdone + [t]
        if self.record_events:
            self._ev(type="task_done", player=p, task=t, part=part, reveal=True)

    def _end(self, reason: str, winners) -> None:
        if self.phase == PH_OVER:
            return
        self.phase = PH_OVER
        self.over = reason
        if winners is None:
            best = max(self.points)
            top = [p for p in range(self.num_players) if self.points[p] == best]
            if len(top) > 1:  # tie-break (our rule): more money
                m = max(self.money[p] for p in top)
                top = [p for p in top if self.money[p] == m]
            winners = tuple(top)
        self.winners = tuple(winners)
        self.fk = 0
        self.pend = []
        if self.record_events:
            self._ev(type="game_over", reason=reason, winners=list(self.winners))

    # ------------------------------------------------------------------ results

    def result(self) -> Result:
        n = self.num_players
        det = []
        for p in range(n):
            det.append({"points": self.points[p], "money": self.money[p],
                        "tasks_done": self.tdone[p], "creatures_defeated": self.kills[p],
                        "dragons_defeated": self.dkills[p], "parts_credited": self.credit[p]})
        return Result(tuple(float(x) for x in self.points), tuple(self.winners or ()),
                      self.over or "", tuple(det))

    # ------------------------------------------------------------------ observation

    def phase_name(self) -> str:
        return ("shop", "start", "event", "turn", "market", "next", "over")[self.phase]

    def round_number(self) -> int:
        return self.rnd + 1

    def public_scores(self) -> list:
        return list(self.points)

    def _observe(self, player):
        g = self.game
        n = self.num_players
        me = player if player is not None else -1
        tiles = []
        for cell in range(g.ncells):
            ti = self.tile[cell]
            if ti >= 0:
                tiles.append({"cell": cell, "q": g.cells[cell][0], "r": g.cells[cell][1],
                              "tile": g.t_key[ti], "kind": KIND_NAMES[g.t_kind[ti]],
                              "terrain": TERRAINS[g.t_terr[ti]], "city": g.t_city[ti],
                              "roads": [d for d in range(6) if self.roads[cell] >> d & 1],
                              "gaps": [d for d in range(6) if self.gaps[cell] >> d & 1],
                              "creature": self.mon[cell] if self.mon[cell] >= 0 else None,
                              "money": self.lmoney[cell],
                              "items": [c >> 1 for h, c in self.loot if h == cell]})
        fog = [{"cell": c, "q": g.cells[c][0], "r": g.cells[c][1]} for c in sorted(
            {g.nb[c * 6 + d] for c in range(g.ncells) if self.tile[c] >= 0
             for d in range(6) if g.nb[c * 6 + d] >= 0 and self.tile[g.nb[c * 6 + d]] < 0})]
        players = []
        for p in range(n):
            items = [{"item": c >> 1, "kind": g.item_defs[g.i_kind[c >> 1]]["key"],
                      "hidden": bool(c & 1)} if (p == me or not c & 1)
                     else {"item": None, "kind": None, "hidden": True} for c in self.items[p]]
            tasks = ([{"task": t, "targets": self._targets(t),
                       "visited": [c for c in range(1, 7)
                                   if self.prog[t * n + p] >> c & 1]} for t in self.tasks[p]]
                     if p == me else len(self.tasks[p]))
            players.append({
                "cell": self.pos[p], "money": self.money[p], "points": self.points[p],
                "items": items, "weapons": list(self.weapons[p]),
                "weapon_kinds": [g.weapon_defs[g.w_kind[w]]["key"] for w in self.weapons[p]],
                "heads": list(self.heads[p]),
                "tasks": tasks, "dungeon": self.jail[p], "creatures_defeated": self.kills[p],
                "dragons_defeated": self.dkills[p], "tasks_done": self.tdone[p],
                "parts_credited": self.credit[p],
                "achievements": [t for t in range(5) if self.titles[p] >> t & 1]})
        fight = None
        if self.fk:
            fight = {"attacker": self.fa, "defender": self.fb,
                     "creature": self.fc if self.fc >= 0 else None,
                     "creature_kind": g.creature_defs[self.fc]["key"] if self.fc >= 0 else None,
                     "cell": self.fhex,
                     "round": self.fround, "step": ("flee", "escape", "join", "join", "roll",
                                                    "cog", "resolve")[self.fstep],
                     "sides": list(self.fside), "totals": list(self.ftot)}
        obs = {
            "level": LEVELS[self.level], "turn": self.cur,  # whose turn; a fight asks others too
            "roll": self.roll, "movement": self.mp,
            "bank": self.bank, "tiles": tiles, "fog": fog, "players": players,
            "common_tasks": [{"task": t, "targets": self._targets(t)} for t in self.common],
            "parts_found": list(self.found), "steam_dragons_on_map": self.ndragons,
            "dragons_defeated": self.dkilled,
            "decks": {"tiles": len(self.tdeck), "items": len(self.ideck),
                      "weapons": len(self.wdeck), "creatures": len(self.cdeck),
                      "dragons": len(self.ddeck), "tasks": len(self.qdeck),
                      "events": len(self.edeck)},
            "shop": ({"items": [self._card_json(k, c, 0) for k, c in enumerate(self.sh_items)],
                      "weapons": [self._card_json(k, c, 1) for k, c in enumerate(self.sh_weap)]}
                     if self.phase == PH_SHOP else None),
            "display": ({"kind": ("items", "weapons")[self.mkind],
                         "cards": [self._card_json(k, c, self.mkind)
                                   for k, c in enumerate(self.mdisp)]}
                        if self.phase == PH_MARKET else None),
            "incoming": ([{"item": self.pend[0][2] >> 1,
                           "kind": g.item_defs[g.i_kind[self.pend[0][2] >> 1]]["key"]}]
                         if self.pend and self.pend[0][0] == P_DISCARD and self.pend[0][1] == me
                         else [{"weapon": self.pend[0][2],
                                "kind": g.weapon_defs[g.w_kind[self.pend[0][2]]]["key"]}]
                         if self.pend and self.pend[0][0] == P_WDISCARD and self.pend[0][1] == me
                         else []),
            "fight": fight,
            "pending": PENDING_NAMES[self.pend[0][0]] if self.pend else None,
            "trade": self._trade_json(me),
            "pending_cell": (self.pend[0][2] if self.pend and self.pend[0][0] in (
                P_DISPLACE, P_DRAGON) else None),
            # whose item the winner of a fight is choosing (pending "pick_item")
            "pick_from": self.pend[0][2] if self.pend and self.pend[0][0] == P_PICK else None,
            "used": self.used,
            "catalogue": g.catalogues[self.level],
        }
        return obs

    def _trade_json(self, me: int):
        """The exchange being proposed: who offers what to whom; the item asked for is
        named to its holder only while it is hidden."""
        pe = self.pend[0] if self.pend else None
        if pe is None or pe[0] < P_GIVE:
            return None
        k: int | None
        j: int | None
        if pe[0] == P_ANSWER:
            o, p, k, j = pe[1], pe[2], pe[3], pe[4]
        else:
            p, o, k, j = pe[1], pe[2], (pe[3] if pe[0] == P_WANT else None), None
        out = {"from": p, "to": o, "give": self.items[p][k] >> 1 if k is not None else None,
               "want_slot": j, "want": None}
        if j is not None:
            code = self.items[o][j]
            if not code & 1 or me == o:
                out["want"] = code >> 1
        return out

    def _card_json(self, slot: int, c: int, weapon: int) -> dict:
        """A face-up card of a display: slot, card id, kind and price (None once bought)."""
        g: SteamlandGame = self.game
        if c < 0:
            return {"slot": slot, "card": None, "kind": None, "value": None}
        if weapon:
            return {"slot": slot, "card": c, "kind": g.weapon_defs[g.w_kind[c]]["key"],
                    "value": g.w_value[c], "strength": g.w_str[c]}
        return {"slot": slot, "card": c, "kind": g.item_defs[g.i_kind[c]]["key"],
                "value": g.i_value[c]}

    # ------------------------------------------------------------------ copies

    def determinize(self, player: int, rng: random.Random) -> "SteamlandState":
        """Resample what `player` cannot see: hidden items of others, others' private tasks
        (and their dice), and the order of every face-down pile."""
        s = self.clone()
        g: SteamlandGame = self.game
        n = self.num_players
        # hidden items of others come from the same pool as the face-down item deck
        pool = list(s.ideck)
        slots = []
        for p in range(n):
            if p == player:
                continue
            for k, c in enumerate(s.items[p]):
                if c & 1:
                    pool.append(c >> 1)
                    slots.append((p, k))
        shuffle(rng, pool)
        if slots:
            items = s.own_items()
            for p, k in slots:
                items[p][k] = (pool.pop() << 1) | 1
        s.ideck = pool
        # private tasks of others: any private task not seen elsewhere
        tpool = list(s.qdeck)
        held = []
        for p in range(n):
            if p != player:
                tpool.extend(s.tasks[p])
                held.append((p, len(s.tasks[p])))
        priv = [t for t in tpool if not g.q_common[t]]
        shuffle(rng, priv)
        s.target = s.target.copy()  # replaced, never changed in place (FIELDS)
        tasks, prog = s.own_tasks(), s.own_prog()
        for p, cnt in held:
            tasks[p] = [priv.pop() for _ in range(cnt)]
            for t in tasks[p]:
                mask = 0
                for _ in range(g.q_dice[t]):
                    mask |= 1 << randint(rng, 1, 6)
                s.target[t] = mask
                prog[t * n + p] = 0
        rest = [t for t in tpool if g.q_common[t]] + priv
        shuffle(rng, rest)
        s.qdeck = rest
        for deck in (s.own_tdeck(), s.own_wdeck(), s.own_cdeck(), s.own_ddeck(), s.own_edeck()):
            shuffle(rng, deck)
        s._legal = None  # the seat to move may hold other items now
        s.reseed(rng)
        return s

    # ------------------------------------------------------------------ labels

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from railtable.games.steamland.text import describe
        return describe(self, a, lang, names)


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class SteamlandGame(Game):
    actions: ClassVar[Any] = A
    id = "steamland"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 6
    # 2: issue #26 (exchanges, item rewards, the fixed rule points); 3: forced single
    # choices taken by the engine (issue #27); 4: one generator per state, drawn from at every random step (issue #28)
    # 5: rules fidelity: the last dragon's fight counts its tasks and titles before the end;
    # 14 points before the other ends; the launch on the holder's own visit; one sale a
    # turn, heads included; an item used face down is shown
    rules_version = "5"
    Options = SteamlandOptions
    num_actions = A.NUM_ACTIONS

    def __init__(self) -> None:
        d = json.loads((HERE / "data.json").read_text(encoding="utf-8"))
        self.data = d
        r = d["rules"]
        self.start_money: int = r["start_money"]
        self.total_money: int = r["total_money"]
        self.movement: int = r["movement"]
        self.lava_bonus: int = r["lava_bonus"]
        self.max_items: int = r["max_items"]
        self.max_weapons: int = r["max_weapons"]
        self.max_tasks: int = r["max_tasks"]
        self.win_points: int = r["win_points"]
        self.red_face: int = r["red_face"]
        self.loss_money: int = r["loss_money"]
        self.round_limit: int = r["round_limit"]
        self.launch_points: int = r["launch_points"]
        self.part_points: int = r["part_points"]
        # hex grid (axial coordinates), the start tile in the centre
        R = r["grid_radius"]
        self.cells = [(q, rr) for q in range(-R, R + 1) for rr in range(-R, R + 1)
                      if abs(q + rr) <= R]
        index = {c: i for i, c in enumerate(self.cells)}
        self.ncells: int = len(self.cells)
        self.center: int = index[(0, 0)]
        self.nb: list[int] = []
        for (q, rr) in self.cells:
            for dq, dr in DIRS:
                self.nb.append(index.get((q + dq, rr + dr), -1))
        self.opp_bit: list[int] = [1 << ((d + 3) % 6) for d in range(6)]
        self.near: list[frozenset[int]] = [frozenset([c] + [self.nb[c * 6 + d] for d in range(6)
                                      if self.nb[c * 6 + d] >= 0]) for c in range(self.ncells)]
        # tiles: index 0 is the start tile, then one entry per physical tile
        terr_cost = d["terrain"]
        tiles = [d["start_tile"]] + [t for t in d["tiles"] for _ in range(t.get("count", 1))]
        self.tile_defs = tiles
        self.t_key: list[str] = [t["key"] for t in tiles]
        self.t_kind: list[int] = [KIND_IDS[t["kind"]] for t in tiles]
        self.t_terr: list[int] = [TERRAINS.index(t["terrain"]) for t in tiles]
        self.t_cost: list[int] = [terr_cost[t["terrain"]] for t in tiles]
        self.t_city: list[int] = [t.get("city", 0) for t in tiles]
        self.t_roads: list[int] = [sum(1 << e for e in t["roads"]) for t in tiles]
        self.t_gaps: list[int] = [sum(1 << e for e in t["gaps"]) for t in tiles]
        # items: one id per physical card
        self.item_defs = d["items"]
        ikey = {it["key"]: k for k, it in enumerate(d["items"])}
        cards = [k for k, it in enumerate(d["items"]) for _ in range(it["count"])]
        self.i_kind: list[int] = cards
        self.i_value: list[int] = [d["items"][k]["value"] for k in cards]
        self.i_effect: list[int] = [EFFECTS[d["items"][k]["effect"]] for k in cards]
        self.i_amount: list[int] = [d["items"][k].get("movement", d["items"][k].get("strength", 0))
                         for k in cards]
        self.weapon_defs = d["weapons"]
        wcards = [k for k, w in enumerate(d["weapons"]) for _ in range(w["count"])]
        self.w_kind: list[int] = wcards
        self.w_value: list[int] = [d["weapons"][k]["value"] for k in wcards]
        self.w_str: list[int] = [d["weapons"][k]["strength"] for k in wcards]
        cr = d["creatures"]
        self.creature_defs = cr
        self.c_str: list[int] = [c["strength"] for c in cr]  # as printed (hunting tasks count it)
        self.c_value: list[int] = [c["value"] for c in cr]
        self.c_flee: list[bool] = [not c.get("no_flee", False) for c in cr]
        self.c_reward: list[bool] = [bool(c.get("reward_item", False)) for c in cr]
        self.c_roll: list[int] = [{"one": R_ONE, "best_of_two": R_BEST, "sum_of_two": R_SUM}[
            c.get("roll", "one")] for c in cr]
        self.c_dragon: list[int] = [c.get("dragon", 0) for c in cr]
        self.part_defs = d["parts"]
        pkey = {p["key"]: k for k, p in enumerate(d["parts"])}
        self.part_need: list[int] = [p["need"] for p in d["parts"]]
        qs = d["tasks"]
        self.task_defs = qs
        self.q_common: list[bool] = [t["mark"] == d["rules"]["common_task_mark"] for t in qs]
        self.q_kind: list[int] = [TASK_KINDS[t["kind"]] for t in qs]
        self.q_dice: list[int] = [t.get("dice", 0) for t in qs]
        self.q_str: list[int] = [t.get("strength", 0) for t in qs]
        self.q_dragon: list[bool] = [bool(t.get("dragon", False)) for t in qs]
        self.q_item: list[int] = [ikey[t["item"]] if "item" in t else -1 for t in qs]
        self.q_amount: list[int] = [t.get("amount", 0) for t in qs]
        self.q_points: list[int] = [t["points"] for t in qs]
        self.q_money: list[int] = [t["money"] for t in qs]
        self.q_reward: list[bool] = [bool(t.get("reward_item", False)) for t in qs]
        self.q_part: list[int] = [pkey[t["part"]] for t in qs]
        self.event_defs = d["events"]
        ecards = [k for k, e in enumerate(d["events"]) for _ in range(e["count"])]
        self.e_kind: list[int] = ecards
        self.e_effect: list[int] = [EVENT_EFFECTS[d["events"][k]["effect"]] for k in ecards]
        self.e_amount: list[int] = [d["events"][k].get("amount", 0) for k in ecards]
        ach = d["achievements"]
        self.ach_points: list[int] = [a["points"] for a in ach]
        self.ach_money: int = ach[0]["money"]
        self.ach_kills: int = ach[1]["kills"]
        self.ach_tasks: int = ach[3]["tasks"]
        self.ach_dragons: int = ach[4]["dragons"]
        self.achievement_defs = ach
        # the fighting strength of each creature at each level: the Steam Dragons grow
        # stronger with the level (the project's design, docs/games/steamland.md)
        bonus = d["levels"]["dragon_strength"]
        self.c_fight: list[list[int]] = [[st + (bonus[lv] if self.c_dragon[c] else 0)
                         for c, st in enumerate(self.c_str)] for lv in LEVELS]
        # what a view shows of the cards (static, one per level): creatures' strength, what
        # each task needs and gives, the terrain's movement costs
        self.catalogues = [self._catalogue(lv) for lv in range(len(LEVELS))]
        # the opening purchase (the project's design for fair seats, docs/games/steamland.md)
        op = d["opening"]
        wkey = {w["key"]: k for k, w in enumerate(d["weapons"])}
        self.opening_weapons: list[int] = [wkey[k] for k in op["weapons"]]
        self.opening_items: list[int] = [ikey[k] for k in op["items"]]
        self.seat_money: list[int] = [op["seat_money"] * p for p in range(self.max_players)]

    def _catalogue(self, level: int) -> dict:
        """The cards' printed facts for views, by id: a creature's strength (as printed,
        which hunting tasks count, and in a fight at this level), how it rolls, whether it
        lets you flee, its head's price; a task's kind and what it needs and gives; each
        machine part's need; items' and weapons' values; the terrain's movement costs."""
        d = self.data
        mark = d["rules"]["common_task_mark"]
        return {
            "terrain": dict(d["terrain"]),
            "creatures": [{"kind": c["key"], "strength": c["strength"],
                           "fight": self.c_fight[level][i], "roll": c.get("roll", "one"),
                           "flee": not c.get("no_flee", False), "dragon": c.get("dragon", 0),
                           "value": c["value"], "reward_item": bool(c.get("reward_item"))}
                          for i, c in enumerate(d["creatures"])],
            "tasks": [{"key": q["key"], "kind": q["kind"], "common": q["mark"] == mark,
                       "cities": q.get("dice", 0), "strength": q.get("strength", 0),
                       "dragon": bool(q.get("dragon")), "item": q.get("item"),
                       "amount": q.get("amount", 0), "points": q["points"],
                       "money": q["money"], "part": q["part"],
                       "reward_item": bool(q.get("reward_item"))} for q in d["tasks"]],
            "parts": [{"key": p["key"], "need": p["need"]} for p in d["parts"]],
            "achievements": [a["key"] for a in d["achievements"]],
            "items": {it["key"]: {"value": it["value"], "effect": it["effect"],
                                  "amount": it.get("movement", it.get("strength", 0))}
                      for it in d["items"]},
            "weapons": {w["key"]: {"value": w["value"], "strength": w["strength"]}
                        for w in d["weapons"]},
        }

    # ---------------------------------------------------------------- states

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        opts = self.parse_options(options)
        n = num_players
        s = SteamlandState.__new__(SteamlandState)
        s._init_base(self, n, seed, record_events)
        s.level = LEVELS.index(opts.level)
        s.phase = PH_SHOP
        s.cur = 0
        s.rnd = 0
        s.over = None
        s.winners = None
        s.roll = 0
        s.pos = [self.center] * n
        s.money = [self.start_money] * n
        s.bank = self.total_money - self.start_money * n
        s.points = [0] * n
        s.items = [[] for _ in range(n)]
        s.weapons = [[] for _ in range(n)]
        s.heads = [[] for _ in range(n)]
        s.tasks = [[] for _ in range(n)]
        s.jail = [0] * n
        s.kills = [0] * n
        s.dkills = [0] * n
        s.tdone = [0] * n
        s.titles = [0] * n
        s.taken_titles = 0
        s.lmoney = [0] * self.ncells
        s.tile = [-1] * self.ncells
        # the road and gap sides of each hex (six bits), as bytes: a clone copies each in
        # one go
        s.roads = bytearray(self.ncells)
        s.gaps = bytearray(self.ncells)
        s.mon = [-1] * self.ncells
        s.loot = []
        s.tile[self.center] = 0
        s.roads[self.center] = self.t_roads[0]
        s.gaps[self.center] = self.t_gaps[0]
        r = s.rng()
        s.tdeck = list(range(1, len(self.t_key)))
        r.shuffle(s.tdeck)
        s.ideck = list(range(len(self.i_value)))
        r.shuffle(s.ideck)
        s.wdeck = list(range(len(self.w_value)))
        r.shuffle(s.wdeck)
        dragons = [c for c in range(len(self.c_str)) if self.c_dragon[c]]
        others = [c for c in range(len(self.c_str)) if not self.c_dragon[c]]
        if s.level >= 2:  # Professor, Genius: the dragons in a pile of their own
            s.cdeck = others
            s.ddeck = dragons
            r.shuffle(s.ddeck)
        else:
            s.cdeck = others + dragons
            s.ddeck = []
        r.shuffle(s.cdeck)
        s.qdeck = list(range(len(self.q_kind)))
        r.shuffle(s.qdeck)
        s.edeck = list(range(len(self.e_effect)))
        r.shuffle(s.edeck)
        s.gone = []  # sold heads of Steam Dragons: out of the game
        s.qdone = []  # completed tasks
        s.common = []
        s.target = [0] * len(self.q_kind)
        s.prog = [0] * (len(self.q_kind) * n)
        s.found = [0] * 7
        s.credit = [0] * n
        s.ndragons = 0
        s.dkilled = 0
        s.mp = 0
        s.used = 0
        s.evdue = False
        s.mdisp = []
        s.mkind = 0
        s.sh_items = self._opening_cards(s.ideck, self.i_kind, self.opening_items, 2 * n)
        s.sh_weap = self._opening_cards(s.wdeck, self.w_kind, self.opening_weapons, n)
        s.sh_passed = 0
        s.sh_bi = [0] * n
        s.sh_bw = [0] * n
        s.sh_turn = 0
        for p, extra in enumerate(self.seat_money[:n]):  # later seats' compensation
            s.money[p] += extra
            s.bank -= extra
        s.fk = 0
        s.fa = s.fb = s.fc = s.fhex = -1
        s.forig = 0
        s.fstep = 0
        s.fround = 0
        s.fside = [0] * n
        s.fq = []
        s.ftot = [0, 0]
        s.fend = False
        s.fjoin = []
        s.pend = []
        s._legal = None
        s.chk_all = True
        s.complete = False
        s.dpos = [-1] * 7  # the hex of Steam Dragon k, or -1
        if record_events:
            s.emit({"type": "setup", "players": n, "level": opts.level,
                    "shop_items": list(s.sh_items), "shop_weapons": list(s.sh_weap)})
        return s

    @staticmethod
    def _opening_cards(pile: list[int], kinds: Any, wanted: list[int], n: int) -> list[int]:
        """n cards of the equipment display: an equal share of each kind the data names
        (taken out of the pile, so that a later seat can buy what an earlier one bought),
        then the top cards of the pile."""
        out: list[int] = []
        for kind in wanted:
            mine = [c for c in reversed(pile) if kinds[c] == kind][:n // len(wanted)]
            for c in mine:
                pile.remove(c)
            out += mine
        while len(out) < n and pile:
            out.append(pile.pop())
        return out

    def difficulty_levels(self):
        names = self.i18n("en")["levels"]
        return [(names[lv], {"level": lv}) for lv in LEVELS]

    # ---------------------------------------------------------------- presentation

    def event_text(self, event, lang="en", names=None):
        from railtable.games.steamland.text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from railtable.games.steamland.text import render_text
        return render_text(self, observation, lang, names)

    def menu(self, state, lang: str = "en", names=None):
        from railtable.games.steamland.text_menu import menu
        return menu(state, lang, names)
