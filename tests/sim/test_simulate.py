"""railtable.sim.simulate: streaming to the sink, and a clean stop on Ctrl-C."""

import io
import json

from railtable.sim.simulate import simulate
from tests.engine.toy_game import GAME


class CtrlCAfter:
    """A progress bar on which the person presses Ctrl-C after `k` games."""

    def __init__(self, k):
        self.k, self.done = k, 0

    def add_task(self, name, total):
        return 0

    def advance(self, task, k):
        self.done += k
        if self.done >= self.k:
            raise KeyboardInterrupt


def test_ctrl_c_keeps_the_games_already_played():
    sink = io.StringIO()
    runs, interrupted = simulate(GAME, 2, ["random", "random"], 10, 50, [("", {})], jobs=1,
                                 sink=sink, progress=CtrlCAfter(7))
    assert interrupted and runs[0].summary["interrupted"]
    lines = [json.loads(line) for line in sink.getvalue().splitlines()]
    # the 7th game was played but Ctrl-C came before it was handed over
    assert [line["seed"] for line in lines] == list(range(10, 16))
    assert runs[0].summary["games"] == 6


def test_levels_run_in_order_with_their_options():
    sink = io.StringIO()
    runs, interrupted = simulate(GAME, 2, ["random", "random"], 0, 3,
                                 [("short", {"decisions": 4}), ("long", {"decisions": 20})],
                                 sink=sink, tag_level=True)
    assert not interrupted and [r.label for r in runs] == ["short", "long"]
    lines = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert [(line["level"], line["decisions"]) for line in lines] == [("short", 4)] * 3 + [
        ("long", 20)] * 3
    assert runs[1].summary["decisions_per_game"]["mean"] == 20
