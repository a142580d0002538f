"""Доставка товара: the cubes a player may deliver and the links a cube may take next,
checked over random play against a reading of the rulebook written here from what the
players see (links and their owners, city colours and cubes, locomotive levels, an
express card's extra link), never from the rules' own search.

The rule, as the tests read it (rulebook: Доставка товара): a cube moves from its city along
links, at most as many as the locomotive's level (plus the links of an express card played
this turn), the first link one's own, never through a city twice, and it stops in the first
city of its colour it reaches (so it passes only cities of other colours on the way).
"""

import random

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_CUBE, A_DELIVER, A_FINISH, A_MOVE, A_NOTE, A_PASS_BID, A_PASS_TURN,
    A_TAKE_CARD, A_UPGRADE, MAX_SEATS, NUM_COLOURS)
from tests.games.railways_of_the_world.helpers import build_link, chain, give, set_cubes, to_turn

COLOURS = GAME.data["colours"]
MAX_DECISIONS = 20000  # far more than a game takes: a game that does not end fails


def _links(obs):
    """{city: [(next city, owner)]} of every finished link."""
    out = {}
    for lk in obs["links"]:
        a, b = lk["cities"]
        out.setdefault(a, []).append((b, lk["owner"]))
        out.setdefault(b, []).append((a, lk["owner"]))
    return out


def _reaches(links, colour_of, at, colour, seen, left):
    """Whether a cube at city `at`, with `left` links to go and cities `seen` behind it,
    can still end in a city of `colour`."""
    if left == 0:
        return False
    for n, _o in links.get(at, ()):
        if n in seen:
            continue
        if colour_of[n] == colour:
            return True
        if _reaches(links, colour_of, n, colour, seen | {n}, left - 1):
            return True
    return False


def next_links(obs, p, at, colour, seen, left, first):
    """The (city, owner) pairs the cube may take next."""
    links = _links(obs)
    colour_of = [c["colour"] for c in obs["cities"]]
    out = set()
    for n, o in links.get(at, ()):
        if (first and o != p) or n in seen or left < 1:
            continue
        if colour_of[n] == colour or _reaches(links, colour_of, n, colour, seen | {n},
                                              left - 1):
            out.add((n, o))
    return out


def deliverable(obs, p):
    """The cubes (city, colour index) p may deliver now."""
    me = obs["players"][p]
    reach = me["locomotive"] + me["boost"]
    out = set()
    for c in obs["cities"]:
        for k, count in enumerate(c["cubes"]):
            if count and next_links(obs, p, c["id"], COLOURS[k], {c["id"]}, reach, True):
                out.add((c["id"], k))
    return out


def check(s):
    p = s.current_player()
    obs = s.observation(p)
    legal = s.legal_actions()
    if s.phase == R.PH_TURN:
        assert (A_DELIVER in legal) is bool(deliverable(obs, p))
    elif s.phase == R.PH_DEL_CUBE:
        want = deliverable(obs, p)
        assert sorted(legal) == sorted(A_CUBE + c * NUM_COLOURS + k for c, k in want)
    elif s.phase == R.PH_DEL_STEP:
        d = obs["delivery"]
        seen = {d["from"]} | {c for c, _o in d["path"]}
        want = next_links(obs, p, d["at"], d["colour"], seen, d["links_left"], not d["path"])
        assert sorted(legal) == sorted(A_MOVE + n * MAX_SEATS + o for n, o in want)
        assert d["links_left"] == obs["players"][p]["locomotive"] + \
            obs["players"][p]["boost"] - len(d["path"])
    else:
        return False
    return True


