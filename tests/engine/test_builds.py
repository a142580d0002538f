"""The pure-Python and the compiled build play the same games (railtable/build.py).

Each check runs in new processes: one with RAILTABLE_PURE=1 (every module from its source)
and one as installed (compiled modules where a compiled build put them). Where nothing is
compiled both processes are the pure build, and the checks still hold; CI installs the
compiled build (scripts/test), so there they compare the two.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from railtable import build
from tests.conformance.cases import registered

ROOT = Path(__file__).resolve().parents[2]
# the games a new process discovers too (not test doubles registered by hand in this one)
GAMES = sorted(registered())


def run(code: str, *args: str, pure: bool, stdin: bytes | None = None) -> bytes:
    """stdout of `python -c code args` in a new process of one build."""
    env = dict(os.environ)
    env.pop(build.ENV, None)
    if pure:
        env[build.ENV] = "1"
    out = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT,
                         input=stdin, capture_output=True)
    assert out.returncode == 0, out.stderr.decode()
    return out.stdout


DESCRIBE = ("import json; from railtable import build; import railtable.engine.registry as r; "
            "[r.get_game(g) for g in r.games()]; print(json.dumps(build.describe()))")


def test_railtable_pure_loads_every_module_from_its_source():
    pure = json.loads(run(DESCRIBE, pure=True))
    assert pure["build"] == "pure" and pure["pure_forced"] and pure["compiled_loaded"] == []
    default = json.loads(run(DESCRIBE, pure=False))
    # the default process runs every compiled module that is installed (all are modules
    # of the engine and the games, which the registry imports)
    assert default["compiled_loaded"] == default["compiled_installed"]
    assert not default["pure_forced"]


RECORDS = """
import json, sys
from railtable.engine.registry import get_game
from railtable.sim.match import play_match
game = get_game(sys.argv[1])
n = min(max(3, game.min_players), game.max_players)
# the heuristic, the rollout bot and random play: the bots' compiled searches (paths.py,
# scheme.py, ways.py) must decide as their sources do
kinds = [b for b in ("heuristic", game.rollout_bot) if b in game.bots()] + ["random"]
seats = [kinds[p % len(kinds)] for p in range(n)]
for seed in range(2):
    m = play_match(game, n, seed, seats, keep_record=True)
    m.record.result = m.state.result().to_json()
    print(json.dumps(m.record.to_json(), sort_keys=True))
"""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seeds_give_byte_identical_records_in_both_builds(game_id):
    assert run(RECORDS, game_id, pure=True) == run(RECORDS, game_id, pure=False)


PICKLE = """
import pickle, random, sys
from railtable.engine.registry import get_game
game = get_game(sys.argv[1])
if sys.argv[2] == "dump":
    s = game.new_state(3 if game.max_players >= 3 else game.min_players, 5)
    rng = random.Random(5)
    for _ in range(40):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    s.rng()  # the state owns its generator now: it travels too
    sys.stdout.buffer.write(pickle.dumps(s))
else:  # the states pickled by both builds, one after the other
    stream = sys.stdin.buffer
    for _ in range(2):
        s = pickle.load(stream)
        rng = random.Random(6)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        print(s.result().to_json())
"""


@pytest.mark.parametrize("game_id", GAMES)
def test_states_pickle_across_builds(game_id):
    data = run(PICKLE, game_id, "dump", pure=True) + run(PICKLE, game_id, "dump", pure=False)
    ends = [run(PICKLE, game_id, "load", pure=load_pure, stdin=data).splitlines()
            for load_pure in (True, False)]
    # each build plays both builds' states on to the same end
    assert len({line for e in ends for line in e}) == 1 and all(len(e) == 2 for e in ends)


def test_setup_compiles_the_modules_the_stale_check_watches():
    # setup.py and railtable/build.py each name the games' compiled modules: the same list
    import ast
    from pathlib import Path

    from railtable import build
    tree = ast.parse((Path(__file__).parents[2] / "setup.py").read_text(encoding="utf-8"))
    names = [ast.literal_eval(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Assign)
             and any(getattr(t, "id", None) == "COMPILED_NAMES" for t in node.targets)]
    assert names == [build.COMPILED_NAMES]
