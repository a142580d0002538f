"""A tiny hidden-card game used to test the engine: a worked example of the contract.

Cards 1-6, two of each, shuffled. Each player holds two hidden cards. On a turn a player
either plays a card from hand face up (scoring its value) or, while the deck lasts, draws.
The game ends after 12 decisions; the highest score wins, ties share the win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from railtable.engine import TERMINAL, Fields, Game, IllegalAction, Result, State, fields, option

DRAW = 0  # action 0 draws; action v (1-6) plays a card of value v


@dataclass(frozen=True)
class ToyOptions:
    decisions: int = option(12, label={"en": "Decisions", "ru": "Решения"}, minimum=2,
                            maximum=40)


class ToyState(State):
    # Every field, by how clone() copies it: the engine derives clone() from this.
    FIELDS: ClassVar[Fields] = fields(shared=("turn", "left"), copied=("deck", "scores"), nested=("hands",))
    __slots__ = FIELDS

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else self.turn

    def _legal_actions(self) -> list[int]:
        if self.left == 0:
            return []
        acts = sorted(set(self.hands[self.turn]))
        if self.deck or not acts:
            acts.insert(0, DRAW)
        return acts

    def _apply(self, a: int) -> None:
        p = self.turn
        if a == DRAW:
            if self.deck:
                card = self.deck.pop()
                self.hands[p].append(card)
                if self.record_events:
                    self.emit({"type": "draw", "player": p, "card": card, "to": [p]})
                    self.emit({"type": "draw_back", "player": p})
        else:
            self.hands[p].remove(a)
            self.scores[p] += a
            if self.record_events:
                self.emit({"type": "play", "player": p, "card": a})
        self.left -= 1
        self.turn = (p + 1) % self.num_players

    def result(self) -> Result:
        best = max(self.scores)
        return Result(tuple(self.scores), tuple(p for p, s in enumerate(self.scores) if s == best),
                      "decisions_used", tuple({"score": s} for s in self.scores))

    def public_scores(self):
        return list(self.scores)

    def _observe(self, player):
        return {
            "hands": [sorted(h) if p == player else len(h) for p, h in enumerate(self.hands)],
            "deck": len(self.deck),
            "turn": self.turn,
            "left": self.left,
        }

    def determinize(self, player: int, rng: random.Random) -> "ToyState":
        s = self.clone()
        unseen = s.deck[:]
        for p, h in enumerate(s.hands):
            if p != player:
                unseen += h
        rng.shuffle(unseen)
        for p, h in enumerate(s.hands):
            if p != player:
                n = len(h)
                s.hands[p], unseen = unseen[:n], unseen[n:]
        s.deck = unseen
        s.reseed(rng)
        return s


class ToyGame(Game):
    id = "toy"
    title = {"en": "Toy", "ru": "Игрушка"}
    min_players, max_players = 2, 4
    rules_version = "2"  # 2: one generator per state (issue #28)
    Options = ToyOptions
    num_actions = 7

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        opts = self.parse_options(options)
        s = ToyState.__new__(ToyState)
        s._init_base(self, num_players, seed, record_events)
        deck = [v for v in range(1, 7) for _ in range(2)]
        s.rng().shuffle(deck)
        s.hands = [[deck.pop(), deck.pop()] for _ in range(num_players)]
        s.deck = deck
        s.scores = [0] * num_players
        s.turn = 0
        s.left = opts.decisions
        return s

    def action_to_json(self, state, a):
        return {"type": "draw"} if a == DRAW else {"type": "play", "card": a}

    def action_from_json(self, state, d):
        if not isinstance(d, dict) or d.get("type") not in ("draw", "play"):
            raise IllegalAction(f"not a toy action: {d!r}")
        if d["type"] == "draw":
            return DRAW
        card = d.get("card")
        if not isinstance(card, int) or not 1 <= card <= 6:
            raise IllegalAction(f"card must be 1-6, not {card!r}")
        return card


GAME = ToyGame()
