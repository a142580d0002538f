"""PettingZoo's own conformance checks on the AEC environment of every game, at its
smallest and largest player counts, with every option (tests/rl/conftest.py)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import railtable.rl as rl
from railtable.rl import ILLEGAL_REWARD
from tests.rl.conftest import CONFIGS, GAME_COUNTS, GAME_IDS, config_id

# PettingZoo warns about a Dict observation space and float observations: both are the
# documented design (classic games ship the same shape).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_and_seed(config):
    gid, n, opts = config
    api_test(rl.env(gid, num_players=n, options=opts), num_cycles=60)
    seed_test(lambda: rl.env(gid, num_players=n, options=opts), num_cycles=40)


def _play(e, rng, until_over=True):
    """Masked random play of an AEC environment to its end; the cumulative rewards."""
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("gid,n", GAME_COUNTS)
def test_rewards_come_from_the_result(gid, n):
    rng = np.random.default_rng(0)
    for reward in ("win", "score_diff"):
        e = rl.raw_env(gid, num_players=n, reward=reward)
        e.reset(seed=3)
        state = e.state
        totals = _play(e, rng)
        res = state.result()
        for p, agent in enumerate(e.possible_agents):
            if reward == "win":
                assert totals[agent] == state.returns()[p]
                assert (totals[agent] > 0) == (p in res.winners)
            elif state.game.cooperative:
                assert totals[agent] == res.scores[p]
            else:
                best_other = max(res.scores[q] for q in range(n) if q != p)
                assert totals[agent] == res.scores[p] - best_other


@pytest.mark.parametrize("gid,n", GAME_COUNTS)
def test_an_illegal_action_ends_the_game_with_a_penalty(gid, n):
    e = rl.raw_env(gid, num_players=n)
    e.reset(seed=5)
    rng = np.random.default_rng(2)
    mask = e.observe(e.agent_selection)["action_mask"]
    while mask.all():  # every action may be legal at first (Branch Line's opening)
        e.step(int(rng.choice(np.flatnonzero(mask))))
        mask = e.observe(e.agent_selection)["action_mask"]
    actor = e.agent_selection
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e._cumulative_rewards[actor] == ILLEGAL_REWARD
    assert all(e._cumulative_rewards[a] == 0.0 for a in e.agents if a != actor)


@pytest.mark.parametrize("gid,n", GAME_COUNTS)
def test_masks_and_turns_follow_the_game(gid, n):
    e = rl.raw_env(gid, num_players=n)
    e.reset(seed=11)
    rng = np.random.default_rng(1)
    for _ in range(40):
        if e.state.is_terminal():
            break
        cur = e.state.current_player()
        assert e.agent_selection == f"player_{cur}"
        for p, agent in enumerate(e.possible_agents):
            mask = e.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            expected = e.state.legal_actions() if p == cur else []
            assert np.flatnonzero(mask).tolist() == expected
        e.step(int(rng.choice(e.state.legal_actions())))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_render_shows_the_position_as_text(gid):
    e = rl.raw_env(gid, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    assert "[/" not in text  # Rich markup is turned into plain text
