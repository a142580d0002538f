"""Variants of the toy game for testing simulate: a cooperative one with difficulty levels,
and one that crashes on some seeds. Importing this module registers them."""

from __future__ import annotations

from railtable.engine import Result
from railtable.engine.registry import register
from tests.engine.toy_game import ToyGame, ToyState

TEAM_TARGET = 20


class CoopToyState(ToyState):
    __slots__ = ()

    def result(self) -> Result:
        total = sum(self.scores)
        won = total >= TEAM_TARGET
        reason = "target_reached" if won else ("few_points" if total < 10 else "short")
        details = tuple({"points": s, "drew_nothing": s == 0, "mood": "calm" if s < 8 else
                         "proud"} for s in self.scores)
        winners = tuple(range(self.num_players)) if won else ()
        return Result(tuple(self.scores), winners, reason, details)


class CoopToyGame(ToyGame):
    id = "toy_coop"
    title = {"en": "Cooperative toy", "ru": "Кооперативная игрушка"}
    cooperative = True

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        s = super().new_state(num_players, seed, options, record_events=record_events)
        s.__class__ = CoopToyState
        return s

    def difficulty_levels(self):
        return [("easy", {"decisions": 30}), ("medium", {"decisions": 14}),
                ("hard", {"decisions": 6})]


class CrashingToyState(ToyState):
    __slots__ = ()

    def apply(self, a: int) -> None:
        if self.left == 3 and self._seed % 3 == 0:
            raise ZeroDivisionError("boom in apply")
        super().apply(a)


class CrashingToyGame(ToyGame):
    """The toy game with a bug that strikes in about a third of the games."""

    id = "toy_crash"
    title = {"en": "Crashing toy", "ru": "Падающая игрушка"}

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        s = super().new_state(num_players, seed, options, record_events=record_events)
        s.__class__ = CrashingToyState
        return s


COOP = CoopToyGame()
CRASH = CrashingToyGame()
register(COOP)
register(CRASH)
