"""The Gymnasium environment: one seat learns, bots play the others.

    observation    Box(float32, (size,)): the learner's own observation, encoded by the
                   game's encoder (docs/rl.md)
    action         Discrete(A), A = game.num_actions: the game's own integer actions, laid
                   out in railtable/games/<id>/actions.py
    mask           action_masks() (sb3-contrib's MaskablePPO finds it) and
                   info["action_mask"]: bool, True at each legal action
    reward         0 until the end, then the learner's reward from the game's result
                   ("win" or "score_diff", as in the AEC environment)
    illegal action an action outside the mask ends the episode (terminated) with reward
                   ILLEGAL_REWARD (-1) and info["illegal_action"]; it never raises, so
                   unmasked samples (gymnasium's check_env) are safe

Registered for every game as railtable/<GameName>-v0 (railtable/ColtExpress-v0...) when
`railtable.rl` is imported:

    gymnasium.make("railtable/TicketToRide-v0", num_players=3, opponents="heuristic")
"""

from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np

from railtable.bots import make_bot
from railtable.bots.base import Bot
from railtable.rl.common import ILLEGAL_REWARD, Table

# A policy for an opponent seat: (observation vector, int8 mask) -> action.
Policy = Callable[[np.ndarray, np.ndarray], int]


class _PolicyBot(Bot):
    """A callable policy seated like a bot: it sees the seat's encoded observation and
    mask, nothing else."""

    name = "policy"

    def __init__(self, table: Table, policy: Policy, seat: int) -> None:
        super().__init__(seat)
        self.table, self.policy = table, policy

    def act(self, state) -> int:
        return int(self.policy(self.table.vector(state, self.seat),
                               self.table.mask(state, self.seat)))


class RailtableGymEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: str, num_players: int | None = None, options: Any = None,
                 opponents: str | Policy | list = "random", seat: int | str = 0,
                 reward: str = "win", render_mode: str | None = None,
                 lang: str = "en") -> None:
        """game: a game id; num_players: default the game's minimum; options: a dict of the
        game's options; opponents: one bot spec ("random", "heuristic", "mcts(ms=50)") or
        policy for every other seat, or a list with one per other seat, in seat order;
        seat: the learner's seat, or "random" for a new seat every episode."""
        self.table = t = Table(game, num_players, options, reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.lang = lang
        n = t.num_players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0-{n - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        others = opponents if isinstance(opponents, list) else [opponents] * (n - 1)
        if len(others) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponents, not {len(others)}")
        self.opponents = others
        for spec in others:  # a misspelt spec fails now, not at the first reset
            if not callable(spec):
                make_bot(spec, t.game, 0, 0).close()
        self.observation_space = t.vector_space
        self.action_space = t.action_space
        self.state = None
        self.seat = 0
        self.done = True
        self.bots: dict[int, Bot] = {}

    # -- episode ------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        self._close_bots()
        n = self.table.num_players
        self.seat = (int(rng.integers(n)) if self.seat_choice == "random"
                     else self.seat_choice)
        self.state = self.table.new_state(int(rng.integers(2 ** 63)))
        others = [p for p in range(n) if p != self.seat]
        self.bots = {}
        for p, spec in zip(others, self.opponents):
            if callable(spec):
                self.bots[p] = _PolicyBot(self.table, spec, p)
            else:
                self.bots[p] = make_bot(spec, self.table.game, p, int(rng.integers(2 ** 62)))
        self._play_opponents()
        self.done = self.state.is_terminal()
        return self._obs(), self._info()

    def step(self, action: Any):
        state = self.state
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        if a not in state.legal_actions():
            self.done = True  # the game stays as it was; nobody moves any more
            info = self._info()
            info["illegal_action"] = a
            return self._obs(), ILLEGAL_REWARD, True, False, info
        state.apply(a)
        self._play_opponents()
        self.done = state.is_terminal()
        reward = self.table.rewards(state)[self.seat] if self.done else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self.done, False, self._info()

    def _play_opponents(self) -> None:
        state = self.state
        while True:
            p = state.current_player()
            if p < 0 or p == self.seat:
                return
            state.apply(self.bots[p].act(state))

    def _obs(self) -> np.ndarray:
        return self.table.vector(self.state, self.seat)

    def _info(self) -> dict:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """bool, True at each legal action of the learner now (for MaskablePPO); all False
        once the episode is over."""
        if self.done:
            return np.zeros(self.table.num_actions, dtype=bool)
        return self.table.mask(self.state, self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render(self.state, self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _close_bots(self) -> None:
        for bot in self.bots.values():
            bot.close()
        self.bots = {}

    def close(self) -> None:
        self._close_bots()
        super().close()


def make_env(game: str, **kwargs: Any) -> RailtableGymEnv:
    """The Gymnasium environment of `game` (the same as gymnasium.make of its id)."""
    return RailtableGymEnv(game, **kwargs)


__all__ = ["RailtableGymEnv", "make_env"]
