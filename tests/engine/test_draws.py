"""The engine's random draws (`railtable.engine.shuffle`, `randint`, `choice`, `randbelow`)
give the numbers `random.Random`'s own methods give from the same generator, and leave it in
the same state, so a game's records do not depend on which of the two it calls
(docs/developing.md, "Randomness")."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railtable.engine import choice, randbelow, randint, shuffle

seeds = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=300, deadline=None)
@given(seed=seeds, n=st.integers(min_value=0, max_value=300))
def test_shuffle_is_random_shuffle(seed, n):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=seeds, n=st.integers(min_value=1, max_value=2**70), draws=st.integers(1, 20))
def test_randbelow_is_randrange(seed, n, draws):
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for _ in range(draws)] == [theirs.randrange(n)
                                                         for _ in range(draws)]
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=seeds, a=st.integers(-50, 50), width=st.integers(0, 1000), draws=st.integers(1, 20))
def test_randint_is_randint(seed, a, width, draws):
    ours, theirs = random.Random(seed), random.Random(seed)
    b = a + width
    assert [randint(ours, a, b) for _ in range(draws)] == [theirs.randint(a, b)
                                                          for _ in range(draws)]
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=200, deadline=None)
@given(seed=seeds, seq=st.lists(st.integers(), min_size=1, max_size=60))
def test_choice_is_choice(seed, seq):
    ours, theirs = random.Random(seed), random.Random(seed)
    for items in (seq, tuple(seq)):
        assert choice(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_a_die_rolls_every_face():
    rng = random.Random(7)
    assert {randint(rng, 1, 6) for _ in range(200)} == {1, 2, 3, 4, 5, 6}


def test_empty_ranges_are_refused_as_the_library_refuses_them():
    rng = random.Random(1)
    with pytest.raises(ValueError):
        randbelow(rng, 0)
    with pytest.raises(ValueError):
        randint(rng, 3, 2)
    with pytest.raises(IndexError):
        choice(rng, [])
