"""The observation's common envelope (docs/developing.md, "The observation"), over every
registered game: the same keys, first and in order, read the same way everywhere."""

from __future__ import annotations

import json
import random

import pytest

from railtable.engine import ENVELOPE, TERMINAL
from railtable.engine.registry import games


def check(state, seat):
    obs = state.observation(seat)
    assert tuple(obs)[:len(ENVELOPE)] == ENVELOPE
    part = state._observe(seat)
    assert not set(part) & set(ENVELOPE), f"the game's part repeats {set(part) & set(ENVELOPE)}"
    cur = state.current_player()
    assert obs["game"] == state.game.id and obs["seat"] == seat
    assert obs["current_player"] == (None if cur == TERMINAL else cur)
    assert isinstance(obs["phase"], str) and obs["phase"]
    assert obs["round"] is None or (isinstance(obs["round"], int) and obs["round"] >= 1)
    scores = obs["scores"]
    assert scores is None or len(scores) == state.num_players
    if cur == TERMINAL:
        assert obs["result"] == state.result().to_json()
    else:
        assert obs["result"] is None
    assert json.loads(json.dumps(obs)) == obs
    return obs


# the games of railtable/games (test toys registered by other tests aside)
GAMES = sorted(g for g, game in games().items()
               if type(game).__module__.startswith("railtable.games."))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_starts_with_the_envelope(game_id):
    game = games()[game_id]
    rng = random.Random(3)
    n = game.min_players
    s = game.new_state(n, 11)
    steps = 0
    while not s.is_terminal():
        if steps % 7 == 0:
            for seat in (None, *range(n)):
                check(s, seat)
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    for seat in (None, *range(n)):
        obs = check(s, seat)
        assert obs["current_player"] is None and obs["result"]["winners"] == list(
            s.result().winners)
