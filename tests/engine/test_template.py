"""The template game folder (railtable/games/_template, docs/adding-a-game.md): never
registered, and a working game, so a copy runs from the first minute."""

import json
import random

import pytest

from railtable.engine import ENVELOPE, IllegalAction
from railtable.engine.registry import games
from railtable.games._template import GAME


def test_the_registry_skips_the_template():
    assert "template" not in games()
    assert all(type(g).__module__.split(".")[2:3] != ["_template"] for g in games().values())


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_template_keeps_the_contract(n):
    for seed in range(10):
        s = GAME.new_state(n, seed, {"stations": 5 + seed})
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            p = s.current_player()
            obs = s.observation(p)
            assert tuple(obs)[:len(ENVELOPE)] == ENVELOPE
            assert json.loads(json.dumps(obs)) == obs
            d = s.determinize(p, random.Random(steps))
            assert d.observation(p) == obs
            before = [s.observation(q) for q in range(n)], s._seed
            bad = next(a for a in range(GAME.num_actions + 1) if a not in legal)
            with pytest.raises(IllegalAction):
                s.apply(bad)
            c = s.clone()
            c.apply(legal[0])
            assert ([s.observation(q) for q in range(n)], s._seed) == before
            for a in legal:
                assert GAME.action_from_json(s, GAME.action_to_json(s, a)) == a
            s.apply(rng.choice(legal))
            steps += 1
        assert steps <= len(GAME.cards)
        assert s.observation(None)["result"]["winners"]
        assert GAME.render_text(s.observation(0), "ru")
        for e in s.events:
            assert isinstance(GAME.event_text(e, "ru"), str)


def test_a_copy_of_the_template_runs_from_the_first_minute(tmp_path, monkeypatch):
    # docs/adding-a-game.md, step 1: `cp -r railtable/games/_template <id>` gives a game
    import importlib
    import shutil
    import sys
    from pathlib import Path

    import railtable.games._template as template
    shutil.copytree(Path(template.__file__).parent, tmp_path / "my_race")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        copy = importlib.import_module("my_race")
        s = copy.GAME.new_state(3, 1)
        bots = [copy.GAME.bots()["heuristic"](p, 0) for p in range(3)]
        while not s.is_terminal():
            s.apply(bots[s.current_player()].act(s))
        assert s.observation(0)["result"]["reason"] in ("terminus", "no_cards")
        assert copy.GAME.i18n("ru")["title"] == "Шаблонная гонка"  # its own i18n.json
    finally:
        for name in [m for m in sys.modules if m == "my_race" or m.startswith("my_race.")]:
            del sys.modules[name]
