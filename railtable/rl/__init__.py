"""Reinforcement learning on every Railtable game (the `rl` extra: gymnasium, pettingzoo,
numpy). docs/rl.md describes the environments, the encodings and the rewards.

    import railtable.rl
    env = railtable.rl.env("ticket_to_ride", num_players=4)        # PettingZoo AEC
    gym_env = gymnasium.make("railtable/TicketToRide-v0", opponents="heuristic")

Importing this package registers one Gymnasium id per game, railtable/<GameName>-v0.
"""

from __future__ import annotations

import gymnasium

from railtable.engine.registry import games
from railtable.rl.aec import RailtableAEC, env, raw_env
from railtable.rl.common import ILLEGAL_REWARD, REWARDS, Table, env_id
from railtable.rl.encoders import encoder_for
from railtable.rl.gym_env import RailtableGymEnv, make_env


def register_envs() -> list[str]:
    """Register every installed game with Gymnasium (done on import); returns the ids."""
    ids = []
    for game_id in games():
        gid = env_id(game_id)
        if gid not in gymnasium.registry:
            gymnasium.register(gid, entry_point="railtable.rl.gym_env:RailtableGymEnv",
                               kwargs={"game": game_id})
        ids.append(gid)
    return ids


ENV_IDS = register_envs()

__all__ = ["ENV_IDS", "ILLEGAL_REWARD", "REWARDS", "RailtableAEC", "RailtableGymEnv", "Table",
           "encoder_for", "env", "env_id", "make_env", "raw_env", "register_envs"]
