"""What each seat knows and what a search bot's sampled world (determinize) may change: the
round cards still face down, purse values, other hands and decks, face-down pile cards, the
expert discard piles and the bullets everyone saw laid on a deck. A sampled world keeps
what the seat has seen and changes only what it has not. Positions are built with the
helpers of this package, then played through legal actions; expected values come from the
rulebook (what is face down and what is shown)."""

import random

import pytest

from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, clear_loot, give_loot, legal_json, new, place, put_loot, set_turns,
                      slot, stealin)

SMALL = set(range(7))  # the 2-4 player round cards
STATION = {14, 15, 16}


def worlds(s, seat, k=30):
    return [s.determinize(seat, random.Random(i)) for i in range(k)]


# -- round cards -----------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 2])
def test_round_cards_after_the_first_are_face_down_in_a_sampled_world(seat):
    # rulebook: ПОДГОТОВКА К ИГРЕ (the round cards lie in a face-down pile; each round turns
    # over its own): in round 1 only the first card is known
    s = new(3, seed=5)
    ws = worlds(s, seat)
    for d in ws:
        assert d.rcards[0] == s.rcards[0] and len(set(d.rcards)) == 5
        assert set(d.rcards) <= SMALL
    # the four cards still face down may be any of the six others
    assert set().union(*(d.rcards[1:] for d in ws)) == SMALL - {s.rcards[0]}


def test_with_the_station_card_the_fifth_card_is_a_random_station_card():
    # rulebook: СОБЫТИЯ (advanced set-up: four round cards and a station card under them)
    s = new(3, seed=5, station_cards=True)
    ws = worlds(s, 1)
    for d in ws:
        assert d.rcards[0] == s.rcards[0] and d.rcards[4] in STATION
        assert set(d.rcards[1:4]) <= SMALL - {s.rcards[0]} and len(set(d.rcards)) == 5
    assert {d.rcards[4] for d in ws} == STATION


def test_in_round_four_the_station_card_is_still_face_down_and_in_round_five_shown():
    # rulebook: СОБЫТИЯ (the station card is the fifth round's, turned over when it begins)
    s = new(3, seed=5, station_cards=True)
    for _ in range(3):
        stealin(s, [], event_card=s.rcards[s.round_no])
    assert s.round_no == 3 and s.phase == R.PH_SCHEME
    ws = worlds(s, 0)
    assert all(d.rcards[:4] == s.rcards[:4] for d in ws)
    assert {d.rcards[4] for d in ws} == STATION
    stealin(s, [], event_card=s.rcards[s.round_no])
    assert s.round_no == 4
    assert all(d.rcards == s.rcards for d in worlds(s, 0, 10))


def test_before_the_first_round_every_round_card_is_face_down():
    # rulebook: РАЗМЕЩЕНИЕ БАНДИТОВ comes before the first round card is turned over
    s = GAME.new_state(4, 5)
    assert s.phase == R.PH_DRAFT
    assert s.observation(0)["round_cards"] == [] and s.observation(0)[
        "round_cards_face_down"] == 5
    ws = worlds(s, 0)
    assert len({d.rcards[0] for d in ws}) > 1
    assert all(set(d.rcards) <= SMALL and len(set(d.rcards)) == 5 for d in ws)


