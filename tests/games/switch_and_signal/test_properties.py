"""Properties over random games: conservation, bounds, replay, clones, illegal actions."""

import json
import random

import pytest

from railtable.engine import IllegalAction
from railtable.engine.record import replay, start
from railtable.engine.registry import register
from railtable.games.switch_and_signal import actions as A

from .helpers import GAME, blank, snapshot

OPTIONS = [None, {"board": "north_america"}, {"ten_goods": True, "layout": "random"},
           {"location_tokens": "draw_instead_of_dice", "extra_signal": True},
           {"board": "north_america", "location_tokens": "random_numbers", "ten_goods": True}]


def check_invariants(s):
    b = s.board
    # 9 trains, each in its depot or on exactly one space
    placed = [t for t in range(9) if s.tpos[t] >= 0]
    assert sorted(s.occ[s.tpos[t]] for t in placed) == placed
    assert sum(1 for x in s.occ if x >= 0) == len(placed)
    # every goods cube somewhere: a trade city, a train or a port
    total = 12 if s.opts.ten_goods else 8
    on_trains = sum(1 for t in range(9) if s.tgood[t] >= 0)
    assert all(s.tpos[t] >= 0 for t in range(9) if s.tgood[t] >= 0)
    assert sum(s.goods) + on_trains + sum(map(sum, s.delivered)) == total
    # the clock
    assert 0 <= s.tokens <= s.clock_max
    if not s.over:
        assert s.tokens >= 1
    # signals: every city keeps one; the number of discs never changes after set-up
    if s.card >= 0:
        for c in b.cities:
            assert any(s.green[f] for f in b.city_fields[c])
        discs = (9 if s.na else 8) + (1 if s.opts.extra_signal else 0)
        assert sum(s.green) == discs
    assert all(sum(h) <= 10 for h in s.hands)
    assert sum(map(sum, s.hands)) + len(s.deck) + sum(s.adiscard) == 81


@pytest.mark.parametrize("opts", OPTIONS)
def test_random_games_keep_the_invariants(opts):
    for seed in range(25):
        s = GAME.new_state(2 + seed % 3, seed, opts, record_events=seed % 2 == 0)
        r = random.Random(seed)
        n = 0
        while not s.is_terminal():
            check_invariants(s)
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            a = legal[int(r.random() * len(legal))]
            if seed % 5 == 0:  # the text side: labels, log lines, the terminal view
                for lang in ("ru", "en"):
                    assert s.describe(a, lang)
                    GAME.render_text(s.observation(s.current_player()), lang)
            s.apply(a)
            if seed % 5 == 0:
                for e in s.events:
                    GAME.event_text(e, "ru")
                    GAME.event_text(e, "en")
            n += 1
            assert n < 5000
        check_invariants(s)
        res = s.result()
        assert res.reason in ("all_goods_delivered", "departure_cards_exhausted", "clock_ran_out")
        assert res.winners in ((), tuple(range(s.num_players)))
        json.dumps(res.to_json())


def test_replay_is_deterministic():
    register(GAME)
    for seed, opts in enumerate(OPTIONS):
        s = GAME.new_state(3, seed, opts)
        rec = start(GAME, 3, seed, opts, ["random"] * 3)
        r = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            a = legal[int(r.random() * len(legal))]
            rec.actions.append(GAME.action_to_json(s, a))
            s.apply(a)
        again = replay(rec)
        assert again.result() == s.result()
        assert again.observation(None) == s.observation(None)


def test_clone_is_independent():
    s = GAME.new_state(3, 11)
    r = random.Random(5)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[int(r.random() * len(legal))])
    before = snapshot(s)
    c = s.clone()
    while not c.is_terminal():
        legal = c.legal_actions()
        c.apply(legal[int(r.random() * len(legal))])
    assert snapshot(s) == before


def test_illegal_actions_are_refused_and_change_nothing():
    s = blank()
    before = snapshot(s)
    for a in (A.TRAIN + 0, A.FIELD_TO + 3, A.ROUTE + 1, A.STOP, -1, A.NUM_ACTIONS, A.LOAD + 0):
        with pytest.raises(IllegalAction) as err:
            s.apply(a)
        assert "not" in str(err.value)
        assert snapshot(s) == before
    with pytest.raises(IllegalAction):
        GAME.action_from_json(s, {"type": "route", "line": 999, "toward": "paris"})


def test_observation_shows_hands_but_hides_deck_and_pile_order():
    s = GAME.new_state(3, 2)
    for p in (None, 0, 2):
        o = s.observation(p)
        assert [sum(h.values()) for h in o["hands"]] == [5, 5, 5]
        assert o["action_deck"] == len(s.deck) and o["departure_pile"] == len(s.pile)
        text = json.dumps(o)
        assert "deck\": [" not in text and "pile\": [" not in text


def test_determinize_resamples_only_the_hidden():
    s = GAME.new_state(3, 2)
    seen = set(s.revealed)
    piles = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert len(d.pile) == len(s.pile) and not set(d.pile) & seen
        assert sorted(d.deck) == sorted(s.deck) and d.hands == s.hands
        assert d.tpos == s.tpos and d.green == s.green
        piles.add(tuple(d.pile))
    assert len(piles) > 1
