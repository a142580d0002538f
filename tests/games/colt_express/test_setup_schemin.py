"""Set-up and Schemin' (phase 1) rules."""

from collections import Counter

import pytest

from railtable.engine import IllegalAction, OptionsError
from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import act, legal_json, new, set_turns, slot


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_train_and_loot(n):
    # rulebook: Подготовка к игре (locomotive + one car per player; loot printed on each car)
    s = new(n, seed=n)
    assert s.W == n and len(s.wagons) == n and len(set(s.wagons)) == n
    for car, w in enumerate(s.wagons, start=1):
        purses, jewels = GAME.wagon_loot[w]
        assert sum(1 for i in range(R.JEWEL0) if s.tloc[i] == car * 2) == purses
        assert s.tloc[R.JEWEL0:R.BOX0].count(car * 2) == jewels
    # rulebook: Подготовка к игре (Marshal and a strongbox in the locomotive, the second aside)
    assert s.marshal == 0 and s.tloc[R.BOX0] == 0 and s.tloc[R.BOX0 + 1] == R.WAIT
    assert s.neutral == 13
    # rulebook: Подготовка к игре (each bandit starts with a $250 purse, 6 bullets)
    for b in range(n):
        mine = [i for i in range(R.JEWEL0) if s.tloc[i] == R.HELD + b]
        assert [s.tval[i] for i in mine] == [250]
        assert s.cyl[b] == 6
    assert sorted(s.tval) == sorted(GAME.purse_values)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_starting_cars_odd_even(n):
    # rulebook: РАЗМЕЩЕНИЕ БАНДИТОВ (odd-numbered players in the last car, even in the one before)
    s = new(n, seed=7 * n)
    for p in range(n):
        number = (p - s.first) % n + 1
        assert s.pos[p] == (s.W if number % 2 else s.W - 1) * 2


@pytest.mark.parametrize("n,pool", [(3, range(7)), (4, range(7)), (5, range(7, 14)),
                                    (6, range(7, 14))])
def test_round_cards(n, pool):
    # rulebook: Количество игроков (5 of the 7 round cards for the player count)
    for seed in range(20):
        s = new(n, seed=seed)
        assert len(s.rcards) == 5 and len(set(s.rcards)) == 5
        assert all(c in pool for c in s.rcards)
        # rulebook: СОБЫТИЯ (advanced set-up: 4 round cards + a station card at the bottom)
        t = new(n, seed=seed, station_cards=True)
        assert all(c in pool for c in t.rcards[:4]) and t.rcards[4] in (14, 15, 16)


def test_cards_and_hand_size():
    # rulebook: ЦЕЛЬ ИГРЫ (10 action cards) and ФАЗА 1 (draw 6); БАНДИТЫ, Док (7)
    s = new(4, chars=["belle", "doc", "tuco", "django"], seed=3)
    s2 = new(4, seed=3)  # the same seed before the characters were overridden
    for p in range(4):
        cards = Counter(s.hands[p] + s.decks[p])
        assert cards == Counter({0: 2, 1: 2, 2: 2, 3: 1, 4: 2, 5: 1})
    assert all(len(s2.hands[p]) == 6 + (s2.char[p] == R.DOC) for p in range(4))


def test_draft_then_first_player():
    # rulebook: РАЗМЕЩЕНИЕ БАНДИТОВ (players choose bandits; a random one becomes first player)
    s = GAME.new_state(6, 5)
    assert legal_json(s)[0] == {"type": "choose_bandit", "bandit": "belle"}
    for name in ("tuco", "belle", "doc", "ghost", "django"):
        act(s, {"type": "choose_bandit", "bandit": name})
    # the last player's only choice is made automatically
    assert s.phase == R.PH_SCHEME
    assert [R.BANDITS[c] for c in s.char] == ["tuco", "belle", "doc", "ghost", "django",
                                              "cheyenne"]
    assert len(s.hands[2]) == 7  # Doc
    with pytest.raises(IllegalAction):
        GAME.action_from_json(s, {"type": "choose_bandit", "bandit": "zorro"})


def test_play_or_draw_and_turn_order():
    # rulebook: ФАЗА 1: ПЛАНИРОВАНИЕ (play one card face up, or draw 3; clockwise from the first)
    s = new(4, seed=11)
    set_turns(s, GAME.card_turns[2])  # Braking card: four normal turns
    first = s.first
    assert s.current_player() == first
    before = len(s.hands[first])
    act(s, {"type": "draw"})
    assert len(s.hands[first]) == before + 3
    assert s.current_player() == (first + 1) % 4
    p = s.current_player()
    kind = R.KINDS[s.hands[p][0] % 6]
    act(s, {"type": "play", "card": kind})
    assert s.pile[-1] >> 5 == p and not s.pile[-1] & 16


def test_unplayed_cards_return_to_deck():
    # rulebook: ФАЗА 1 (unplayed hand cards go back on top of the deck at the end)
    s = new(3, seed=2)
    set_turns(s, (R.NORMAL,))
    mover = next(p for p in range(3) if s.pos[p] == (s.W - 1) * 2)
    for _ in range(3):
        if s.cur == mover:
            act(s, {"type": "play", "card": "move"})
        else:
            act(s, {"type": "draw"})
    # Stealin' waits for the mover's choice of direction
    assert s.phase == R.PH_MOVE and s.cur == mover
    assert all(h == [] for h in s.hands)
    for p in range(3):
        assert len(s.decks[p]) == (9 if p == mover else 10)


def test_options_validation():
    with pytest.raises(OptionsError):
        GAME.new_state(4, 0, {"two_bandits": True})
    with pytest.raises(OptionsError):
        GAME.new_state(2, 0, {"expert": True})
    with pytest.raises(OptionsError):
        GAME.new_state(7, 0)
    with pytest.raises(OptionsError):
        GAME.new_state(4, 0, {"nonsense": 1})


def test_doc_seat_has_seven():
    s = new(3, seed=4)
    for p in range(3):
        assert len(s.hands[p]) == (7 if s.char[p] == R.DOC else 6)
    assert slot(s, R.BANDITS[s.char[0]]) == 0


def test_options_schema_has_labels_and_defaults():
    schema = GAME.options_schema()["properties"]
    assert set(schema) == {"station_cards", "expert", "two_bandits", "tuco_both_ways",
                           "random_bandits", "basic"}
    for prop in schema.values():
        assert prop["type"] == "boolean" and prop["default"] is False
        assert prop["title"]["ru"] and prop["title"]["en"]
    o = GAME.parse_options({"station_cards": True})
    assert o.station_cards and not o.expert
    with pytest.raises(OptionsError):
        GAME.parse_options({"expert": "yes"})
