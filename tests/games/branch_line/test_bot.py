"""Branch Line's heuristic bot: it plays well enough to beat random play, decides only from
what its seat may know, and serves search bots (rollouts and guide)."""

import random

from railtable.bots.base import make_bot
from railtable.sim.match import play_match

from .helpers import G


def test_heuristic_beats_random_play():
    wins = 0
    for seed in range(40):
        m = play_match(G, 2, seed, ["heuristic", "random"], None)
        wins += 0 in m.state.result().winners
    assert wins >= 36


def test_heuristic_completes_most_of_its_contracts_against_itself():
    done = failed = 0
    for seed in range(20):
        m = play_match(G, 3, seed, ["heuristic"] * 3, None)
        for d in m.state.result().details:
            done += d["contracts_completed"]
            failed += d["contracts_failed"]
    assert done > 2 * failed


def test_the_bot_decides_from_its_own_view_only():
    # the same move whatever the other companies' contracts and the deck order are
    for seed in range(10):
        s = G.new_state(3, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.current_player()
            a = make_bot("heuristic", G, p, 0).act(s)
            d = s.determinize(p, rng)
            assert make_bot("heuristic", G, p, 0).act(d) == a
            s.apply(a)


def test_a_search_bot_plays_a_whole_game():
    m = play_match(G, 2, 3, ["mcts(iterations=20)", "heuristic"], None)
    assert m.state.is_terminal()
