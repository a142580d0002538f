"""A tiny game for the undo policy: a player keeps deciding until it ends its turn.

Actions: 0 plain (changes nothing hidden), 1 roll (uses randomness), 2 reveal (an event with
"reveal": True), 3 end the turn. The game ends after `decisions` decisions.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from railtable.bots.base import Bot
from typing import ClassVar

from railtable.engine import TERMINAL, Fields, Game, IllegalAction, Result, State, fields, option

NAMES = ("plain", "roll", "reveal", "end")


@dataclass(frozen=True)
class BarrierOptions:
    decisions: int = option(10, minimum=2, maximum=40)


class BarrierState(State):
    FIELDS: ClassVar[Fields] = fields(shared=("turn", "left", "total"))
    __slots__ = FIELDS

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else self.turn

    def _legal_actions(self) -> list[int]:
        return [] if self.left == 0 else [0, 1, 2, 3]

    def _apply(self, a: int) -> None:
        if a == 1:
            self.total += self.rng().randint(1, 6)
            if self.record_events:
                self.emit({"type": "roll", "player": self.turn, "total": self.total})
        elif a == 2:
            if self.record_events:
                self.emit({"type": "reveal", "player": self.turn, "reveal": True})
        elif a == 3:
            self.turn = (self.turn + 1) % self.num_players
        elif self.record_events:
            self.emit({"type": "plain", "player": self.turn})
        self.left -= 1

    def result(self) -> Result:
        return Result(tuple(0 for _ in range(self.num_players)), (), "done")

    def _observe(self, player):
        return {"turn": self.turn, "left": self.left, "total": self.total}


class WaitingBot(Bot):
    """Thinks until a file exists (to see that the server goes on meanwhile)."""

    name = "waiting"

    def __init__(self, seat: int, seed: int = 0, path: str = "") -> None:
        super().__init__(seat, seed)
        self.path = path

    def act(self, state) -> int:
        while not os.path.exists(self.path):
            time.sleep(0.02)
        return state.legal_actions()[0]


class BarrierGame(Game):
    id = "barrier_test"
    title = {"en": "Barriers", "ru": "Барьеры"}
    min_players, max_players = 2, 2
    Options = BarrierOptions
    num_actions = 4

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        opts = self.parse_options(options)
        s = BarrierState.__new__(BarrierState)
        s._init_base(self, num_players, seed, record_events)
        s.turn, s.left, s.total = 0, opts.decisions, 0
        return s

    def bots(self) -> dict:
        return {"waiting": WaitingBot}

    def action_to_json(self, state, a):
        return {"type": NAMES[a]}

    def action_from_json(self, state, d):
        if not isinstance(d, dict) or d.get("type") not in NAMES:
            raise IllegalAction(f"not an action: {d!r}")
        return NAMES.index(d["type"])


GAME = BarrierGame()