def test_two_bandits_while_choosing_a_card_the_rounds_own_card_is_shown():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», НАЧАЛО РАУНДА (the round card is turned over, then each
    # player takes a card from his deck)
    s = GAME.new_state(2, 6, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    assert s.phase == R.PH_CHOOSE
    ws = worlds(s, 1 - s.cur)
    assert all(d.rcards[0] == s.rcards[0] for d in ws)
    assert len({d.rcards[1] for d in ws}) > 1


def test_after_the_game_nothing_is_hidden_any_more():
    # rulebook: КОНЕЦ ИГРЫ (everything is turned over)
    s = new(3, seed=5)
    s.round_no = 4
    stealin(s, [])
    assert s.is_terminal()
    for d in worlds(s, 1, 10):
        assert d.rcards == s.rcards and d.tval == s.tval


# -- purses ----------------------------------------------------------------------------------

def test_a_purse_one_has_taken_keeps_its_value_and_the_others_may_change():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, КРАЖА (the thief looks at his purse; the others do not)
    s = new(3, chars=["doc", "tuco", "django"], seed=5)
    clear_loot(s)
    place(s, "tuco", 2)
    tok = give_loot(s, "tuco", "purse", 500)  # seen by Tuco's seat (1) only
    other = give_loot(s, "doc", "purse", 250)
    s.known[other] = 1 << 0
    ws = worlds(s, 1)
    assert all(d.tval[tok] == 500 for d in ws)
    assert len({d.tval[tok] for d in worlds(s, 2)}) > 1
    assert len({d.tval[other] for d in ws}) > 1


# -- hands, decks and the pile ---------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 2])
def test_ones_own_hand_is_kept_and_ones_own_deck_order_is_not_known(seat):
    # rulebook: ФАЗА 1 (the deck is shuffled face down: even its owner does not know its order)
    s = new(3, seed=5)
    ws = worlds(s, seat)
    assert all(d.hands[seat] == s.hands[seat] for d in ws)
    assert all(sorted(d.decks[seat]) == sorted(s.decks[seat]) for d in ws)
    assert len({tuple(d.decks[seat]) for d in ws}) > 1


def test_other_hands_are_dealt_again_from_their_own_cards():
    # rulebook: ФАЗА 1 (a hand is its owner's secret): seat 0's world of the last seat's hand
    s = new(3, seed=5)
    ws = worlds(s, 0)
    for d in ws:
        assert len(d.hands[2]) == len(s.hands[2])
        assert sorted(d.hands[2] + d.decks[2]) == sorted(s.hands[2] + s.decks[2])
    assert len({tuple(sorted(d.hands[2])) for d in ws}) > 1


def test_the_card_being_carried_out_is_shown_and_later_face_down_cards_are_not():
    # rulebook: ФАЗА 2 (face-down cards are turned over one at a time, as their turn comes):
    # while the last seat's face-down Move waits for its direction it is known to all; the
    # face-down card under it is not
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=1)
    clear_loot(s)
    for name in ("doc", "cheyenne", "django", "tuco"):
        place(s, name, 2)
    stealin(s, [("tuco", "move", True), ("doc", "climb", True), ("cheyenne", "fire")])
    assert s.phase == R.PH_MOVE and s.cur == 3
    assert s.observation(1)["pile"][0]["card"] == {"kind": "move"}
    assert s.observation(1)["pile"][1]["card"] is None
    ws = worlds(s, 1)
    assert all(d.pile[0] & 15 == R.MOVE and d.pile[2] & 15 == R.FIRE for d in ws)
    assert len({d.pile[1] & 15 for d in ws}) > 1
    assert all(d.legal_actions() == s.legal_actions() for d in ws)
    # the face-down card's owner knows it in his own worlds
    assert all(d.pile[1] & 15 == R.CLIMB for d in worlds(s, 0))


def test_two_bandits_a_sampled_partner_card_after_a_fire_follows_the_sampled_hand():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», ОБЩЕЕ ПРАВИЛО (after a Fire, one card of the other
    # bandit may follow): in the other seat's world the question offers what the hand given
    # there holds (and only a Pass if the face-down card drawn there is not a Fire)
    for seed in range(100):
        s = GAME.new_state(2, seed, {"random_bandits": True})
        act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
        act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
        while s.phase == R.PH_CHOOSE:
            s.apply(s.legal_actions()[0])
        if s.ghost_seat == s.cur:
            break
    else:
        raise AssertionError("no deal puts the Ghost first")
    set_turns(s, (R.NORMAL,))
    p = s.cur
    first = R.BANDITS[s.char[2 * p]]
    s.hands[p] = [R.FIRE, 6 + R.FIRE, 6 + R.PUNCH, R.MOVE, R.MARSHAL]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": first, "face_down": True})
    assert s.phase == R.PH_CHAIN
    kinds = set()
    for d in worlds(s, 1 - p, 40):
        c = d.pile[-1] & 15
        kinds.add(c)
        want = [R.PASS]
        if c % 6 == R.FIRE:
            other = 1 - c // 6
            want += sorted({R.PLAY + x for x in d.hands[p] if x < 12 and x // 6 == other
                            and x != R.MARSHAL})
        assert d.legal_actions() == want
    assert len(kinds) > 1


# -- the expert variant: discard piles and bullets on top of the deck ------------------------

def expert_three(seed=5):
    """A 3-player expert game at the start of round 1, Doc, Tuco and Django at seats 0-2."""
    s = new(3, chars=["doc", "tuco", "django"], seed=seed, expert=True)
    clear_loot(s)
    return s


def test_expert_cards_carried_out_lie_face_up_on_the_discard_pile():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (the cards played go to their owner's discard pile, face
    # up: everyone can see them)
    s = expert_three()
    place(s, "tuco", 2)
    place(s, "django", 3)
    place(s, "doc", 1, roof=True)
    stealin(s, [("tuco", "fire"), ("doc", "climb"), ("doc", "climb"), ("tuco", "move")])
    assert s.phase == R.PH_MOVE
    act(s, {"type": "move", "to": 1})
    for seat in (None, 0, 2):
        players = s.observation(seat)["players"]
        assert players[0]["discard_face_up"] == [{"kind": "climb"}, {"kind": "climb"}]
        assert players[1]["discard_face_up"] == [{"kind": "fire"}, {"kind": "move"}]
        assert players[2]["discard_face_up"] == []
    assert s.discards[1] == [R.FIRE, R.MOVE]


def test_expert_a_bullet_seen_drawn_goes_face_up_to_the_discard_pile():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (a bullet received goes face down on top of the deck in
    # view of all; the next draw takes it, and bullets in hand are discarded at the end of
    # phase 1): everyone knows that Django's discard pile holds Tuco's bullet, after the
    # Climb he played
    s = expert_three()
    place(s, "tuco", 2)
    place(s, "django", 3)
    place(s, "doc", 0, roof=True)
    stealin(s, [("tuco", "fire"), ("django", "climb")])
    d = slot(s, "django")
    assert s.round_no == 1 and 13 + slot(s, "tuco") in s.hands[d]
    set_turns(s, (R.NORMAL,))
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"})
    assert s.phase == R.PH_DISCARD
    for seat in (0, 1, 2, None):
        assert s.observation(seat)["players"][d]["discard_face_up"] == [
            {"kind": "climb"}, {"kind": "bullet", "from": "tuco"}]
    assert 13 + slot(s, "tuco") in s.discards[d] and not s.hands[d].count(13 + 1)


def test_expert_a_reshuffled_discard_pile_is_face_down_again():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (an empty deck is replaced by the shuffled discard pile).
    # Builder: the current player's deck is one card and his discard pile, all face up, the
    # rest of his cards (decks, discards, dpub)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.discards[p] = s.decks[p][1:]
    s.dpub[p] = tuple(s.discards[p])
    s.decks[p] = s.decks[p][:1]
    s._legal = s._scheme_legal()
    assert len(s.observation(0)["players"][p]["discard_face_up"]) == len(s.discards[p])
    act(s, {"type": "draw"})
    info = s.observation(0)["players"][p]
    assert info["discard_face_up"] == [] and info["discard"] == 0
    # one card from the deck, then two of the three reshuffled: one left
    assert info["deck"] == 1


def test_expert_a_hidden_discard_is_dealt_again_and_the_face_up_ones_are_kept():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (a player discards hand cards at the end of phase 1,
    # face down; the cards carried out lie face up): in another seat's world the face-up part
    # stays, the rest is any of the seat's unseen cards
    s = expert_three()
    for p in range(3):
        s.decks[p] += [R.NEUTRAL, R.NEUTRAL]  # unseen bullets in every deck
    place(s, "doc", 0, roof=True)
    place(s, "tuco", 2, roof=True)
    place(s, "django", 4)
    stealin(s, [("tuco", "climb"), ("django", "climb")])
    set_turns(s, (R.NORMAL,))
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"})
    assert s.phase == R.PH_DISCARD
    while s.cur != 1:
        act(s, {"type": "pass"})
    gone = s.legal_actions()[-1] - R.DISCARD
    s.apply(R.DISCARD + gone)
    assert s.discards[1][:1] == [R.CLIMB] and s.discards[1][-1] == gone
    seen = set()
    for d in worlds(s, 0, 40):
        assert d.discards[1][:1] == [R.CLIMB] and len(d.discards[1]) == len(s.discards[1])
        assert d.discards[2][:1] == [R.CLIMB]
        seen.add(d.discards[1][-1])
        # after phase 1 an expert hand holds action cards only: its bullets went away
        for q in (1, 2):
            assert all(c < 12 for c in d.hands[q]) and len(d.hands[q]) == len(s.hands[q])
    assert len(seen) > 1


def test_expert_a_sampled_world_offers_the_discarder_his_sampled_hand():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (each player chooses which hand cards to discard): in
    # another seat's world the choices are those of the hand given there
    s = expert_three()
    set_turns(s, (R.NORMAL,))
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"})
    assert s.phase == R.PH_DISCARD
    q = s.cur
    hands = set()
    for d in worlds(s, (q + 1) % 3):
        assert d.legal_actions() == [R.PASS] + [R.DISCARD + c for c in sorted(set(d.hands[q]))]
        hands.add(tuple(sorted(set(d.hands[q]))))
    assert len(hands) > 1


def test_expert_a_neutral_bullet_taken_fleeing_is_known_on_top_of_the_deck():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (a bullet received goes face down on top of the deck in
    # view of all) and ШЕРИФ (a bandit entering his car takes a neutral bullet): seat 0's Doc
    # walks from the caboose into the Marshal's car; next round's draw takes the bullet, and
    # at the end of phase 1 everyone knows it lies in his discard pile, after his Move
    s = expert_three()
    for name in ("doc", "tuco", "django"):
        place(s, name, 1, roof=True)
    place(s, "doc", 3)
    s.marshal = 2
    stealin(s, [("doc", "move")])
    assert s.round_no == 1 and R.NEUTRAL in s.hands[0]
    for d in worlds(s, 1, 10):
        assert R.NEUTRAL in d.hands[0]
    set_turns(s, (R.NORMAL,))
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"})
    for seat in (1, None):
        assert s.observation(seat)["players"][0]["discard_face_up"] == [
            {"kind": "move"}, {"kind": "bullet", "from": None}]


def test_cards_drawn_are_not_known_to_the_other_seats():
    # rulebook: ФАЗА 1 (a player draws three cards from his face-down deck into his hand):
    # nobody else learns which. Builder: seat p's hand and deck set after the deal (hands,
    # decks), the single Punch on top of the deck; after the draw one card is left in the
    # deck, and in another seat's worlds it may be any of his ten, the Punch too
    s = new(3, seed=5)
    p = s.cur
    s.hands[p] = [R.MOVE, R.MOVE, R.CLIMB, R.CLIMB, R.FIRE, R.FIRE]
    s.decks[p] = [R.MARSHAL, R.ROBBERY, R.ROBBERY, R.PUNCH]
    s._legal = s._scheme_legal()
    act(s, {"type": "draw"})
    assert R.PUNCH in s.hands[p] and s.decks[p] == [R.MARSHAL]
    left = [d.decks[p] for d in worlds(s, (p + 1) % 3, 60)]
    assert [R.PUNCH] in left and [R.MARSHAL] in left


SETUPS = {  # seat 0's face-down card, its position (marshal, {bandit: (car, roof)}) and phase
    "move": (0, {"doc": (2, False)}, R.PH_MOVE),
    "fire": (3, {"doc": (2, True), "cheyenne": (0, True), "django": (4, True)}, R.PH_FIRE),
    "punch": (0, {"doc": (2, False), "cheyenne": (2, False)}, R.PH_PUNCH_DIR),
    "marshal": (2, {}, R.PH_MARSHAL),
    "robbery": (0, {"doc": (2, False)}, R.PH_ROB),
}


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_a_face_down_card_waiting_for_its_choice_is_known_in_every_world(kind):
    # rulebook: ФАЗА 2 (a face-down card is turned over when its turn comes): while seat 0's
    # card waits for its choice, every seat knows it; the last seat's face-down card after it
    # is still unknown to the others
    marshal, where_, phase = SETUPS[kind]
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=1)
    clear_loot(s)
    for name in ("doc", "cheyenne", "django", "tuco"):
        place(s, name, 4)
    s.marshal = marshal
    for name, (car, roof) in where_.items():
        place(s, name, car, roof)
    if kind == "robbery":
        put_loot(s, 2, False, "purse", 300)
        put_loot(s, 2, False, "jewel")
    stealin(s, [("doc", kind, True), ("tuco", "climb", True)])
    assert s.phase == phase and s.current_player() == 0
    ws = worlds(s, 1)
    assert all(d.pile[0] & 15 == R.KINDS.index(kind) for d in ws)
    assert len({d.pile[1] & 15 for d in ws}) > 1


def test_expert_ones_own_known_bullets_stay_on_top_of_ones_own_deck():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (bullets received go face down on top of the deck, in
    # view of all): their owner knows them there too; the rest of his deck is in any order.
    # Builder: two bullets on top of seat p's deck (decks) that all saw laid there (dknown)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.decks[p] += [R.NEUTRAL, 13 + (p + 1) % 3]
    s.dknown[p] = 2
    ws = worlds(s, p)
    for d in ws:
        assert d.decks[p][-2:] == [R.NEUTRAL, 13 + (p + 1) % 3]
    assert len({tuple(d.decks[p]) for d in ws}) > 1
