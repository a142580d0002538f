"""The arena: rotated seats, reproducible ratings, the command's output and errors."""

import json
from collections import Counter

from railtable.sim.arena import lineup, run_arena
from railtable.sim.pool import Batch
from tests.cli.helpers import assert_bad_input, run
from tests.engine.toy_game import GAME


def test_rotation_seats_every_bot_in_every_seat_equally():
    b = Batch("toy", 3, ("a", "b", "b"), 1, 6, rotate=True)
    seen = Counter((seat, b.seats_for(i)[seat]) for i in range(6) for seat in range(3))
    assert seen == {(s, "a"): 2 for s in range(3)} | {(s, "b"): 4 for s in range(3)}
    assert Batch("toy", 2, ("a", "b"), 1, 2).seats_for(1) == ["a", "b"]  # no rotation
    assert lineup(["x", "y"], 5) == ["x", "y", "x", "y", "x"]


def test_search_outrates_random_and_the_run_is_reproducible():
    specs = ["mcts(iterations=40)", "random"]
    a = run_arena(GAME, 2, specs, 5, 40, bootstrap=30)
    b = run_arena(GAME, 2, specs, 5, 40, bootstrap=30)
    assert a == b
    top, bottom = a["ratings"]
    assert top["bot"] == "mcts(iterations=40)" and top["elo"] > bottom["elo"]
    assert top["games"] == bottom["games"] == 40 and top["seats_played"] == 40
    assert a["head_to_head"]["mcts(iterations=40)"]["random"] > 0.5
    assert a["errors"] == []


def test_arena_command_json_and_bad_input():
    result = run("arena", "toy", "--bots", "random,mcts(iterations=5)", "-n", "6",
                 "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 6 and {r["bot"] for r in report["ratings"]} == {
        "random", "mcts(iterations=5)"}
    assert_bad_input(run("arena", "toy", "--bots", "random"), "at least two different bots")
    assert_bad_input(run("arena", "toy", "--bots", "random,random,random", "-p", "2"),
                     "3 bots for 2 seats")
