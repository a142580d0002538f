"""The heuristic bot: it beats random bots and decides only from what its seat may know."""

import random

from railtable.bots.base import make_bot
from railtable.games.steamland import GAME as G
from railtable.games.steamland import actions as A
from railtable.sim.match import play_match

from .helpers import cell, creature, lay, ready


def test_heuristic_beats_random_bots():
    # acceptance: at least 60% of 3-player games against two random bots (seats rotated)
    wins = 0
    games = 36
    for seed in range(games):
        seat = seed % 3
        bots = ["random"] * 3
        bots[seat] = "heuristic"
        m = play_match(G, 3, 1000 + seed, bots)
        wins += seat in m.state.result().winners
    assert wins / games >= 0.6


def test_bot_sees_only_its_seat():
    # the same decision on the real state and on any determinization for its seat
    compared = 0
    seed = 77
    s = G.new_state(4, seed, record_events=False)
    r = random.Random(0)
    for step in range(3000):
        if s.is_terminal():
            seed += 1
            s = G.new_state(4, seed, record_events=False)
        p = s.current_player()
        if step % 3 == 0:
            b1 = make_bot("heuristic", G, p, seed=step)
            b2 = make_bot("heuristic", G, p, seed=step)
            d = s.determinize(p, random.Random(step))
            assert b1.act(s) == b2.act(d)
            compared += 1
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    assert compared >= 500


def test_heuristic_games_end_by_the_rules():
    reasons = set()
    for seed in range(12):
        m = play_match(G, 3, seed, ["heuristic"] * 3, {"level": ["apprentice", "genius"][seed % 2]})
        reasons.add(m.state.result().reason)
    assert reasons - {"round_limit"}


def _dragon_here(dragons_out: int):
    """Seat 0, unarmed, shares its hex with the strongest Steam Dragon; `dragons_out`
    dragons in all are on the map."""
    s = ready()
    here = cell(1, 0)
    lay(s, here, "stone_road")
    s.pos[0] = here
    s._place(creature(s, "dragon_5"), here)
    others = [("sand_dunes", cell(2, -2), "dragon_1"), ("swamp", cell(-2, 1), "dragon_2")]
    for key, c, dragon in others[:dragons_out - 1]:
        lay(s, c, key)
        s._place(creature(s, dragon), c)
    assert s.ndragons == dragons_out and A.ATTACK_HERE in s.legal_actions()
    return s


def test_heuristic_hunts_dragons_harder_as_they_close_in():
    # rulebook: 12. Существа (a fourth dragon on the map is a loss for all): with three
    # out, the bot takes a fight it would refuse while only one dragon is on the map
    bot = make_bot("heuristic", G, 0, seed=1)
    s = _dragon_here(1)
    assert bot._fight_odds(s, 0, s.mon[s.pos[0]]) < 0.4
    assert bot.act(s) != A.ATTACK_HERE
    s = _dragon_here(3)
    assert bot.act(s) == A.ATTACK_HERE


def test_evaluation_gives_each_seat_a_chance_that_grows_with_what_it_has():
    # search bots with a playout horizon score cut playouts with it
    s = ready()
    even = G.evaluate(s)
    assert len(even) == s.num_players and abs(sum(even) - 1.0) < 1e-9
    s.points[1] += 5
    ahead = G.evaluate(s)
    assert abs(sum(ahead) - 1.0) < 1e-9
    assert ahead[1] > even[1] and ahead[0] < even[0]
    assert ahead[1] == max(ahead)


def test_a_search_with_a_playout_horizon_plays_legal_moves():
    s = ready()
    bot = make_bot("mcts(iterations=12,horizon=20)", G, s.current_player(), seed=3)
    for _ in range(6):
        if s.is_terminal():
            break
        p = s.current_player()
        a = bot.act(s) if p == bot.seat else make_bot("heuristic", G, p, 1).act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_the_ways_are_dicts_of_ints_that_the_collector_does_not_track():
    # A search keeps thousands of these in the bots' cache; with tuples in them (the fog
    # hexes' cost and first step) the garbage collector ran every few milliseconds.
    import gc

    from railtable.games.steamland.bot import HeuristicBot
    bot = HeuristicBot(0, 1)
    fogs = 0
    for seed in range(4):
        s = G.new_state(2, seed, record_events=False)
        rng = random.Random(seed)
        for _ in range(60):
            if s.current_player() < 0:
                break
            dist, first, fog, fog_first = bot._paths(s, s.current_player())
            assert dist[s.pos[s.current_player()]] == 0
            assert set(first) == set(dist) and set(fog_first) == set(fog)
            assert all(0 <= d < 6 for d in fog_first.values())
            for d in (dist, first, fog, fog_first):
                assert not gc.is_tracked(d)
            fogs += len(fog)
            s.apply(rng.choice(s.legal_actions()))
    assert fogs > 0
