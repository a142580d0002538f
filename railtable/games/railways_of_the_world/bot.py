"""The heuristic bot for Railways of the World.

It reads only public information (everything on the table is public in this game; it never
looks at the order of the operations deck). Plan of a turn:

1. deliver when a delivery gives it at least as many points as its locomotive level allows
   over its own links (the best path is found by enumerating every legal path);
2. upgrade the locomotive when its own network holds a longer profitable route than the
   level allows (or early, to level 2-3);
3. build the most valuable affordable link: a link between a city holding goods cubes and
   a city of their colour, or an extension of its network toward such a city; the tile
   path is found by a search over the map with the rules' own step function;
4. otherwise take the best operations card, else anything safe.

It borrows only for a planned build, upgrade or urbanization, never for the auction (it
passes unless the first-player card is cheap and it has spare cash).
"""

from __future__ import annotations

from railtable.bots.base import Bot
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_BUILD_AT, A_CARD, A_CUBE, A_DELIVER, A_FINISH, A_MOVE, A_NOTE,
    A_PASS_BID, A_PASS_TURN, A_STEP, A_TAKE_CARD, A_UPGRADE, A_URB_CITY, A_URB_COLOUR,
    A_URBANIZE, A_USE_CARD, MAX_SEATS, NUM_COLOURS)
from railtable.games.railways_of_the_world.actions import A_RAISE_MORE
from railtable.games.railways_of_the_world.paths import (link_candidates, link_value, network,
                                                         route)

# per map: the cities 2-5 hexes from each city (build candidates), shared by all bots
_NEAR: dict = {}
# Cheapest tile paths between two cities (`_route`), shared by every bot of the process: a
# path depends only on the map, the track laid and what the seat's cards change about
# building (all public), so the many playouts of a search from one position find most of
# theirs here: per track (its key hashed once a plan), per pair of cities. Emptied when
# it holds _TRACKS_MAX tracks.
_ROUTES: dict = {}
_TRACKS_MAX = 2_000  # about 20 MB at most: a track's key holds three tuples of 307 hexes


