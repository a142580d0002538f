"""Branch Line against the engine contract (the checks issue #27 lists for every game),
over random and heuristic games, every player count and the `rounds` option's range."""

import json
import random

import pytest

from railtable.engine import IllegalAction
from railtable.engine.record import replay
from railtable.sim.match import play_match

from .helpers import G

CASES = [(n, r) for n in (2, 3, 4) for r in (4, 10, 16)]


def views(s):
    return [s.observation(p) for p in (None, *range(s.num_players))]


def random_game(n, rounds, seed, each=None):
    s = G.new_state(n, seed, {"rounds": rounds})
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        if each:
            each(s, rng)
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    return s, steps


@pytest.mark.parametrize("n,rounds", CASES)
def test_legal_sorted_bounded_and_results(n, rounds):
    def each(s, rng):
        legal = s.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert all(0 <= a < G.num_actions for a in legal)
    for seed in range(5):
        s, steps = random_game(n, rounds, seed, each)
        assert steps <= n * rounds
        assert s.legal_actions() == [] and s.current_player() == -1
        res = s.result()
        assert len(res.scores) == n and set(res.winners) <= set(range(n)) and res.winners
        assert res.reason in ("last_round", "all_links_built")
        assert json.loads(json.dumps(res.to_json())) == res.to_json()
        assert sum(s.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("n,rounds", CASES)
def test_illegal_actions_change_nothing(n, rounds):
    def each(s, rng):
        legal = set(s.legal_actions())
        bad = [a for a in range(-1, G.num_actions + 1) if a not in legal]
        if not bad:
            return
        before = views(s), s._seed, s.legal_actions()
        with pytest.raises(IllegalAction):
            s.apply(rng.choice(bad))
        assert (views(s), s._seed, s.legal_actions()) == before
    random_game(n, rounds, 7, each)


@pytest.mark.parametrize("n,rounds", CASES)
def test_clones_are_independent(n, rounds):
    def each(s, rng):
        if rng.random() > 0.3:
            return
        before = views(s), s.legal_actions()
        c = s.clone()
        crng = random.Random(rng.random())
        while not c.is_terminal():
            c.apply(crng.choice(c.legal_actions()))
        assert (views(s), s.legal_actions()) == before
        # the original's own future is the clone's when both take the same decisions
        c, d = s.clone(), s.clone()
        a = rng.choice(s.legal_actions())
        c.apply(a)
        d.apply(a)
        assert views(c) == views(d)
    random_game(n, rounds, 11, each)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_replay_from_a_record(n):
    m = play_match(G, n, 5, ["heuristic"] + ["random"] * (n - 1), None, keep_record=True)
    again = replay(m.record)
    assert again.is_terminal()
    assert again.result() == m.state.result()
    assert views(again) == views(m.state)


@pytest.mark.parametrize("n,rounds", CASES)
def test_determinize_keeps_the_seat_view_and_resamples_the_rest(n, rounds):
    changed = {"hands": 0, "deck": 0}

    def each(s, rng):
        p = s.current_player()
        for q in (p, (p + 1) % n):
            d = s.determinize(q, random.Random(rng.random()))
            # what q may know is unchanged, and so is the spectator's view
            assert d.observation(q) == s.observation(q)
            assert d.observation(None) == s.observation(None)
            assert d.hands[q] == s.hands[q]
            assert sorted(d.deck + [c for r in range(n) if r != q for c in d.hands[r]]) == \
                sorted(s.deck + [c for r in range(n) if r != q for c in s.hands[r]])
            changed["hands"] += any(d.hands[r] != s.hands[r] for r in range(n) if r != q)
            changed["deck"] += d.deck != s.deck
            assert d.legal_actions() == s.legal_actions()
    random_game(n, rounds, 3, each)
    assert changed["hands"] and changed["deck"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_hidden_information_in_any_observation(n):
    def each(s, rng):
        for p in range(n):
            obs = s.observation(p)
            ids = {c["id"] for c in obs["contracts"]}
            assert ids == set(s.hands[p])
            text = json.dumps(obs)
            assert '"revealed": null' in text and '"deck": %d' % len(s.deck) in text
        assert s.observation(None)["contracts"] is None
        for e in s.visible_events(None):
            assert "contract" not in e and "contracts" not in e
    random_game(n, 10, 21, each)


@pytest.mark.parametrize("n", [2, 4])
def test_json_round_trips(n):
    def each(s, rng):
        for a in s.legal_actions():
            d = G.action_to_json(s, a)
            assert G.action_from_json(s, json.loads(json.dumps(d))) == a
        for obs in views(s):
            assert json.loads(json.dumps(obs)) == obs
    s, _ = random_game(n, 10, 2, each)
    for obs in views(s):
        assert json.loads(json.dumps(obs)) == obs
    for bad in ({}, {"type": "build"}, {"type": "build", "link": 99}, {"type": "fly"},
                {"type": "build", "link": True}, []):
        with pytest.raises(IllegalAction):
            G.action_from_json(s, bad)
