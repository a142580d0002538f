"""Random play, snapshots and replays for the conformance checks (any registered game)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache

from railtable.engine.game import IllegalAction, State

from .cases import Case

# No registered game declares its longest game yet (an engine attribute is planned): a game
# may set `max_decisions`; otherwise random games must end within this bound, far above any
# random game measured (Railways of the World, 6 players: about 1,300 decisions).
DEFAULT_MAX_DECISIONS = 20_000


def max_decisions(case: Case) -> int:
    return getattr(case.game, "max_decisions", DEFAULT_MAX_DECISIONS)


def policy(case: Case, check: str, seed: int) -> random.Random:
    return random.Random(f"{case.id}/{check}/{seed}")


def pick(rng: random.Random, legal: list[int]) -> int:
    return legal[int(rng.random() * len(legal))]


def seats(s: State) -> list[int | None]:
    return [None, *range(s.num_players)]


def observe(s: State, p: int | None) -> str:
    return json.dumps(s.observation(p), sort_keys=True, allow_nan=False)


def snapshot(s: State) -> tuple:
    """What anyone can ask a state: whose turn, the legal actions, every seat's view."""
    return (s.current_player(), tuple(s.legal_actions()), tuple(observe(s, p) for p in seats(s)))


def diff(before: tuple, after: tuple) -> str:
    """Which part of two snapshots differs, for assertion messages."""
    if before[0] != after[0]:
        return f"player to move {before[0]} -> {after[0]}"
    if before[1] != after[1]:
        return f"legal actions {list(before[1])[:12]} -> {list(after[1])[:12]}"
    for p, (x, y) in enumerate(zip(before[2], after[2])):
        if x != y:
            who = "spectator" if p == 0 else f"seat {p - 1}"
            return f"{who}'s observation, {obs_diff(x, y)}"
    return "nothing"


def obs_diff(x: str, y: str) -> str:
    """The top-level keys where two observations (as JSON) differ, with both values."""
    a, b = json.loads(x), json.loads(y)
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return "the whole observation"
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return "; ".join(f"{k}: {json.dumps(a.get(k))[:80]} -> {json.dumps(b.get(k))[:80]}"
                     for k in keys)


def play_out(s: State, rng: random.Random, limit: int, note: str = "") -> int:
    """Play random legal actions to the end; returns the number of decisions."""
    n = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, f"{note}: no legal action in a live position"
        s.apply(pick(rng, legal))
        n += 1
        assert n <= limit, f"{note}: no end after {limit} decisions"
    return n


@dataclass(frozen=True)
class Trajectory:
    """A random game of a case: its seed, actions, the legal actions offered before each
    decision and the final snapshot. Checks replay it with something done on the way
    (clones, refused actions, determinizations) and compare."""
    case: Case
    seed: int
    actions: tuple[int, ...]
    legal: tuple[tuple[int, ...], ...]
    final: tuple

    def __len__(self) -> int:
        return len(self.actions)

    def checkpoints(self, count: int, salt: str) -> list[int]:
        """The first decision and `count` others, chosen at random, in order."""
        rng = random.Random(f"{self.case.id}/{self.seed}/{salt}")
        rest = range(1, len(self.actions))
        return [0, *sorted(rng.sample(rest, min(count, len(rest))))]

    def step(self, s: State, i: int, what: str) -> None:
        """Take decision i on `s`, first checking that `s` offers what the game offered."""
        legal = tuple(s.legal_actions())
        assert legal == self.legal[i], (
            f"{self.case.id} seed {self.seed}: after {what}, the game went another way than "
            f"a fresh replay of its actions: at decision {i} it offers {list(legal)[:12]}, "
            f"the replay {list(self.legal[i])[:12]}")
        s.apply(self.actions[i])

    def check_end(self, s: State, what: str) -> None:
        got = snapshot(s)
        assert got == self.final, (
            f"{self.case.id} seed {self.seed}: after {what}, the game ended in another "
            f"position than a fresh replay of its actions ({diff(got, self.final)})")


@cache
def trajectory(case: Case, seed: int) -> Trajectory:
    s = case.new_state(seed)
    rng = policy(case, "trajectory", seed)
    limit = max_decisions(case)
    actions, legal = [], []
    while not s.is_terminal():
        la = s.legal_actions()
        assert la, f"{case.id} seed {seed}: no legal action in a live position"
        a = pick(rng, la)
        actions.append(a)
        legal.append(tuple(la))
        s.apply(a)
        assert len(actions) <= limit, (
            f"{case.id} seed {seed}: no end after {limit} decisions (declare the game's "
            f"longest game as Game.max_decisions if it is longer)")
    return Trajectory(case, seed, tuple(actions), tuple(legal), snapshot(s))


def trajectories(case: Case, default: int = 3, other: int = 2) -> list[Trajectory]:
    """A few random games of the case: more for the default options."""
    count = default if case.is_default else other
    return [trajectory(case, seed) for seed in range(count)]
