"""The PettingZoo AEC environment: one for every game, over the engine contract.

    agents         player_0 ... player_{n-1} (seat k is player_k)
    observation    Dict(observation=Box(float32, (size,)), action_mask=Box(int8 0/1, (A,)))
                   the seat's own observation encoded by the game's encoder (docs/rl.md);
                   the mask is all 0 for a seat that is not to move
    action         Discrete(A), A = game.num_actions: the game's own integer actions, laid
                   out in railtable/games/<id>/actions.py
    turn order     whoever the game says decides (current_player()): not always the next
                   seat (Colt Express, Steamland's fights)
    rewards        0 until the end, then the game's result (common.Table.rewards)
    illegal action the actor gets ILLEGAL_REWARD (-1), the others 0, and the game ends
    version        v0

All randomness comes from the seed given to reset(): the game is dealt from it, and a reset
without a seed continues the sequence of the last seeded one.
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from railtable.rl.common import ILLEGAL_REWARD, Table, fresh_seed


class RailtableAEC(AECEnv):
    metadata = {"name": "railtable_v0", "is_parallelizable": False,
                "render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: str, num_players: int | None = None, options: Any = None,
                 reward: str = "win", render_mode: str | None = None, lang: str = "en") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.table = t = Table(game, num_players, options, reward)
        self.metadata = {**self.metadata, "name": f"railtable_{t.game.id}_v0"}
        self.render_mode = render_mode
        self.lang = lang
        self.possible_agents = [f"player_{p}" for p in range(t.num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({"observation": t.vector_space, "action_mask": t.mask_space})
        # The same space objects on every call (PettingZoo checks identity).
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: t.action_space for a in self.possible_agents}
        self.state = None
        self._seeds: random.Random | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63) if self._seeds is not None else fresh_seed()
        self.state = self.table.new_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        a = int(action)
        if a in state.legal_actions():
            state.apply(a)
            over = state.is_terminal()
            rewards = self.table.rewards(state) if over else None
        else:
            over = True
            rewards = [ILLEGAL_REWARD if p == seat else 0.0
                       for p in range(self.table.num_players)]
            for a_ in self.agents:
                self.infos[a_] = {"illegal_action": int(a), "by": agent}
        if over:
            for p, a_ in enumerate(self.possible_agents):
                self.rewards[a_] = rewards[p]
                self.terminations[a_] = True
        else:
            for a_ in self.agents:
                self.rewards[a_] = 0.0
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict:
        seat = self._seat[agent]
        return {"observation": self.table.vector(self.state, seat),
                "action_mask": self.table.mask(self.state, seat)}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        cur = self.state.current_player()
        text = self.table.render(self.state, cur if cur >= 0 else None, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str, num_players: int | None = None, options: Any = None,
            reward: str = "win", render_mode: str | None = None,
            lang: str = "en") -> RailtableAEC:
    return RailtableAEC(game, num_players, options, reward, render_mode, lang)


def env(game: str, num_players: int | None = None, options: Any = None, reward: str = "win",
        render_mode: str | None = None, lang: str = "en") -> AECEnv:
    """The AEC environment of `game` (an id, see `railtable games`), with PettingZoo's
    order and bounds checks, as its classic games ship.

    num_players: default the game's minimum; options: a dict of the game's options (as
    `railtable play --options`) or its Options; reward: "win" or "score_diff".
    """
    e = raw_env(game, num_players, options, reward, render_mode, lang)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["RailtableAEC", "env", "raw_env"]
