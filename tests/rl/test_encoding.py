"""The encoders: fixed sizes, finite values, named slices that tile the vector, and no leak
(a seat's vector depends only on what the seat can see: a state and its determinization
for that seat give the seat the same vector)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import railtable.rl as rl
from railtable.rl.encoders import EnvelopeEncoder
from tests.rl.conftest import CONFIGS, GAME_COUNTS, GAME_IDS, config_id


def _states(table, seed: int, games: int = 2, every: int = 7):
    """States along random games, every few decisions, and each game's end."""
    rng = random.Random(seed)
    for g in range(games):
        s = table.new_state(seed + g)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        yield s


def test_a_game_without_an_encoder_gets_the_envelope():
    t = rl.Table("toy")  # tests/engine/toy_game.py, registered for every test
    assert isinstance(t.encoder, EnvelopeEncoder)
    s = t.new_state(1)
    v = t.vector(s, 0)
    assert v.shape == (2 * t.num_players + 1,)  # current player, round, scores


def test_every_game_of_the_tree_has_its_own_encoder():
    assert len(GAME_IDS) >= 5
    for gid in GAME_IDS:
        enc = rl.Table(gid).encoder
        assert not isinstance(enc, EnvelopeEncoder), gid


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_size_is_fixed_and_values_finite(config):
    gid, n, opts = config
    t = rl.Table(gid, n, opts)
    enc = t.encoder
    # the named slices tile the vector, in order, without gaps
    end = 0
    for name, shape, start in enc.describe():
        assert start == end, name
        end += int(np.prod(shape))
    assert end == enc.size
    for s in _states(t, seed=7, games=1, every=25):
        for p in range(n):
            v = t.vector(s, p)
            assert v.shape == (enc.size,) and v.dtype == np.float32
            assert np.isfinite(v).all()
            assert t.vector_space.contains(v)
            view = enc.view(v)
            assert set(view) == set(enc.slices)


@pytest.mark.parametrize("gid,n", GAME_COUNTS)
def test_determinization_gives_the_seat_the_same_vector(gid, n):
    t = rl.Table(gid, n)
    rng = random.Random(3)
    checked = 0
    for s in _states(t, seed=21, games=2, every=15):
        for p in range(n):
            d = s.determinize(p, rng)
            assert np.array_equal(t.vector(s, p), t.vector(d, p)), (gid, p)
            checked += 1
    assert checked >= 2 * n  # at least the first position and the end, every seat


@pytest.mark.parametrize("gid,n", GAME_COUNTS)
def test_seats_are_counted_from_the_viewer(gid, n):
    t = rl.Table(gid, n)
    s = t.new_state(2)
    cur = s.current_player()
    for p in range(n):
        view = t.encoder.view(t.vector(s, p))
        expected = np.zeros(n, dtype=np.float32)
        expected[(cur - p) % n] = 1
        assert np.array_equal(view["current_player"], expected)
        assert view["phase"].sum() == (1 if t.encoder.phases else 0)