@pytest.mark.parametrize("n, seed", [(4, 6), (6, 7)])
def test_every_delivery_choice_of_random_play_is_the_rulebooks(n, seed):
    # rulebook: Доставка товара, over every choice of random games (upgrades made likelier
    # so that longer deliveries come up): the cubes offered, and at each step the links
    s = GAME.new_state(n, seed)
    rng = random.Random(seed)
    checked = {R.PH_TURN: 0, R.PH_DEL_CUBE: 0, R.PH_DEL_STEP: 0}
    for _ in range(MAX_DECISIONS):
        if s.is_terminal():
            break
        if check(s):
            checked[s.phase] += 1
        legal = s.legal_actions()
        x = rng.random()
        if A_DELIVER in legal and x < 0.4:
            a = A_DELIVER
        elif A_UPGRADE in legal and x < 0.6:
            a = A_UPGRADE
        elif A_BUILD in legal and x < 0.95:
            a = A_BUILD
        elif s.phase == R.PH_BUILD and A_FINISH in legal and x < 0.1:
            a = A_FINISH
        else:
            rest = [a for a in legal if a not in (A_NOTE, A_FINISH)]
            a = rng.choice(rest) if rest and x < 0.97 else rng.choice(legal)
        s.apply(a)
    assert s.is_terminal()
    assert checked[R.PH_DEL_CUBE] > 20 and checked[R.PH_DEL_STEP] > 2, checked


def _explore(s, p, budget):
    """Check every delivery choice reachable from here (each choice in a clone)."""
    budget[0] -= 1
    assert check(s)
    for a in s.legal_actions():
        if not A_CUBE <= a < A_TAKE_CARD or budget[0] <= 0:
            continue
        s2 = s.clone()
        s2.apply(a)
        if s2.phase in (R.PH_DEL_CUBE, R.PH_DEL_STEP) and s2.current_player() == p:
            _explore(s2, p, budget)


@pytest.mark.parametrize("level, least", [(2, 10), (3, 30), (5, 100)])
def test_every_delivery_of_a_dense_network_is_the_rulebooks(level, least):
    # rulebook: Доставка товара, on a board of five players' links (twelve rounds of random
    # building) and cubes everywhere: every player's every delivery choice, every branch
    from .test_track_building import _builder_policy
    s = GAME.new_state(5, 11)
    rng = random.Random(11)
    for _ in range(MAX_DECISIONS):
        if s.round >= 12 or s.is_terminal():
            break
        a = _builder_policy(s, rng)
        s.apply(A_PASS_TURN if a == A_DELIVER and A_PASS_TURN in s.legal_actions() else a)
    assert len(s.observation(None)["links"]) > 40
    branches = 0
    for p in range(5):
        s2 = to_turn(s.clone(), p)
        s2.own_level()[p] = level  # a clone: its own lists (copy on write)
        s2.own_boost()[p] = 0
        s2._dcache = None
        if A_DELIVER not in s2.legal_actions():
            assert check(s2)
            continue
        assert check(s2)
        s2.apply(A_DELIVER)
        budget = [150]
        if s2.phase in (R.PH_DEL_CUBE, R.PH_DEL_STEP):
            _explore(s2, p, budget)
        branches += 150 - budget[0]
    assert branches >= least


def test_an_upgrade_that_ends_the_round_reaches_further_next_round():
    # rulebook: Модернизация локомотивов and Доставка товара (the level is the number of
    # links a cube may travel): seat 1 upgrades to level 2 as the round's last action, wins
    # the next auction and plays first: a cube two links from its destination is now
    # deliverable (nothing else changed on the board in between)
    s = GAME.new_state(2, 3)
    cs = chain(2, s, 1)
    for x, y in zip(cs, cs[1:]):
        give(s, 1, 40000)
        build_link(s, 1, x, y)
    k = 0
    for x in cs:
        set_cubes(s, x, [0] * 5)
        if s.city_colour[x] == k:
            s.city_colour[x] = R.GRAY
    s.city_colour[cs[2]] = k
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    to_turn(s, 0)
    s.turn = 2  # the round's last turn
    s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
    give(s, 1, 4000 - s.cash[1])
    s.apply(A_PASS_TURN if A_PASS_TURN in s.legal_actions() else A_UPGRADE)
    assert s.current_player() == 1 and A_DELIVER not in s.legal_actions()  # level 1
    s.apply(A_UPGRADE)
    assert s.phase == R.PH_AUCTION and s.observation(None)["players"][1]["locomotive"] == 2
    s.apply(A_PASS_BID)     # seat 0 opens by passing
    s.apply(A_BID)          # seat 1 bids $1,000 and wins
    assert s.current_player() == 1 and s.phase == R.PH_TURN
    assert A_DELIVER in s.legal_actions()
