"""A heuristic Colt Express bot.

It reads only what its seat may know: public positions and loot, its own hand and its own
cards in the pile, and purse values its seat knows (unknown purses count as an average).
Schemin': project where its bandit will stand after its own cards already played this round
and play the card that gets it loot there (Robbery at loot, Move toward loot, Fire when
someone is in sight, Punch a loaded bandit), drawing when the hand has nothing useful.
Stealin': greedy choices (richest loot, leading opponent as target, Marshal onto opponents).
"""

from __future__ import annotations

from railtable.bots.base import Bot

from . import rules as R
from .actions import (CHOOSE, DISCARD, DRAFT, DRAW, FIRE_AT, KEEP, LOOT_BOX, LOOT_JEWEL,
                      LOOT_PURSE, MARSHAL_TO, MOVE_TO, PASS, PLAY, PLAY_DOWN, PUNCH_AT,
                      PUNCH_TO, TEAM)

UNKNOWN_PURSE = 330
DRAFT_ORDER = (R.BELLE, R.CHEYENNE, R.TUCO, R.DJANGO, R.DOC, R.GHOST)  # measured among bots


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self._places: dict[int, list[int]] = {}  # set by _scheme for its decision
        self._projected: dict = {}

    # -- helpers (public information and this seat's own) -----------------------------------

    def _tok_value(self, s, i: int) -> int:
        if i < R.JEWEL0:
            return s.tval[i] if s.known[i] >> self.seat & 1 else UNKNOWN_PURSE
        return 500 if i < R.BOX0 else 1000

    def _loot_at(self, s, q: int) -> int:
        v = 0
        for i, where in enumerate(s.tloc):
            if where == q:
                v += self._tok_value(s, i)
        return v

    def _best_at(self, s, q: int) -> int:
        best = 0
        for i, where in enumerate(s.tloc):
            if where == q:
                v = self._tok_value(s, i)
                if v > best:
                    best = v
        return best

    def _wealth(self, s, b: int) -> int:
        return self._loot_at(s, R.HELD + b)

    def _mine(self, s, b: int) -> bool:
        return b // s.bps == self.seat

    # -- decisions ----------------------------------------------------------------------------

    def act(self, s) -> int:
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = s.phase
        if ph == R.PH_SCHEME or ph == R.PH_CHAIN:
            return self._scheme(s, legal)
        if ph == R.PH_MOVE:
            return self._move(s, legal)
        if ph == R.PH_FIRE or ph == R.PH_PUNCH_TARGET:
            base = FIRE_AT if ph == R.PH_FIRE else PUNCH_AT
            return max(legal, key=lambda a: self._target_score(s, s.slot[a - base]))
        if ph == R.PH_ROB or ph == R.PH_PUNCH_LOOT or ph == R.PH_PICKPOCKET:
            return max(legal, key=lambda a: self._loot_choice(s, a, ph))
        if ph == R.PH_PUNCH_KEEP:
            return KEEP
        if ph == R.PH_PUNCH_DIR:
            return self._punch_dir(s, legal)
        if ph == R.PH_MARSHAL:
            return max(legal, key=lambda a: self._marshal_score(s, a - MARSHAL_TO))
        if ph == R.PH_DRAFT:
            return min(legal, key=lambda a: DRAFT_ORDER.index(a - DRAFT))
        if ph == R.PH_TEAM:
            return min(legal, key=lambda a: DRAFT_ORDER.index(s.teams[a - TEAM][0]))
        if ph == R.PH_HIDE:
            return legal[self.rng.randrange(len(legal))]
        if ph == R.PH_CHOOSE:
            robs = [a for a in legal if (a - CHOOSE) % 6 == R.ROBBERY]
            return robs[0] if robs else legal[0]
        if ph == R.PH_DISCARD:
            for a in legal:
                if a != PASS and (a - DISCARD) % 6 in (R.MARSHAL, R.CLIMB):
                    return a
            return PASS
        return legal[self.rng.randrange(len(legal))]

    def _target_score(self, s, t: int) -> float:
        if self._mine(s, t):
            return -1e9
        return self._wealth(s, t) + self.rng.random()

    def _loot_choice(self, s, a: int, ph: int) -> float:
        if a == PASS:
            return 0.0
        if a == LOOT_BOX:
            return 1000.0
        if a == LOOT_JEWEL:
            return 500.0
        i = a - LOOT_PURSE
        v = self._tok_value(s, i)
        if ph == R.PH_PUNCH_LOOT and s.char[s.ctx_b] == R.CHEYENNE and \
                s.ctx_b // s.bps == self.seat:
            v += 600  # she keeps purses
        return v + 0.01 * self.rng.random()

    def _marshal_score(self, s, x: int) -> float:
        v = 0.0
        for b in range(s.nb):
            if s.pos[b] == x * 2:
                v += -3 if self._mine(s, b) else 2
        # keep him away from loot we want
        v -= self._loot_at(s, x * 2) / 1000
        return v + 0.01 * self.rng.random()

    def _punch_dir(self, s, legal) -> int:
        t = s.ctx_t
        roof = s.pos[t] & 1

        def score(a):
            x = a - PUNCH_TO
            v = -self._loot_at(s, x * 2 + roof) / 1000
            if not roof and x == s.marshal:
                v += 2
            return v + 0.01 * self.rng.random()
        return max(legal, key=score)

    def _pending_after(self, s):
        """Kinds of this seat's cards still to resolve after the current one."""
        out = []
        for e in s.pile[s.rob_i + 1:]:
            if e >> 5 == self.seat:
                out.append(e & 15)
        return out

    def _move(self, s, legal) -> int:
        b = s.ctx_b
        roof = s.pos[b] & 1
        nxt = self._pending_after(s)
        nxt_kinds = [c % 6 for c in nxt if c // 6 == b % s.bps]
        wants_rob = bool(nxt_kinds) and R.ROBBERY in nxt_kinds[:2]

        def score(a):
            x = a - MOVE_TO
            q = x * 2 + roof
            v = self._loot_at(s, q) * (1.0 if wants_rob else 0.6)
            v += 0.3 * self._loot_at(s, x * 2 + (1 - roof))
            if not roof and x == s.marshal:
                v -= 600
            return v + self.rng.random()
        return max(legal, key=score)

    # -- Schemin' -----------------------------------------------------------------------------

    def _project(self, s, b: int):
        """Where bandit b stands after its own cards already in the pile this round."""
        q = s.pos[b]
        planned = {}
        sub = b % s.bps
        for e in s.pile[s.rob_i:]:
            if e >> 5 != self.seat:
                continue
            c = e & 15
            if c // 6 != sub and c % 6 != R.MARSHAL:
                continue
            k = c % 6
            if k == R.MOVE:
                q = self._best_move_target(s, q, planned)
            elif k == R.CLIMB:
                q ^= 1
                if not q & 1 and q >> 1 == s.marshal:
                    q |= 1
            elif k == R.ROBBERY:
                planned[q] = planned.get(q, 0) + 1
        return q, planned

    def _loot_places(self, s) -> dict:
        """Place -> the values of the loot there as this seat knows them, highest first:
        what `_loot_left` reads, made once a decision (it was a scan of every token for
        each place a card's value looked at, a third of a search's time)."""
        places: dict[int, list[int]] = {}
        for i, w in enumerate(s.tloc):
            if 0 <= w < R.HELD:  # on the train (not held, boxed or lost)
                if w in places:
                    places[w].append(self._tok_value(s, i))
                else:
                    places[w] = [self._tok_value(s, i)]
        for vals in places.values():
            vals.sort(reverse=True)
        return places

    def _loot_left(self, s, q: int, planned) -> int:
        """The loot at q that the robberies `planned` there leave (each takes the best)."""
        vals = self._places.get(q)
        if not vals:
            return 0
        return sum(vals[planned.get(q, 0):])

    def _dests(self, s, q: int):
        c = q >> 1
        if q & 1:
            return [x for x in range(max(0, c - 3), min(s.W, c + 3) + 1) if x != c]
        return [x for x in (c - 1, c + 1) if 0 <= x <= s.W]

    def _best_move_target(self, s, q: int, planned) -> int:
        roof = q & 1
        best, bq = -1e9, q
        for x in self._dests(s, q):
            nq = x * 2 + roof
            v = self._loot_left(s, nq, planned)
            if not roof and x == s.marshal:
                v -= 600
            if v > best:
                best, bq = v, nq
        return bq

    def _targets_from(self, s, b: int, q: int) -> int:
        """How many opponents could be shot from q (current positions)."""
        c = q >> 1
        n = 0
        for t in range(s.nb):
            if self._mine(s, t):
                continue
            qt = s.pos[t]
            if q & 1:
                if qt & 1 and qt != q:
                    n += 1
            elif not qt & 1 and abs((qt >> 1) - c) == 1:
                n += 1
        return n

    def _scheme(self, s, legal) -> int:
        hand = s.hands[self.seat]
        # this decision's loot by place and each bandit's projection, shared by its cards
        self._places = self._loot_places(s)
        self._projected = {}
        plays = {}
        for a in legal:
            if PLAY <= a < PLAY_DOWN:
                plays[a - PLAY] = a
        best_a, best_v = None, -1e9
        for c, a in plays.items():
            v = self._card_value(s, c)
            if v > best_v:
                best_a, best_v = a, v
        if s.phase == R.PH_CHAIN:
            return best_a if best_a is not None and best_v > 50 else PASS
        can_draw = DRAW in legal
        if best_a is None or (can_draw and best_v < 60 and len(hand) < 9):
            if can_draw:
                return DRAW
        if best_a is None:
            return legal[0]
        # Ghost hides his first card when he can
        if best_a + (PLAY_DOWN - PLAY) in legal:
            return best_a + (PLAY_DOWN - PLAY)
        return best_a

    def _card_value(self, s, c: int) -> float:
        b = self.seat * s.bps + (c // 6 if c % 6 != R.MARSHAL else 0)
        k = c % 6
        proj = self._projected.get(b)
        if proj is None:
            proj = self._projected[b] = self._project(s, b)
        q, planned = proj
        here = self._loot_left(s, q, planned)
        if k == R.ROBBERY:
            return 300 + here if here else 10
        if k == R.MOVE:
            nq = self._best_move_target(s, q, planned)
            gain = self._loot_left(s, nq, planned) - here
            return 150 + gain * 0.3 if gain > 0 else 40
        if k == R.CLIMB:
            other = q ^ 1
            if not other & 1 and other >> 1 == s.marshal:
                return 5
            v = self._loot_left(s, other, planned) - here
            if q & 1 == 0 and here == 0:
                # a roof is the fast lane toward loot further along
                return 100 + max(0, v) * 0.3
            return 120 + v * 0.3 if v > 0 else 20
        if k == R.FIRE:
            if not s.cyl[b]:
                return 0
            return 90 + 40 * min(2, self._targets_from(s, b, q))
        if k == R.PUNCH:
            rich = 0
            for t in range(s.nb):
                if not self._mine(s, t) and s.pos[t] == q:
                    rich = max(rich, self._wealth(s, t))
            return 80 + rich * 0.2 if rich else 15
        # Marshal
        return 30
