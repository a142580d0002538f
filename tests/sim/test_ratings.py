"""Bradley-Terry ratings, intervals and head-to-head shares."""

import random

from railtable.sim.ratings import bradley_terry, head_to_head, pair_counts, rate, wilson


def test_pairwise_reading_of_multiseat_games():
    games = [(("a", "b", "c"), (0,)), (("a", "b", "b"), (1, 2))]
    w = pair_counts(games, ["a", "b", "c"])
    assert w[0][1] == 1.0 and w[1][0] == 2.0  # a beat b once; b beat a twice (seat 1 and 2)
    assert w[0][2] == 1.0 and w[2][0] == 0.0
    assert w[1][2] == 0.5 and w[2][1] == 0.5  # b and c both lost the first game: a tie


def test_fitted_strengths_recover_a_known_ordering():
    rng = random.Random(1)
    true = {"strong": 4.0, "mid": 1.0, "weak": 0.25}
    bots = list(true)
    games = []
    for _ in range(3000):
        a, b = rng.sample(bots, 2)
        win = 0 if rng.random() < true[a] / (true[a] + true[b]) else 1
        games.append(((a, b), (win,)))
    p = bradley_terry(pair_counts(games, bots))
    assert abs(p[0] / p[1] - 4.0) < 0.6 and abs(p[1] / p[2] - 4.0) < 0.6
    ratings = rate(games, bots, bootstrap=50, seed=2)
    assert ratings[0].low > ratings[1].high > ratings[2].high
    assert ratings[0].low <= ratings[0].elo <= ratings[0].high


def test_unbeaten_bot_stays_finite_and_shares():
    games = [(("a", "b"), (0,))] * 10
    r = rate(games, ["a", "b"], bootstrap=20)
    assert r[0].elo > r[1].elo and r[0].wins == 10 and r[1].wins == 0
    assert head_to_head(games, ["a", "b"]) == [[None, 1.0], [0.0, None]]


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 0) == (0.0, 1.0)
