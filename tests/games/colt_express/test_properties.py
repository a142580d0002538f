"""Properties over many random games, for every player count and variant."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railtable.engine import IllegalAction
from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import VARIANTS, cards_of, random_game

GAMES_PER_VARIANT = 12


def check_invariants(s, box):
    game = s.game
    deck = Counter(game.deck_two if s.two else game.deck_one)
    n = s.num_players
    neutral = s.neutral
    fired = Counter()
    for p in range(n):
        mine = cards_of(s, p)
        # every action card of the seat is in its deck, hand, discard or the pile
        assert Counter(c for c in mine if c < 12) == deck, (p, mine)
        neutral += mine.count(R.NEUTRAL)
        fired.update(c - 13 for c in mine if c > R.NEUTRAL)
        assert sum(1 for c in mine if c >= 12) == s.recv[p]
    assert neutral == 13 and 0 <= s.neutral <= 13
    for b in range(s.nb):
        assert s.cyl[b] + fired[b] == 6
    # loot: nothing appears or vanishes (only Marshal's Revenge removes purses)
    assert s.tloc.count(R.BOX) == box
    top = (s.W + 1) * 2
    for q in s.tloc:
        assert q in (R.BOX, R.WAIT, R.LOST) or 0 <= q < top or R.HELD <= q < R.HELD + s.nb
    assert 0 <= s.marshal <= s.W
    assert all(0 <= q < top for q in s.pos) or s.phase < R.PH_CHOOSE
    # no bandit ever stays inside the Marshal's car
    if s.phase >= R.PH_CHOOSE:
        assert s.marshal * 2 not in s.pos
    legal = s.legal_actions()
    assert legal == sorted(set(legal)) and (legal or s.is_terminal())


@pytest.mark.parametrize("n,opts", VARIANTS)
def test_random_games_keep_invariants(n, opts):
    for seed in range(GAMES_PER_VARIANT):
        s0 = GAME.new_state(n, seed, opts, record_events=False)
        box = s0.tloc.count(R.BOX)

        s = random_game(n, seed, opts, check=lambda s: check_invariants(s, box))
        r = s.result()
        assert len(r.scores) == n and r.winners
        assert all(isinstance(d["loot"], int) for d in r.details)


@pytest.mark.parametrize("n,opts", VARIANTS[::2])
def test_observation_hides_and_determinize_agrees(n, opts):
    """Everything an observation shows survives determinization: hidden things are hidden."""
    rng = random.Random(n)
    for seed in range(4):
        def check(s):
            if rng.random() < 0.3:
                for p in range(n):
                    d = s.determinize(p, random.Random(rng.random()))
                    assert d.observation(p) == s.observation(p)
                    if s.current_player() == p:
                        assert d.legal_actions() == s.legal_actions()
                    for q in range(n):
                        assert Counter(c for c in cards_of(d, q) if c < 12) == Counter(
                            c for c in cards_of(s, q) if c < 12)
                        assert sorted(cards_of(d, q)) == sorted(cards_of(s, q))
                    # and a copy plays on
                    if not d.is_terminal():
                        d.apply(d.legal_actions()[0])
        random_game(n, 100 + seed, opts, record_events=True, check=check)


@pytest.mark.parametrize("n,opts", VARIANTS[1::2])
def test_observation_never_shows_secrets(n, opts):
    r = random.Random(5)
    for seed in range(4):
        s = GAME.new_state(n, 300 + seed, opts)
        while not s.is_terminal():
            check_obs(s, n)
            legal = s.legal_actions()
            s.apply(legal[r.randrange(len(legal))])
        check_obs(s, n)


def check_obs(s, n):
    for p in [None] + list(range(n)):
        obs = s.observation(p)
        json.dumps(obs)
        for info in obs["players"]:
            assert isinstance(info["hand"], int)
        if p is not None:
            assert len(obs["hand"]) == len(s.hands[p])
        for i, e in enumerate(obs["pile"]):
            if e["face_down"] and e["seat"] != p and not e["resolved"] and obs["resolving"] != i:
                assert e["card"] is None
        if not s.is_terminal():
            for b in obs["bandits"] + obs["loot"]:
                for purse in b["purses"]:
                    k = s.known[purse["id"]]
                    known = bool(k >> p & 1) if p is not None else k == (1 << n) - 1
                    assert (purse["value"] is None) == (not known)
    GAME.render_text(s.observation(0), "ru")


def test_actions_and_events_have_text():
    # JSON round trips of every legal action: tests/conformance
    rng = random.Random(9)
    for n, opts in VARIANTS:
        s = GAME.new_state(n, 7, opts)
        while not s.is_terminal():
            for a in s.legal_actions():
                assert s.describe(a, "ru") and s.describe(a, "en")
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            for e in s.events:
                assert GAME.event_text(e, "ru") and GAME.event_text(e, "en")


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.text(max_size=5),
                 st.dictionaries(st.sampled_from(["type", "card", "to", "target", "kind",
                                                  "purse", "bandit", "team", "face_down"]),
                                 st.one_of(st.integers(-3, 20), st.text(max_size=8),
                                           st.sampled_from(["play", "move", "fire", "loot",
                                                            "purse", "belle", "fire"]),
                                           st.booleans(), st.none()))))
def test_action_from_json_malformed(d):
    s = GAME.new_state(4, 1, {"random_bandits": True})
    try:
        a = GAME.action_from_json(s, d)
    except IllegalAction:
        return
    assert 0 <= a < GAME.num_actions


PRIVATE = {"deal", "draw", "choose_card", "discard", "hide"}


@pytest.mark.parametrize("n,opts", VARIANTS[::2])
def test_secret_events_are_private_and_have_public_twins(n, opts):
    rng = random.Random(n)
    s = GAME.new_state(n, 77, opts)
    seen = set()
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        types = [e["type"] for e in s.events]
        for e in s.events:
            assert e["to"] is None or isinstance(e["to"], list)
            if e["type"] in PRIVATE or (e["type"] == "play" and e.get("face_down")):
                assert e["to"] == [e["player"]], e
                seen.add(e["type"])
            elif e["to"] is None:
                # a public event carries no card of a hidden hand
                assert "cards" not in e
            json.dumps(e)
        if "play" in types and any(e.get("face_down") for e in s.events):
            assert "play_face_down" in types
        if "draw" in types:
            assert "draw_count" in types
        for p in range(n):
            for e in s.visible_events(p):
                assert e["to"] is None or p in e["to"]
    assert "draw" in seen or "deal" in seen
