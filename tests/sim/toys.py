"""Variants of the toy game for testing simulate: a cooperative one with difficulty levels,
one that crashes on some seeds, and one that kills its own process once (a lost worker).
Importing this module registers them."""

from __future__ import annotations

import os
import signal
from pathlib import Path

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
    """The toy game with a bug that strikes in a third of the games: those whose seed is a
    multiple of 3."""

    id = "toy_crash"
    title = {"en": "Crashing toy", "ru": "Падающая игрушка"}

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        s = super().new_state(num_players, seed, options, record_events=record_events)
        s.__class__ = CrashingToyState
        return s


# Where KillingToyGame notes that it has killed a worker; set by the test before the
# workers start, so that they inherit it.
KILL_MARKER = "RAILTABLE_TEST_KILL_MARKER"
KILL_SEED = 1_000_025


class KillingToyGame(ToyGame):
    """The toy game, except that the first process to deal seed KILL_SEED while the
    KILL_MARKER file is missing creates it and dies of SIGKILL on the spot, as a worker
    lost to the out-of-memory killer or a crashed machine would."""

    id = "toy_kill"
    title = {"en": "Killing toy", "ru": "Убийственная игрушка"}

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        marker = os.environ.get(KILL_MARKER)
        if seed == KILL_SEED and marker and not Path(marker).exists():
            Path(marker).write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return super().new_state(num_players, seed, options, record_events=record_events)


COOP = CoopToyGame()
CRASH = CrashingToyGame()
KILL = KillingToyGame()
register(COOP)
register(CRASH)
register(KILL)
