"""The heuristic bot: registered, legal, honest about hidden information, and strong."""

import random

from railtable.bots.base import make_bot
from railtable.games.colt_express import GAME
from railtable.sim.match import play_match

from .helpers import VARIANTS


def test_registered_and_plays_every_variant():
    for n, opts in VARIANTS:
        m = play_match(GAME, n, 3, ["heuristic"] * n, opts)
        assert m.state.is_terminal()


def test_decides_only_from_what_its_seat_knows():
    """The same decision on the real state and on any determinization for its seat."""
    rng = random.Random(4)
    checked = 0
    for n, opts in VARIANTS[::2]:
        s = GAME.new_state(n, 11, opts)
        while not s.is_terminal():
            p = s.current_player()
            if rng.random() < 0.3:
                a = make_bot("heuristic", GAME, p, seed=5).act(s)
                for k in range(3):
                    d = s.determinize(p, random.Random(k))
                    assert make_bot("heuristic", GAME, p, seed=5).act(d) == a
                checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 50


def test_beats_random_bots():
    # acceptance (measured over 2,000 games in docs): here a short sample, rotating seats
    wins = 0.0
    games = 120
    for g in range(games):
        seat = g % 4
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        w = play_match(GAME, 4, 500 + g, bots).state.result().winners
        if seat in w:
            wins += 1 / len(w)
    assert wins / games >= 0.6
