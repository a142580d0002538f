"""Steamland's encoding (docs/games/steamland.md, "RL encoding"): the map cell by cell
(tile, roads, creatures, loot, fog), every adventurer's public state, the seat's own tasks
and hidden item, the shop or market on display, and the fight or trade under way."""

from __future__ import annotations

from railtable.games.steamland.rules import KIND_NAMES, LEVELS, PENDING_NAMES, TERRAINS
from railtable.rl.encoding import Encoder

PHASES = ("shop", "start", "event", "turn", "market", "next", "over")
FIGHT_STEPS = ("flee", "escape", "join", "roll", "cog", "resolve")
CITIES = 6  # task targets and visits are cities 1-6
CELL = 1 + len(KIND_NAMES) + len(TERRAINS) + 1 + 6 + 6 + 3 + 2 + 1  # features of a cell


class SteamlandEncoder(Encoder):
    phases = PHASES

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n, g = num_players, game
        self.C = g.ncells
        self.IK = len(g.item_defs)
        self.WK = len(g.weapon_defs)
        self.T = len(g.task_defs)
        self.item_kind = {d["key"]: i for i, d in enumerate(g.item_defs)}
        self.weapon_kind = {d["key"]: i for i, d in enumerate(g.weapon_defs)}
        self.kind = {k: i for i, k in enumerate(KIND_NAMES)}
        self.terrain = {k: i for i, k in enumerate(TERRAINS)}
        self.pending = {k: i for i, k in enumerate(PENDING_NAMES)}
        self.step = {k: i for i, k in enumerate(FIGHT_STEPS)}
        self.slice("level", len(LEVELS))
        self.slice("turn", n)
        self.slice("dice", 3)  # roll, movement points left, actions used
        self.slice("bank", 1)
        self.slice("cells", self.C, CELL)
        self.slice("positions", n, self.C)
        self.slice("player_stats", n, 17)
        self.slice("player_items", n, self.IK)
        self.slice("player_weapons", n, self.WK)
        self.slice("own_tasks", self.T, 1 + 2 * CITIES)
        self.slice("common_tasks", self.T)
        self.slice("parts_found", len(g.part_defs))
        self.slice("dragons", 2)
        self.slice("decks", 7)
        self.slice("shop_items", 2 * n, 2 + self.IK)
        self.slice("shop_weapons", n, 3 + self.WK)
        self.slice("display", 3, 3 + self.IK + self.WK)
        self.slice("incoming", self.IK + self.WK)
        self.slice("pending", len(PENDING_NAMES))
        self.slice("pending_cell", self.C)
        self.slice("fight", 2 * n + 4 + len(FIGHT_STEPS) + n + 2)
        self.slice("fight_cell", self.C)
        self.slice("trade", 2 * n + 2 * self.IK + 3)

    def _item_kind(self, card: int) -> int:
        g = self.game
        return self.item_kind[g.item_defs[g.i_kind[card]]["key"]]

    def _weapon_kind(self, card: int) -> int:
        g = self.game
        return self.weapon_kind[g.weapon_defs[g.w_kind[card]]["key"]]

    def fill(self, obs: dict, seat: int, out: list) -> None:
        n, C, IK, WK, T = self.num_players, self.C, self.IK, self.WK, self.T
        g = self.game
        order = self.seats(seat)
        rel = {q: k for k, q in enumerate(order)}
        level = [0] * len(LEVELS)
        level[LEVELS.index(obs["level"])] = 1
        out += level
        turn = [0] * n
        turn[rel[obs["turn"]]] = 1
        out += turn
        out += [obs["roll"], obs["movement"], obs["used"]]
        out.append(obs["bank"])
        cells = [0] * (C * CELL)
        K, TR = len(KIND_NAMES), len(TERRAINS)
        for t in obs["tiles"]:
            k = t["cell"] * CELL
            cells[k] = 1
            cells[k + 1 + self.kind[t["kind"]]] = 1
            k += 1 + K
            cells[k + self.terrain[t["terrain"]]] = 1
            k += TR
            cells[k] = t["city"]
            k += 1
            for d in t["roads"]:
                cells[k + d] = 1
            k += 6
            for d in t["gaps"]:
                cells[k + d] = 1
            k += 6
            c = t["creature"]
            if c is not None:
                cells[k:k + 3] = [1, g.c_str[c], int(bool(g.c_dragon[c]))]
            k += 3
            cells[k] = t["money"]
            cells[k + 1] = len(t["items"])
        for f in obs["fog"]:
            cells[f["cell"] * CELL + CELL - 1] = 1
        out += cells
        players = obs["players"]
        pos = [0] * (n * C)
        for k, q in enumerate(order):
            pos[k * C + players[q]["cell"]] = 1
        out += pos
        for q in order:
            p = players[q]
            tasks = p["tasks"]
            ach = [0] * 5
            for a in p["achievements"]:
                ach[a] = 1
            out += [p["money"], p["points"], len(p["items"]),
                    sum(1 for i in p["items"] if i["hidden"]), len(p["weapons"]),
                    len(p["heads"]), tasks if isinstance(tasks, int) else len(tasks),
                    p["dungeon"], p["creatures_defeated"], p["dragons_defeated"],
                    p["tasks_done"], p["parts_credited"]] + ach
        for q in order:
            v = [0] * IK
            for i in players[q]["items"]:
                if i["kind"] is not None:
                    v[self.item_kind[i["kind"]]] += 1
            out += v
        for q in order:
            v = [0] * WK
            for w in players[q]["weapon_kinds"]:
                v[self.weapon_kind[w]] += 1
            out += v
        own = [0] * (T * (1 + 2 * CITIES))
        mine = players[seat]["tasks"]
        for t in mine if isinstance(mine, list) else ():
            k = t["task"] * (1 + 2 * CITIES)
            own[k] = 1
            for c in t["targets"]:
                own[k + c] = 1
            for c in t["visited"]:
                own[k + CITIES + c] = 1
        out += own
        common = [0] * T
        for t in obs["common_tasks"]:
            common[t["task"]] = 1
        out += common
        out += obs["parts_found"]
        out += [obs["steam_dragons_on_map"], obs["dragons_defeated"]]
        d = obs["decks"]
        out += [d["tiles"], d["items"], d["weapons"], d["creatures"], d["dragons"], d["tasks"],
                d["events"]]
        shop = obs["shop"]
        items = [0] * (2 * n * (2 + IK))
        weapons = [0] * (n * (3 + WK))
        if shop is not None:
            for c in shop["items"][:2 * n]:
                if c["card"] is not None:
                    k = c["slot"] * (2 + IK)
                    items[k:k + 2] = [1, c["value"]]
                    items[k + 2 + self._item_kind(c["card"])] = 1
            for c in shop["weapons"][:n]:
                if c["card"] is not None:
                    k = c["slot"] * (3 + WK)
                    weapons[k:k + 3] = [1, c["value"], c["strength"]]
                    weapons[k + 3 + self._weapon_kind(c["card"])] = 1
        out += items
        out += weapons
        width = 3 + IK + WK
        display = [0] * (3 * width)
        disp = obs["display"]
        if disp is not None:
            weapon = disp["kind"] == "weapons"
            for c in disp["cards"][:3]:
                if c["card"] is not None:
                    k = c["slot"] * width
                    display[k:k + 3] = [1, int(weapon), c["value"]]
                    display[k + 3 + (IK + self._weapon_kind(c["card"]) if weapon
                                     else self._item_kind(c["card"]))] = 1
        out += display
        incoming = [0] * (IK + WK)
        for c in obs["incoming"]:
            if "item" in c:
                incoming[self._item_kind(c["item"])] = 1
            else:
                incoming[IK + self._weapon_kind(c["weapon"])] = 1
        out += incoming
        pending = [0] * len(PENDING_NAMES)
        if obs["pending"] is not None:
            pending[self.pending[obs["pending"]]] = 1
        out += pending
        pcell = [0] * C
        if obs["pending_cell"] is not None:
            pcell[obs["pending_cell"]] = 1
        out += pcell
        f = obs["fight"]
        fight = [0] * (2 * n + 4 + len(FIGHT_STEPS) + n + 2)
        fcell = [0] * C
        if f is not None:
            if f["attacker"] >= 0:
                fight[rel[f["attacker"]]] = 1
            if f["defender"] >= 0:
                fight[n + rel[f["defender"]]] = 1
            k = 2 * n
            c = f["creature"]
            fight[k:k + 4] = [1, int(c is not None), g.c_str[c] if c is not None else 0,
                              f["round"]]
            k += 4
            fight[k + self.step[f["step"]]] = 1
            k += len(FIGHT_STEPS)
            for q in order:
                fight[k + rel[q]] = f["sides"][q]
            k += n
            fight[k:k + 2] = f["totals"]
            if f["cell"] is not None and f["cell"] >= 0:
                fcell[f["cell"]] = 1
        out += fight
        out += fcell
        tr = obs["trade"]
        trade = [0] * (2 * n + 2 * IK + 3)
        if tr is not None:
            trade[rel[tr["from"]]] = 1
            trade[n + rel[tr["to"]]] = 1
            k = 2 * n
            if tr["give"] is not None:
                trade[k + self._item_kind(tr["give"])] = 1
            k += IK
            if tr["want"] is not None:
                trade[k + self._item_kind(tr["want"])] = 1
            k += IK
            trade[k:k + 3] = [1, int(tr["want_slot"] is not None), tr["want_slot"] or 0]
        out += trade


ENCODER = SteamlandEncoder
