"""play_match lets its bots release their processes when the game ends."""

import multiprocessing

from railtable.sim.match import play_match
from tests.engine.toy_game import GAME


def test_bots_searching_in_processes_are_closed_after_the_game():
    # A bot left holding its pool made worker processes of simulate hang at exit.
    m = play_match(GAME, 2, 3, ["mcts(iterations=10,jobs=2)", "random"])
    assert m.state.is_terminal()
    assert multiprocessing.active_children() == []
