"""Properties over random games: conservation and valid deliveries (the engine contract:
replay, clones, refusals, JSON, determinize, is checked for every game by tests/conformance)."""

import json
import random

import pytest

from railtable.engine import IllegalAction
from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import A_DELIVER, A_NOTE, NUM_COLOURS

TOTAL_CUBES = 5 * GAME.cubes_per_colour
M = GAME.maps["eastern_us_canada"]


def _check_delivery(before, ev):
    """Independent check of a finished delivery (its event) against the rulebook, from the
    position where the player chose to deliver (the cube and the links may have been forced
    single choices, taken by the engine)."""
    p, k = ev["player"], ev["colour"]
    src = ev["cities"][0]
    assert before.cubes[src * NUM_COLOURS + k] > 0
    steps = list(zip(ev["cities"][1:], ev["owners"]))
    assert 1 <= len(steps) <= before.level[p] + before.boost[p]
    cities = [src] + [c for c, _ in steps]
    assert len(set(cities)) == len(cities)  # no city twice
    assert steps[0][1] == p  # the first link is one's own
    for (a, (b, o)) in zip(cities, steps):
        assert any(lk[0] == o and {lk[1], lk[2]} == {a, b} for lk in before.links)
    colours = [before.city_colour[c] for c in cities[1:]]
    assert colours[-1] == k and k not in colours[:-1]  # stops at the first of its colour


def _random_game(n, seed, check=True, options=None):
    s = GAME.new_state(n, seed, options, record_events=check)
    rng = random.Random(seed)
    before = None
    deliveries = 0
    for _ in range(50000):  # far more than a game takes: one that does not end fails
        if s.is_terminal():
            break
        legal = s.legal_actions()
        assert legal == sorted(legal) and legal
        a = legal[int(rng.random() * len(legal))]
        if check:
            if a == A_DELIVER and s.phase == R.PH_TURN:
                before = s.clone()
            cash_before = sum(s.cash)
            notes_before = sum(s.notes)
        s.apply(a)
        if check:
            # money is conserved: the bank and the players change only by the flows
            assert s.bank + sum(s.cash) == 0
            assert sum(s.cash) == s.notes_taken * s.note_value + s.income_paid - s.payments
            assert min(s.cash) >= 0
            if a == A_NOTE:
                assert sum(s.cash) - cash_before == s.note_value
                assert sum(s.notes) == notes_before + 1
            # cubes are conserved: bag plus cities
            assert sum(s.bag) + sum(s.cubes) == TOTAL_CUBES and min(s.cubes) >= 0
            assert s.markers == sum(s.empty)
            assert max(s.hex_nseg) <= 2
            for ev in s.events:
                if ev["type"] == "delivery":
                    _check_delivery(before, ev)
                    deliveries += 1
    assert s.is_terminal()
    assert not check or s.delivered == deliveries
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_end_by_the_empty_city_rule_with_invariants(n):
    for seed in range(20 if n < 5 else 10):
        s = _random_game(n, 100 * n + seed)
        res = s.result()
        assert res.reason == "empty_cities"
        assert s.markers >= 0 and s.end_round == s.round
        assert len(res.scores) == n and res.winners


@pytest.mark.parametrize("options", [{"variant1": True}, {"variant2": True},
                                     {"variant1": True, "variant2": True, "note_value": 3000}])
def test_random_games_with_the_variants(options):
    for seed in range(3):
        s = _random_game(3 + seed, 7 + seed, options=options)
        assert s.result().reason == "empty_cities"


def test_observation_is_json_and_hides_the_deck_order():
    s = GAME.new_state(3, 21)
    obs = s.observation(1)
    assert json.loads(json.dumps(obs)) == obs
    assert obs["deck"] == len(s.deck) and isinstance(obs["deck"], int)
    d = s.determinize(1, random.Random(4))
    assert sorted(d.deck) == sorted(s.deck) and d.observation(1) == obs


def test_actions_have_labels_and_bad_json_is_refused():
    # JSON round trips of every legal action: tests/conformance
    s = GAME.new_state(3, 8)
    rng = random.Random(8)
    for _ in range(400):
        if s.is_terminal():
            break
        for a in s.legal_actions():
            assert s.describe(a, "en") and s.describe(a, "ru")
        s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
    with pytest.raises(IllegalAction):
        GAME.action_from_json(s, {"type": "fly"})
