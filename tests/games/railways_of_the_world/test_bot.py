"""The heuristic bot against the random bot (acceptance: at least 90% of 2-player games)."""

from railtable.games.railways_of_the_world import GAME
from railtable.sim.match import play_match


def test_heuristic_beats_random_in_two_player_games_seats_rotated():
    games, wins = 40, 0
    for seed in range(games):
        seat = seed % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic"
        m = play_match(GAME, 2, 1000 + seed, bots)
        assert m.state.result().reason == "empty_cities"
        wins += seat in m.state.result().winners
    assert wins >= 0.9 * games


def test_heuristic_games_end_for_every_player_count():
    for n in (3, 5, 6):
        m = play_match(GAME, n, 50 + n, ["heuristic"] * n)
        res = m.state.result()
        assert res.reason == "empty_cities" and res.winners
        assert sum(d["links"] for d in res.details) > 0
