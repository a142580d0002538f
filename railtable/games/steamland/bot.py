"""The heuristic bot of Steamland.

It reads only what its seat may know: the revealed map, creatures on it, positions, public
items, its own hand (tasks with their dice, hidden items) and the common tasks. It pursues
its tasks by shortest paths over the revealed map, explores the fog when it has no target,
takes and drops tasks, buys weapons and the items its tasks need, sells heads, fights when
the exact odds of the dice favour it, and joins other fights on the side likely to win.
"""

from __future__ import annotations

import math

from railtable.bots.base import Bot
from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R
# the targets, odds and ways are compiled (paths.py); win_chance is imported from here too
from railtable.games.steamland.paths import armour, dijkstra, fight_odds, targets, win_chance

# Odds a bot needs to attack a Steam Dragon, by the number of dragons on the map (0-3).
# A fourth dragon is a loss for every player, so with three out any fight is worth it;
# a partner who explores carelessly brings them out fast (vs random play this bar halved
# the games everybody lost).
DRAGON_BAR = (0.4, 0.3, 0.1, 0.0)

# Shortest ways over the revealed map (`_paths`), shared by every bot of the process: they
# depend only on the map as everyone sees it, the start and the balloon, so the playouts of
# a search from one position find most of theirs here. Emptied when full (about 8 MB: a
# key holds four tuples of the map's hexes).
_PATHS: dict = {}
_PATHS_MAX = 20_000
# The same, found by the identity of the map's lists (`_paths`): most lookups, without
# reading the map.
_SAME: dict = {}


# The position evaluation search bots score cut playouts with (`SteamlandGame.evaluate`):
# each seat's chance to win is a softmax of a weighted sum of what it has, the weights
# fitted to who won 200 three-player heuristic games from 2,772 positions (the average
# log-likelihood of the winner -0.61, against -1.10 for an even chance;
# scripts/fit_steamland_evaluation.py).
WIN_WEIGHTS = {"points": 0.48, "task_points": 0.29, "money_thousands": 0.05, "items": 0.2,
               "weapon": 0.5}


def win_features(s, p: int) -> list[float]:
    """What seat p has, in the order of WIN_WEIGHTS."""
    return [s.points[p], sum(s.game.q_points[t] for t in s.tasks[p]), s.money[p] / 1000.0,
            len(s.items[p]), s._weapon(p)]


