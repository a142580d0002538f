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
from .scheme import card_value, loot_at, loot_places, tok_value

DRAFT_ORDER = (R.BELLE, R.CHEYENNE, R.TUCO, R.DJANGO, R.DOC, R.GHOST)  # measured among bots


class HeuristicBot(Bot):
    name = "heuristic"

    # -- helpers (public information and this seat's own) -----------------------------------

    def _tok_value(self, s, i: int) -> int:
        return tok_value(s, self.seat, i)

    def _loot_at(self, s, q: int) -> int:
        return loot_at(s, self.seat, q)

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
        if ph == R.PH_PUNCH_LOOT and s.char[s.ctx_b] == R.CHEYENNE and not s.basic and \
                s.ctx_b // s.bps == self.seat:
            v += 600  # she keeps purses (her ability: none in the basic game)
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

    def _scheme(self, s, legal) -> int:
        hand = s.hands[self.seat]
        # this decision's loot by place and each bandit's projection, shared by its cards
        places = loot_places(s, self.seat)
        projected: dict = {}
        plays = {}
        for a in legal:
            if PLAY <= a < PLAY_DOWN:
                plays[a - PLAY] = a
        best_a, best_v = None, -1e9
        for c, a in plays.items():
            v = card_value(s, self.seat, places, projected, c)
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