CARD_PREF = {R.E_FREE_UPGRADE: 9, R.E_POINTS: 8, R.E_CASH: 7, R.E_WINDFALL: 6,
             R.E_SUBSIDY: 5, R.E_MAIL: 5, R.E_BRIDGE: 3, R.E_TUNNEL: 3,
             R.E_LOCO_DISCOUNT: 3, R.E_EXTRA_TILE: 2, R.E_BOOST: 4}


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.build_plan = None   # (start hex, [directions])
        self.del_plan = None     # [(city, owner), ...]

    # -- entry point -----------------------------------------------------------------------

    def act(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        p = self.seat
        if ph == R.PH_AUCTION:
            return self._bid(state, legal, p)
        if ph == R.PH_RAISE:
            return A_BID  # a raise begun by someone else (a search): end it at the least
        if ph == R.PH_TURN:
            return self._turn(state, legal, p)
        if ph == R.PH_BUILD_START:
            plan = self.build_plan
            if not (plan and plan[0] is not None and A_BUILD_AT + plan[0] in legal):
                # the build was chosen without this bot's plan (by a search, or a
                # person before a bot took the seat over): plan it now
                self.build_plan = self._plan_build(state, p)
            if self.build_plan and A_BUILD_AT + self.build_plan[0] in legal:
                return A_BUILD_AT + self.build_plan[0]
            return legal[int(self.rng.random() * len(legal))]
        if ph == R.PH_BUILD:
            return self._build_step(state, legal, p)
        if ph == R.PH_DEL_CUBE:
            plan = self._best_delivery(state, p)
            if plan:
                cube, path, _v = plan
                self.del_plan = list(path)
                return A_CUBE + cube
            return legal[0]
        if ph == R.PH_DEL_STEP:
            if self.del_plan:
                n, o = self.del_plan.pop(0)
                a = A_MOVE + n * MAX_SEATS + o
                if a in legal:
                    return a
            return legal[0]
        if ph == R.PH_CARD:
            return max(legal, key=lambda a: (CARD_PREF.get(
                state.game.card_effect[a - A_TAKE_CARD], 0), -a))
        if ph == R.PH_URB_COLOUR:
            return self._urb_colour(state, legal, p)
        if ph == R.PH_URB_CITY:
            return self._urb_city(state, legal, p)
        return legal[0]

    # -- the turn --------------------------------------------------------------------------

    def _turn(self, state, legal, p):
        g = state.game
        # free money and boosts first (not actions)
        for a in legal:
            if A_USE_CARD <= a < A_RAISE_MORE:
                eff = g.card_effect[a - A_USE_CARD]
                if eff in (R.E_SUBSIDY, R.E_WINDFALL):
                    return a
        best = self._best_delivery(state, p) if A_DELIVER in legal else None
        own_best = best[2][0] if best else 0
        # would a boost card make a better delivery now?
        for a in legal:
            if best and A_USE_CARD <= a < A_RAISE_MORE and \
                    g.card_effect[a - A_USE_CARD] == R.E_BOOST:
                boosted = self._best_delivery(state, p, extra=1)
                if boosted and boosted[2][0] > own_best:
                    return a
        if best and own_best >= 1:
            self.del_plan = None
            return A_DELIVER
        # upgrade when a longer route of own links waits, or early
        if state.level[p] < g.max_level and self._wants_upgrade(state, p, own_best):
            if A_UPGRADE in legal:
                return A_UPGRADE
            if A_NOTE in legal and state.cash[p] + state.note_value >= state._upgrade_cost(p) and \
                    self._can_afford_loans(state, p):
                return A_NOTE
        if A_BUILD in legal:
            plan = self._plan_build(state, p)
            if plan is not None:
                self.build_plan = plan
                return A_BUILD
        if best and own_best >= 1:
            return A_DELIVER
        if A_URBANIZE in legal and state.cash[p] >= 14000 and any(
                c in state.net[p] for c in state._gray_targets()):
            return A_URBANIZE
        if A_CARD in legal:
            takeable = [c for c in state.display if g.card_kind[c] != R.K_CONDITION]
            if any(CARD_PREF.get(g.card_effect[c], 0) >= 3 for c in takeable):
                return A_CARD
        if best:
            return A_DELIVER
        if A_CARD in legal:
            return A_CARD
        if A_UPGRADE in legal and state.level[p] < 4:
            return A_UPGRADE
        for a in (A_PASS_TURN, A_BUILD, A_URBANIZE, A_UPGRADE):
            if a in legal:
                if a == A_BUILD:
                    self.build_plan = None
                return a
        return legal[0]

    def _can_afford_loans(self, state, p) -> bool:
        inc = state.game.income[min(state.points[p], len(state.game.income) - 1)]
        return state.notes[p] < 3 + inc // 1000

    def _wants_upgrade(self, state, p, own_best) -> bool:
        lvl = state.level[p]
        if lvl >= 1 + state.links_built[p] // 2:
            return False
        if lvl < 2 and state.links_built[p] >= 1:
            return True
        # a longer delivery of own links exists with one more level?
        nxt = self._best_delivery(state, p, extra=1)
        return bool(nxt) and nxt[2][0] > max(own_best, lvl - 1)

    # -- deliveries ----------------------------------------------------------------------

    def _best_delivery(self, state, p, extra=0):
        """(cube, path, value) of the best legal delivery, value = (own points, -others)."""
        rng = state.level[p] + state.boost[p] + extra
        adj, cc, cubes = state.adj, state.city_colour, state.cubes
        best = None
        for c in range(state.m.num_cities):
            if not adj[c] or not any(o == p for _n, o in adj[c]):
                continue
            base = c * NUM_COLOURS
            for k in range(NUM_COLOURS):
                if not cubes[base + k]:
                    continue
                for path in self._paths(adj, cc, c, k, rng, p):
                    own = sum(1 for _n, o in path if o == p)
                    val = (own, -(len(path) - own))
                    if best is None or val > best[2]:
                        best = (base + k, path, val)
        return best

    @staticmethod
    def _paths(adj, cc, src, colour, rng, p):
        out = []
        stack = [(src, 1 << src, [])]
        while stack:
            cur, vis, path = stack.pop()
            for n, o in adj[cur]:
                if not path and o != p:
                    continue
                if (vis >> n) & 1:
                    continue
                np_ = path + [(n, o)]
                if cc[n] == colour:
                    out.append(np_)
                elif len(np_) < rng:
                    stack.append((n, vis | (1 << n), np_))
        return out

    # -- building ------------------------------------------------------------------------

    def _near_pairs(self, m):
        near = _NEAR.get(m.id)
        if near is None:
            near = _NEAR[m.id] = [
                [b for b in range(m.num_cities) if b != a and
                 2 <= m.distance(m.hex_qr[m.city_hex[a]], m.hex_qr[m.city_hex[b]]) <= 5]
                for a in range(m.num_cities)]
        return near

    def _link_value(self, state, p, a, b, net):
        return link_value(state, a, b, net)

    def _plan_build(self, state, p):
        m = state.m
        near = self._near_pairs(m)
        net = network(state, p)
        cands = link_candidates(state, near, net)  # each worth _link_value >= 1
        cands.sort(reverse=True)
        cash = state.cash[p]
        budget = cash + (state.note_value * max(0, 3 + state.points[p] // 3 - state.notes[p])
                         if self._can_afford_loans(state, p) else 0)
        best = None
        # what a route depends on besides its two cities (see _ROUTES)
        track = (m.id, tuple(state.hex_used), tuple(state.hex_nseg), tuple(state.hex_pend),
                 state._extra_tile_ready(p), state._ridge_cost(p),
                 state.game.has_effect(state, p, R.E_BRIDGE))
        routes = _ROUTES.get(track)
        if routes is None:
            if len(_ROUTES) >= _TRACKS_MAX:
                _ROUTES.clear()
            routes = _ROUTES[track] = {}
        for v, a, b in cands[:8]:
            for s, t in ((a, b), (b, a)):
                r = routes.get((s, t), False)
                if r is False:
                    r = routes[s, t] = self._route(state, p, s, t)
                if r is None:
                    continue
                cost, dirs = r
                if cost > budget:
                    continue
                score = v / (1.0 + cost / 6000.0)
                if best is None or score > best[0]:
                    best = (score, m.city_hex[s], dirs, cost)
        if best is None:
            return None
        return (best[1], list(best[2]))

    def _route(self, state, p, s, t):
        """Cheapest tile path (cost, directions) from city s into city t in one action."""
        return route(state, p, s, t)

    def _continuation(self, state, p):
        """Directions that take the link being built into the city worth most for its cost
        (None if no city is in reach)."""
        start = state.wl_start
        net = network(state, p)
        best = None
        stack = [(0, [list(x) for x in state.wl_segs], [])]
        while stack:
            cost, segs, dirs = stack.pop()
            for d, c, hx, city in state._head_steps(p, start, segs, state.wl_tiles + len(dirs)):
                nc = cost + c
                if city >= 0:
                    v = self._link_value(state, p, start, city, net) / (1.0 + nc / 6000.0)
                    if best is None or v > best[0]:
                        best = (v, dirs + [d])
                    continue
                if len(dirs) < 3:
                    stack.append((nc, segs + [[hx, (d + 3) % 6, -1]], dirs + [d]))
        return best[1] if best else None

    def _build_step(self, state, legal, p):
        plan = self.build_plan
        if plan and plan[1]:
            d = plan[1][0]
            if A_STEP + d in legal:
                plan[1].pop(0)
                return A_STEP + d
            steps = {dd: c for dd, c, _t, _c in state._steps(p)}
            if d in steps and A_NOTE in legal:
                return A_NOTE
        self.build_plan = None
        # no plan (the build was begun by someone else, e.g. a search): finish the link
        # toward the most valuable city its head can reach
        dirs = self._continuation(state, p)
        if dirs and A_STEP + dirs[0] in legal:
            self.build_plan = (None, dirs[1:])
            return A_STEP + dirs[0]
        # nothing worth reaching: step into a city if possible, else stop
        for dd, c, _t, city in state._steps(p):
            if city >= 0 and A_STEP + dd in legal:
                return A_STEP + dd
        if A_FINISH in legal:
            return A_FINISH
        return [a for a in legal if a != A_NOTE][0] if len(legal) > 1 else legal[0]

    # -- auction -------------------------------------------------------------------------

    def _bid(self, state, legal, p):
        """Bid a little with spare cash: going first matters most once deliveries wait,
        never borrow for it, and never open (an unanswered opening bid is void anyway)."""
        if p == state.opener and state.bidder < 0:
            return A_PASS_BID
        spare = state.cash[p] - 6000 - state.notes[p] * 1000
        limit = min(3000, spare)
        if state.round == 0 or not state.net[p]:
            limit = min(limit, 1000)
        want = state.bid + state.game.bid_step
        if want <= limit and A_BID in legal:
            return A_BID
        return A_PASS_BID

    # -- urbanize ------------------------------------------------------------------------

    def _urb_colour(self, state, legal, p):
        """The colour most wanted by cubes sitting in its own network."""
        cubes = state.cubes
        net = state.net[p]

        def demand(a):
            k = a - A_URB_COLOUR
            return (sum(cubes[c * NUM_COLOURS + k] for c in net), -a)
        return max(legal, key=demand)

    def _urb_city(self, state, legal, p):
        net = set(state.net[p])
        for a in legal:
            if a - A_URB_CITY in net:
                return a
        return legal[0]