def win_chances(s) -> list[float]:
    """Each seat's chance to win from position s, from public and own-hand facts alike
    (the evaluation is asked on determinized copies only)."""
    weights = WIN_WEIGHTS.values()
    values = [sum(w * x for w, x in zip(weights, win_features(s, p)))
              for p in range(s.num_players)]
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0, caution: float = 0.55) -> None:
        super().__init__(seat, seed)
        self.caution = float(caution)

    # ------------------------------------------------------------------ helpers

    def _item_worth(self, s, p: int, card: int) -> float:
        g = s.game
        kind = g.i_kind[card]
        for t in s.tasks[p]:
            if g.q_kind[t] == R.T_DELIVER and g.q_item[t] == kind:
                return 2500
        for t in s.common:
            if g.q_kind[t] == R.T_DELIVER and g.q_item[t] == kind:
                return 2000
        return self._plain_worth(g, card)

    def _strength(self, s, p: int) -> int:
        return s._weapon(p)

    def _fight_odds(self, s, p: int, creature: int) -> float:
        return fight_odds(s, p, self.seat, creature)

    def _pvp_odds(self, s, p: int, o: int) -> float:
        return win_chance(s._weapon(p) - self._armour(s, o), s._weapon(o) - self._armour(s, p))

    def _armour(self, s, p: int) -> int:
        """Armour of p as this seat sees it: another seat's hidden items do not count."""
        return armour(s, p, self.seat)

    # ------------------------------------------------------------------ paths

    def _paths(self, s, p: int, creature_ok: int = -1):
        """Dijkstra from p's hex over the revealed map: dist and first step per hex, and the
        cost and first step to each unrevealed hex next to it (`paths.dijkstra`; shared with
        the cache: the caller must not change them)."""
        start = s.pos[p]
        balloon = s._has_effect(p, R.E_BALLOON)
        tiles_left = bool(s.tdeck)
        tile, roads, gaps, mon = s.tile, s.roads, s.gaps, s.mon
        # The rules replace these lists whole, never change them (`replaced` fields), so
        # the same four objects are the same map: found by identity without reading them.
        # The entry holds the objects, so no other list can take their ids meanwhile.
        same = (id(tile), id(roads), id(gaps), id(mon), tiles_left, start, balloon,
                creature_ok)
        hit = _SAME.get(same)
        if hit is not None and hit[0] is tile and hit[1] is roads and hit[2] is gaps and \
                hit[3] is mon and hit[4] is s.game:
            return hit[5]
        # (the bytearrays as bytes: hashed in C, and nothing for the collector to track)
        key = (id(s.game), tuple(tile), bytes(roads), bytes(gaps), tuple(mon), tiles_left,
               start, balloon, creature_ok)
        found = _PATHS.get(key)
        if found is None:
            if len(_PATHS) >= _PATHS_MAX:
                _PATHS.clear()
                _SAME.clear()
            found = _PATHS[key] = self._dijkstra(s, start, balloon, creature_ok)
        if len(_SAME) >= _PATHS_MAX:
            _SAME.clear()
        _SAME[same] = (tile, roads, gaps, mon, s.game, found)
        return found

    def _dijkstra(self, s, start: int, balloon: bool, creature_ok: int):
        g = s.game
        return dijkstra(s.tile, s.roads, s.gaps, s.mon, g.nb, g.opp_bit, g.t_cost,
                        bool(s.tdeck), start, balloon, creature_ok)

    def _targets(self, s, p: int) -> list[tuple[int, int]]:
        """Hexes worth reaching now, with a priority (lower is better)."""
        return targets(s, p, self.seat, self.caution, self._wants_items(s, p),
                       self._dragon_bar(s))

    # ------------------------------------------------------------------ decisions

    def act(self, state) -> int:
        s = state
        la = s.legal_actions()
        if len(la) == 1:
            return la[0]
        p = self.seat
        g = s.game
        if s.pend:
            return self._pending(s, la)
        if s.fk:
            return self._fight(s, la)
        if s.phase == R.PH_SHOP:
            return self._shop(s, la, s.sh_items, s.sh_weap)
        if s.phase == R.PH_MARKET:
            if s.mkind == 0:
                return self._shop(s, la, s.mdisp, [])
            return self._shop(s, la, [], s.mdisp)
        return self._turn(s, la, p, g)

    def _pending(self, s, la) -> int:
        pe = s.pend[0]
        kind = pe[0]
        p = self.seat
        g = s.game
        if kind == R.P_DISCARD:
            worth = [self._item_worth(s, p, c >> 1) for c in s.items[p]]
            new = self._item_worth(s, p, pe[2] >> 1)
            if new <= min(worth):
                return A.DISCARD_ITEM + 3
            return A.DISCARD_ITEM + worth.index(min(worth))
        if kind == R.P_WDISCARD:
            st = [g.w_str[w] for w in s.weapons[p]]
            if g.w_str[pe[2]] <= min(st):
                return A.DISCARD_WEAPON + 2
            return A.DISCARD_WEAPON + st.index(min(st))
        if kind == R.P_TDISCARD:
            score = []
            for t in s.tasks[p]:
                k = g.q_kind[t]
                sc = g.q_points[t]
                if k == R.T_DELIVER and not any(g.i_kind[c >> 1] == g.q_item[t]
                                                 for c in s.items[p]):
                    sc -= 2
                if k == R.T_PAY and s.money[p] < g.q_amount[t]:
                    sc -= 2
                score.append(sc)
            score = score[:len(la)]  # the forced newcomer is kept (8. Задания)
            return A.DROP_TASK + score.index(min(score))
        if kind == R.P_PICK:
            loser = pe[2]
            if loser == p:
                worth = [self._item_worth(s, p, c >> 1) for c in s.items[p]]
                return A.PICK + worth.index(min(worth))
            worth = [g.i_value[c >> 1] if not c & 1 else 450 for c in s.items[loser]]
            return A.PICK + worth.index(max(worth))
        if kind == R.P_DISPLACE:
            return la[int(self.rng.random() * len(la))]
        if kind == R.P_GIVE or kind == R.P_WANT:
            plan = self._trade_plan(s, p, pe[2])
            if kind == R.P_GIVE:
                return A.TRADE_GIVE + (plan[0] if plan else 0)
            return A.TRADE_WANT + (plan[1] if plan else 0)
        if kind == R.P_ANSWER:
            return A.ACCEPT if self._fair_offer(s, p, pe[2], pe[3], pe[4]) else A.DECLINE
        # move a dragon: push it away from me
        src = pe[2]
        best, bd = A.END, self._hexdist(g, src, s.pos[p])
        for a in la:
            if a == A.END:
                continue
            q = g.nb[src * 6 + a - A.MOVE]
            d = self._hexdist(g, q, s.pos[p])
            if d > bd:
                best, bd = a, d
        return best

    # ------------------------------------------------------------------ exchanges

    def _trade_plan(self, s, p: int, o: int):
        """(my slot, o's slot) of an exchange worth proposing to o, or None: one of o's
        shown items is worth at least 1,000 more to me than an item of mine that is worth
        more than it at face value (so that o, whose tasks I cannot see, may well accept);
        of those, the item of mine I miss least. Hidden items are not asked for blind."""
        g = s.game
        best = None
        for j, c in enumerate(s.items[o]):
            if c & 1:
                continue
            want = self._item_worth(s, p, c >> 1)
            for k, m in enumerate(s.items[p]):
                mine = self._item_worth(s, p, m >> 1)
                if want - mine >= 1000 and self._plain_worth(g, m >> 1) > self._plain_worth(
                        g, c >> 1) and (best is None or mine < best[0]):
                    best = (mine, k, j)
        return None if best is None else best[1:]

    @staticmethod
    def _plain_worth(g, card: int) -> int:
        """An item's worth to a player without tasks that need it (the Screwdriver is
        worth the launch to anybody)."""
        if g.i_effect[card] == R.E_SCREWDRIVER:
            return 3000
        return g.i_value[card] + {R.E_BALLOON: 600, R.E_CAR: 900, R.E_ARMOUR: 700,
                                  R.E_COG: 200, R.E_ESCAPE: 200,
                                  R.E_POTION: 100}.get(g.i_effect[card], 0)

    def _fair_offer(self, s, p: int, o: int, k: int, j: int) -> bool:
        """Accept when what comes is worth more to me than what goes, and never help the
        points leader (when it is not me) get closer to 14."""
        lead = max(s.points)
        if s.points[o] == lead and s.points[p] < lead:
            return False
        give = self._item_worth(s, p, s.items[p][j] >> 1)
        get = self._item_worth(s, p, s.items[o][k] >> 1)
        return get > give

    @staticmethod
    def _hexdist(g, a: int, b: int) -> int:
        (q1, r1), (q2, r2) = g.cells[a], g.cells[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def _fight(self, s, la) -> int:
        g = s.game
        p = self.seat
        st = s.fstep
        if st == R.FS_FLEE or st == R.FS_ESCAPE:
            odds = self._fight_odds(s, p, s.fc)
            want_out = odds < (0.5 if st == R.FS_FLEE else 0.4)
            return (A.FLEE if st == R.FS_FLEE else A.ESCAPE) if want_out else A.FIGHT
        if st == R.FS_JOIN:
            a, b, c = s.fa, s.fb, s.fc
            lead = max(range(s.num_players), key=lambda q: s.points[q])
            if b < 0:
                ta = s._weapon(a) + 2
                odds = win_chance(ta, g.c_fight[s.level][c] - self._armour(s, a), g.c_roll[c])
                if odds >= 0.6 and len(s.items[p]) >= 1 or odds >= 0.75 or \
                        g.c_dragon[c] and odds >= 0.45:
                    return A.JOIN_A
                if a == lead and a != p and 1 - win_chance(s._weapon(a), g.c_fight[s.level][c] + 2,
                                                           g.c_roll[c]) >= 0.7:
                    return A.JOIN_B
                return A.STAY_OUT
            base = self._pvp_odds(s, a, b)
            if a != lead and win_chance(s._weapon(a) + 2 - self._armour(s, b),
                                        s._weapon(b) - self._armour(s, a)) >= 0.65:
                return A.JOIN_A
            if b != lead and 1 - base >= 0.5:
                return A.JOIN_B
            return A.STAY_OUT
        # the lucky cog: use it when it turns the result
        ta, tb = s.ftot
        mine, other = (ta, tb) if p == s.fa else (tb, ta)
        return A.USE_COG if mine + 2 >= other else A.NO_COG

    def _shop(self, s, la, items, weapons) -> int:
        g = s.game
        p = self.seat
        best, bv = A.END, 0.0
        reserve = 400
        for a in la:
            if A.BUY_ITEM <= a < A.BUY_WEAPON:
                c = items[a - A.BUY_ITEM]
                w = self._item_worth(s, p, c) - g.i_value[c]
                if g.i_effect[c] == R.E_NONE and w < 500:
                    continue
                if s.money[p] - g.i_value[c] < reserve and w < 1000:
                    continue
                if w + 1 > bv:
                    best, bv = a, w + 1
            elif A.BUY_WEAPON <= a < A.SELL_ITEM:
                c = weapons[a - A.BUY_WEAPON]
                gain = g.w_str[c] - s._weapon(p)
                if gain <= 0 or s.money[p] - g.w_value[c] < reserve:
                    continue
                w = 400 * gain + 300
                if w > bv:
                    best, bv = a, w
        return best

    def _turn(self, s, la, p, g) -> int:
        laset = set(la)
        cell = s.pos[p]
        # a creature on my hex: fight it if the odds are good
        if A.ATTACK_HERE in laset and self._fight_odds(s, p, s.mon[cell]) >= (
                self._dragon_bar(s) if g.c_dragon[s.mon[cell]] else self.caution):
            return A.ATTACK_HERE
        # business on this hex (each costs a movement point, so before moving on)
        for a in la:
            if A.SELL_HEAD <= a < A.GAMBLE:
                c = s.heads[p][a - A.SELL_HEAD]
                if not self._head_needed(s, p, c):
                    return a
        if A.TAKE_TASK in laset:
            return A.TAKE_TASK
        if len(s.items[p]) >= 3 and self._wants_items(s, p, room=False):
            kind = g.t_kind[s.tile[cell]]
            if kind in (R.K_CITY, R.K_MARKET) and s.mp >= 1:
                worth = [self._item_worth(s, p, c >> 1) for c in s.items[p]]
                if min(worth) < 2000:
                    return A.DISCARD_ITEM + worth.index(min(worth))
        for a in la:
            if A.DROP_TASK <= a < A.DROP_TASK + 3:
                t = s.tasks[p][a - A.DROP_TASK]
                if g.q_kind[t] == R.T_PAY and s.money[p] < g.q_amount[t] or \
                        g.q_kind[t] == R.T_HUNT and s._weapon(p) < 2 or \
                        g.q_kind[t] == R.T_DELIVER and not self._holds(s, p, g.q_item[t]):
                    return a
        if A.OPEN_WEAPONS in laset and s.money[p] >= 1200 and s._weapon(p) < 4:
            return A.OPEN_WEAPONS
        if A.OPEN_ITEMS in laset and (self._wants_items(s, p) or
                                      s.money[p] >= 1500 and len(s.items[p]) < 2):
            return A.OPEN_ITEMS
        if len(s.items[p]) < 3:
            for a in la:
                if A.GAMBLE <= a < A.GAMBLE + 3:
                    c = s.items[p][a - A.GAMBLE] >> 1
                    if self._item_worth(s, p, c) <= 400:
                        return a
        if A.STEAL in laset and len(s.items[p]) <= 1 and s.money[p] >= 600:
            return A.STEAL
        if s.money[p] < 800:
            for a in la:
                if A.SELL_ITEM <= a < A.SELL_WEAPON:
                    c = s.items[p][a - A.SELL_ITEM] >> 1
                    if self._item_worth(s, p, c) <= g.i_value[c]:
                        return a
        # an exchange: a shown item of a player here that my tasks need
        for a in la:
            if a >= A.OFFER and self._trade_plan(s, p, a - A.OFFER):
                return a
        # a duel with a weaker player who carries something
        for a in la:
            if A.CHALLENGE <= a < A.CHALLENGE + 6:
                o = a - A.CHALLENGE
                if (s.items[o] or s.money[o] >= 300) and self._pvp_odds(s, p, o) >= 0.7:
                    return a
        # movement
        targets = self._targets(s, p)
        mon_targets = {c for _, c in targets if s.mon[c] >= 0}
        dist, first, fog, fog_first = self._paths(s, p)
        own = False  # dist and first are the cache's until copied to add a way
        for c in mon_targets:
            if c not in dist:
                d2, f2, _, _ = self._paths(s, p, creature_ok=c)
                if c in d2:
                    if not own:
                        dist, first, own = dict(dist), dict(first), True
                    dist[c], first[c] = d2[c], f2[c]
        best = None
        for pri, c in targets:
            if c in dist and c != cell:
                key = (pri, dist[c])
                if best is None or key < best[0]:
                    best = (key, c)
        if best is None:
            # explore: the nearest fog hex
            for q, d0 in fog.items():
                key = (9, d0 + self.rng.random())
                if best is None or key < best[0]:
                    best = (key, q)
            if best is not None:
                step = fog_first[best[1]]
            else:
                step = self._break_out(s, p)
        else:
            step = first[best[1]]
        if step >= 0:
            a = A.MOVE + step
            if a in laset:
                return a
            if A.POTION in laset:
                return A.POTION
        return A.END

    @staticmethod
    def _dragon_bar(s) -> float:
        """Odds needed to attack a Steam Dragon: lower as the dragons close the land."""
        return DRAGON_BAR[min(s.ndragons, 3)]

    def _holds(self, s, p: int, kind: int) -> bool:
        g = s.game
        return any(g.i_kind[c >> 1] == kind for c in s.items[p])

    def _screwdriver_lost(self, s) -> bool:
        """The machine is complete and nobody shows the Screwdriver: go and buy it."""
        if not s.complete:
            return False
        g = s.game
        for q in range(s.num_players):
            for c in s.items[q]:
                if (q == self.seat or not c & 1) and g.i_effect[c >> 1] == R.E_SCREWDRIVER:
                    return False
        return True

    def _wants_items(self, s, p: int, room: bool = True) -> bool:
        if (room and len(s.items[p]) >= 3) or s.money[p] < 300:
            return False
        if self._screwdriver_lost(s):
            return True
        g = s.game
        for t in list(s.tasks[p]) + list(s.common):
            if g.q_kind[t] == R.T_DELIVER and not self._holds(s, p, g.q_item[t]):
                return True
        return False

    def _break_out(self, s, p: int) -> int:
        """Nothing to reach and no fog in reach: a creature must be blocking the way. Go and
        fight the nearest one, whatever the odds."""
        g = s.game
        best = None
        for c in range(g.ncells):
            if s.mon[c] >= 0 and c != s.pos[p]:
                dist, first, _, _ = self._paths(s, p, creature_ok=c)
                if c in dist and (best is None or dist[c] < best[0]):
                    best = (dist[c], first[c])
        return best[1] if best else -1

    def _head_needed(self, s, p: int, c: int) -> bool:
        g = s.game
        for t in list(s.tasks[p]) + list(s.common):
            if g.q_kind[t] == R.T_HUNT:
                if g.c_dragon[c] if g.q_dragon[t] else g.c_str[c] >= g.q_str[t]:
                    return True
        return False
