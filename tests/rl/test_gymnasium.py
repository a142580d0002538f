"""The Gymnasium environments: Gymnasium's own env_checker on every registered id, vector
environments (sync and async), opponents from bot specs and policies, masks and illegal
actions."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import railtable.rl as rl
from tests.rl.conftest import GAME_IDS
from railtable.rl import ILLEGAL_REWARD

GAMES = GAME_IDS

# The observation Box is unbounded on purpose (raw counts and money, docs/rl.md): Gymnasium's
# checker warns about infinite bounds.
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space (minimum|maximum)")


def test_every_game_is_registered():
    for gid in GAMES:
        assert rl.env_id(gid) in gymnasium.registry
    assert rl.env_id("colt_express") == "railtable/ColtExpress-v0"


@pytest.mark.parametrize("gid", GAMES)
def test_check_env(gid):
    env = gymnasium.make(rl.env_id(gid), render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("gid", GAMES)
def test_max_players_against_heuristic_bots(gid):
    game = rl.games()[gid]
    env = gymnasium.make(rl.env_id(gid), num_players=game.max_players,
                         opponents="heuristic" if "heuristic" in game.bots() else "random",
                         seat=game.max_players - 1)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    steps, done, reward = 0, False, 0.0
    while not done and steps < 30:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        assert env.unwrapped.state.current_player() == game.max_players - 1
        obs, reward, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        steps += 1
    env.close()


def test_a_callable_policy_plays_a_seat():
    calls = []

    def first_legal(obs, mask):
        calls.append((obs.shape, mask.dtype))
        return int(np.flatnonzero(mask)[0])

    env = rl.make_env("ticket_to_ride", num_players=3, opponents=[first_legal, "random"])
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert calls and calls[0] == (env.observation_space.shape, np.int8)


def test_an_illegal_action_ends_the_episode_with_a_penalty():
    env = rl.make_env("colt_express")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert info["illegal_action"] == illegal
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(0)


def test_a_random_seat_changes_with_the_seed_and_repeats_with_it():
    env = rl.make_env("steamland", num_players=4, seat="random")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1
    a = env.reset(seed=9)
    b = env.reset(seed=9)
    assert a[1]["seat"] == b[1]["seat"] and np.array_equal(a[0], b[0])


def test_unknown_bot_specs_fail_at_construction():
    with pytest.raises(ValueError):
        rl.make_env("ticket_to_ride", opponents="no_such_bot")


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments(mode):
    envs = gymnasium.make_vec("railtable/TicketToRide-v0", num_envs=2,
                              vectorization_mode=mode, vector_kwargs={}, num_players=2)
    obs, info = envs.reset(seed=3)
    assert obs.shape == (2,) + envs.single_observation_space.shape
    rng = np.random.default_rng(0)
    for _ in range(25):
        masks = envs.call("action_masks")
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terms, truncs, info = envs.step(actions)
        assert np.isfinite(obs).all()
    envs.close()


def test_mcts_opponents():
    env = gymnasium.make("railtable/TicketToRide-v0", num_players=2,
                         opponents="mcts(iterations=4)")
    obs, info = env.reset(seed=6)
    for _ in range(3):
        obs, reward, done, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not done
    assert type(env.unwrapped.bots[1]).__name__ == "MCTSBot"
    env.close()
