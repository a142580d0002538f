"""play_match lets its bots release their processes when the game ends."""

import multiprocessing

from railtable.sim.match import play_match
from tests.engine.toy_game import GAME


def test_bots_searching_in_processes_are_closed_after_the_game():
    # A bot left holding its pool made worker processes of simulate hang at exit.
    # (Only the match's own processes count: another test in this worker may still be
    # winding down its pool.)
    before = {p.pid for p in multiprocessing.active_children()}
    m = play_match(GAME, 2, 3, ["mcts(iterations=10,jobs=2)", "random"])
    assert m.state.is_terminal()
    assert [p for p in multiprocessing.active_children() if p.pid not in before] == []
