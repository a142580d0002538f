"""The heuristic bot: it beats random play and decides only from what its seat may know."""

import random

from railtable.bots.base import make_bot
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.rules import OVER
from railtable.sim.match import play_match


def test_heuristic_is_registered_and_beats_random():
    assert "heuristic" in GAME.bots()
    wins = 0
    for i in range(24):
        n = 2 if i % 2 else 4
        seat = i % n
        bots = ["random"] * n
        bots[seat] = "heuristic"
        m = play_match(GAME, n, 40 + i, bots)
        wins += seat in m.state.result().winners
    assert wins >= 21


def test_heuristic_ignores_what_its_seat_cannot_see():
    checked = 0
    for seed in range(4):
        n = 3
        bots = [make_bot("heuristic", GAME, p, seed) for p in range(n)]
        s = GAME.new_state(n, seed)
        rng = random.Random(seed)
        while s.phase != OVER:
            p = s.current_player()
            a = bots[p].act(s)
            assert a in s.legal_actions()
            if rng.random() < 0.3:
                d = s.determinize(p, random.Random(rng.random()))
                assert bots[p].act(d) == a
                checked += 1
            s.apply(a)
    assert checked > 50
