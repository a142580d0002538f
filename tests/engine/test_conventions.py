"""Conventions every game folder follows (docs/developing.md): the action JSON made in one
place, the game's actions.py, with one signature, and the Game only naming that module."""

from __future__ import annotations

import importlib
import inspect
import json
import random

import pytest

from railtable.engine import Game, IllegalAction
from railtable.engine.registry import games
from railtable.games._template import GAME as TEMPLATE


def folder(game) -> str:
    return type(game).__module__.split(".")[2]


# the game folders of railtable/games (test toys registered by other tests aside) and the
# template, by folder name
FOLDERS = {folder(g): g for g in [*games().values(), TEMPLATE]
           if type(g).__module__.startswith("railtable.games.")}


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_the_game_names_its_actions_module_and_writes_no_json_methods(name):
    game = FOLDERS[name]
    module = importlib.import_module(f"railtable.games.{folder(game)}.actions")
    assert game.actions is module
    for cls in type(game).__mro__:
        if cls is Game:
            break
        assert "action_to_json" not in vars(cls), f"{cls.__name__} writes action_to_json"
        assert "action_from_json" not in vars(cls), f"{cls.__name__} writes action_from_json"
    assert list(inspect.signature(module.to_json).parameters) == ["state", "a"]
    assert list(inspect.signature(module.from_json).parameters) == ["state", "d"]


JUNK = [None, "x", -1, 10 ** 9, 1.5, [], {}, True]


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_json_round_trips_and_malformed_json_is_refused(name):
    game = FOLDERS[name]
    types = set()
    for seed in range(2):
        rng = random.Random(seed)
        s = game.new_state(game.min_players, seed)
        steps = 0
        while not s.is_terminal() and steps < 400:
            legal = s.legal_actions()
            for a in legal:
                d = json.loads(json.dumps(game.action_to_json(s, a)))
                assert isinstance(d.get("type"), str) and d["type"]
                types.add(d["type"])
                assert game.action_from_json(s, d) == a
            a = rng.choice(legal)
            d = game.action_to_json(s, a)
            # every field of the form spoilt in turn, or missing: refused or still an action
            for key in d:
                for junk in [*JUNK, "<missing>"]:
                    bad = {k: v for k, v in d.items() if k != key}
                    if junk != "<missing>":
                        bad[key] = junk
                    try:
                        b = game.action_from_json(s, bad)
                    except IllegalAction as e:
                        assert str(e), f"{bad!r} refused without a message"
                    else:
                        assert isinstance(b, int) and 0 <= b < game.num_actions
            s.apply(a)
            steps += 1
        for bad in [None, "claim", 3, [d], {}, {"type": "no_such_action"}]:
            with pytest.raises(IllegalAction) as e:
                game.action_from_json(s, bad)
            assert str(e.value)
    assert types

