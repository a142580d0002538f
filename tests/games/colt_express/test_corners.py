"""Corners reached rarely in play, each from both ends: seat 0 and the last seat, the
locomotive and the caboose, both directions along the train, both bandits of a team; Belle's
protection and the pickpocketing queue in every arrangement. Positions are built with the
helpers of this package, then played through legal actions; expected values are the
rulebook's."""

import pytest

from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, clear_loot, give_loot, held, legal_json, new, place, put_loot, set_turns,
                      slot, stealin, where)

CH = ["doc", "cheyenne", "django", "tuco"]
BELLE_FIRST = ["belle", "cheyenne", "doc", "tuco"]   # Belle at seat 0
BELLE_LAST = ["doc", "cheyenne", "tuco", "belle"]    # Belle at the last seat


def on_car(chars=CH, car=4, n=4, seed=1, **opts):
    """A game at the start of round 1 with these bandits (seat order), no loot anywhere and
    every bandit inside car `car`. Sets: char/slot (new), tloc (clear_loot), pos (place)."""
    s = new(n, chars=chars, seed=seed, **opts)
    clear_loot(s)
    for name in chars:
        place(s, name, car)
    return s


# -- Belle -------------------------------------------------------------------------------------

@pytest.mark.parametrize("chars", [BELLE_FIRST, BELLE_LAST])
@pytest.mark.parametrize("belle_car, tuco_car", [(0, 4), (4, 0)])
def test_belle_is_spared_on_the_roofs_when_the_other_direction_has_a_target(
        chars, belle_car, tuco_car):
    # rulebook: БАНДИТЫ, Красотка (not a target of a shot while someone else can be hit) and
    # ВЫСТРЕЛ, 2 (on the roofs, the nearest bandit in each direction); toward the locomotive
    # and toward the caboose, Belle at seat 0 and at the last seat
    s = on_car(chars, car=1)
    place(s, "doc", 2, roof=True)
    place(s, "belle", belle_car, roof=True)
    place(s, "tuco", tuco_car, roof=True)
    stealin(s, [("doc", "fire")])
    assert s.recv[slot(s, "tuco")] == 1 and s.recv[slot(s, "belle")] == 0
    assert s.cyl[slot(s, "doc")] == 5


@pytest.mark.parametrize("chars", [BELLE_FIRST, BELLE_LAST])
def test_belle_above_tuco_is_spared_when_the_next_car_has_a_target(chars):
    # rulebook: БАНДИТЫ, Туко (he may shoot up through the roof of his car) and Красотка
    s = on_car(chars, car=4)
    place(s, "tuco", 2)
    place(s, "belle", 2, roof=True)
    place(s, "cheyenne", 1)
    stealin(s, [("tuco", "fire")])
    assert s.recv[slot(s, "cheyenne")] == 1 and s.recv[slot(s, "belle")] == 0


@pytest.mark.parametrize("chars", [BELLE_FIRST, BELLE_LAST])
def test_a_punch_with_belle_and_two_others_asks_between_the_two_others(chars):
    # rulebook: БАНДИТЫ, Красотка (not a punch target while another can be punched)
    s = on_car(chars, car=2)
    place(s, "doc", 4)
    stealin(s, [("tuco", "punch")])  # Belle and Cheyenne: Cheyenne without a question
    assert s.phase == R.PH_PUNCH_DIR
    assert s.observation(0)["pending"] == {"bandit": "tuco", "target": "cheyenne"}
    s = on_car(chars, car=2)
    stealin(s, [("tuco", "punch")])
    assert legal_json(s) == [{"type": "punch", "target": "cheyenne"},
                             {"type": "punch", "target": "doc"}]


@pytest.mark.parametrize("chars", [BELLE_FIRST, BELLE_LAST])
def test_belle_alone_in_the_next_car_is_shot(chars):
    # rulebook: БАНДИТЫ, Красотка (if she is the only possible target, she can be hit)
    s = on_car(chars, car=4)
    place(s, "doc", 2)
    place(s, "belle", 1)
    stealin(s, [("doc", "fire")])
    assert s.recv[slot(s, "belle")] == 1


# -- the pickpocketing queue ------------------------------------------------------------------

def test_two_bandits_each_lonely_bandit_of_a_team_may_pickpocket_in_turn_order():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража, with ВАРИАНТ «ДВА БАНДИТА»:
    # each bandit alone at his spot may take a purse there, in turn order from the first
    # player (seat 1 here): the last seat's two bandits, then seat 0's second bandit.
    # Builder: sets round_no, first0/first, pos and the purses (put_loot)
    s = new(3, seed=3, two_bandits=True)
    clear_loot(s)
    name = [R.BANDITS[c] for c in s.char]  # bandit slot -> name
    for b in range(6):
        place(s, name[b], 4)
    s.round_no = 3
    s.first, s.first0 = 1, 1
    place(s, name[1], 1)
    place(s, name[4], 2)
    place(s, name[5], 3, roof=True)
    p1 = put_loot(s, 1, False, "purse", 300)
    p4 = put_loot(s, 2, False, "purse", 350)
    put_loot(s, 2, True, "purse", 500)  # on the roof above: not at his spot
    p5 = put_loot(s, 3, True, "purse", 400)
    stealin(s, [], event_card=14)
    order = []
    for _ in range(3):
        assert s.phase == R.PH_PICKPOCKET
        order.append((s.current_player(), legal_json(s)))
        b = s.ctx_b
        act(s, legal_json(s)[-1])
        assert held(s, name[b])[0] == [{1: 300, 4: 350, 5: 400}[b]]
    assert order == [
        (2, [{"type": "pass"}, {"type": "loot", "kind": "purse", "purse": p4}]),
        (2, [{"type": "pass"}, {"type": "loot", "kind": "purse", "purse": p5}]),
        (0, [{"type": "pass"}, {"type": "loot", "kind": "purse", "purse": p1}])]
    assert s.phase == R.PH_CHOOSE and s.round_no == 4
    # a purse taken is seen by its taker's seat only
    for seat, tok, value in ((2, p5, 400), (0, p1, 300)):
        for viewer in range(3):
            vals = [x["value"] for b in s.observation(viewer)["bandits"] for x in b["purses"]
                    if x["id"] == tok]
            assert vals == [value if viewer == seat else None]


def test_a_lonely_bandit_without_a_purse_at_his_spot_is_not_asked():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража (a purse, not a jewel; from the
    # spot where he stands): a jewel, or a purse on the other level, gives no question
    s = on_car()
    s.round_no = 4
    place(s, "doc", 1)
    put_loot(s, 1, False, "jewel")
    place(s, "tuco", 2, roof=True)
    put_loot(s, 2, False, "purse", 300)
    put_loot(s, 4, False, "purse", 300)  # three share car 4
    stealin(s, [], event_card=14)
    assert s.is_terminal()


@pytest.mark.parametrize("first, order", [(3, [3, 0]), (0, [0, 3]), (2, [3, 0])])
def test_pickpocketing_at_the_locomotive_and_the_caboose_offers_every_purse_there(first, order):
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража: seat 0 alone inside the
    # locomotive with two purses, the last seat alone on the caboose roof with one
    s = on_car(car=2)
    s.marshal = 3
    s.round_no = 4
    s.first = first
    place(s, "doc", 0)
    place(s, "tuco", 4, roof=True)
    loco = [put_loot(s, 0, False, "purse", 300), put_loot(s, 0, False, "purse", 450)]
    roof = put_loot(s, 4, True, "purse", 350)
    put_loot(s, 2, False, "purse", 500)
    stealin(s, [], event_card=14)
    offers = {0: [{"type": "pass"}] + [{"type": "loot", "kind": "purse", "purse": t}
                                         for t in loco],
              3: [{"type": "pass"}, {"type": "loot", "kind": "purse", "purse": roof}]}
    for seat in order:
        assert s.current_player() == seat and legal_json(s) == offers[seat]
        act(s, offers[seat][-1])
    assert s.is_terminal()
    assert [d["loot"] for d in s.result().details] == [450, 0, 0, 350]


# -- Stealin' ---------------------------------------------------------------------------------

SETUPS = {  # doc's card, its position (marshal, {bandit: (car, roof)}) and the choice made
    "move": (0, {"doc": (2, False)}, {"type": "move", "to": 1}),
    "fire": (3, {"doc": (2, True), "cheyenne": (0, True), "django": (4, True)},
             {"type": "fire", "target": "cheyenne"}),
    "punch": (0, {"doc": (2, False), "cheyenne": (2, False)}, {"type": "punch_to", "to": 3}),
    "marshal": (2, {}, {"type": "marshal", "to": 3}),
    "robbery": (0, {"doc": (2, False)}, {"type": "loot", "kind": "jewel"}),
}


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_after_a_card_that_asks_a_question_the_next_card_is_carried_out(kind):
    # rulebook: ФАЗА 2 «ОГРАБЛЕНИЕ» (every card of the pile is carried out, one after another):
    # a card of seat 0 whose effect needs a choice, then two Climbs of the last seat
    marshal, where_, choice = SETUPS[kind]
    s = on_car(car=4)
    s.marshal = marshal
    for name, (car, roof) in where_.items():
        place(s, name, car, roof)
    if kind == "robbery":
        put_loot(s, 2, False, "purse", 300)
        put_loot(s, 2, False, "jewel")
    stealin(s, [("doc", kind), ("tuco", "climb"), ("tuco", "climb")])
    assert s.current_player() == 0 and choice in legal_json(s)
    act(s, choice)
    # Tuco climbed up, then down again: both cards carried out, in order
    assert s.round_no == 1 and s.recv[3] == 0
    up_down = [e["roof"] for e in s.events if e["type"] == "climb" and e["bandit"] == "tuco"]
    assert up_down == [True, False]


# -- the ends of the train ----------------------------------------------------------------------

@pytest.mark.parametrize("django, target, pushed_to", [
    ((3, True), (0, True), 0),     # toward the locomotive, on the roofs: no car beyond
    ((1, False), (0, False), 0),   # into the locomotive from the next car: no car beyond
    ((0, False), (1, False), 2),   # from the locomotive: pushed on toward the caboose
    ((4, True), (2, True), 1),     # from the caboose roof toward the locomotive
    ((0, True), (3, True), 4),     # to the caboose roof
    ((3, True), (1, True), 0),     # to the locomotive roof
    ((2, False), (1, False), 0),   # into the locomotive
])
def test_djangos_push_toward_either_end(django, target, pushed_to):
    # rulebook: БАНДИТЫ, Джанго (one car further along the shot; none past the end)
    s = on_car(car=4)  # Doc and Cheyenne inside the caboose: out of every line of fire
    s.marshal = 3
    place(s, "django", *django)
    place(s, "tuco", *target)
    stealin(s, [("django", "fire")])
    assert s.recv[slot(s, "tuco")] == 1
    assert where(s, "tuco") == (pushed_to, target[1])


@pytest.mark.parametrize("car, dests", [(0, [1, 2, 3]), (1, [0, 2, 3, 4]),
                                        (3, [0, 1, 2, 4, 5, 6]), (5, [2, 3, 4, 6]),
                                        (6, [3, 4, 5])])
def test_six_players_a_roof_move_reaches_one_to_three_cars_within_the_train(car, dests):
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ДВИЖЕНИЕ (on the roof: one, two or three cars either way);
    # six players: the locomotive and six cars
    chars = ["belle", "cheyenne", "django", "doc", "ghost", "tuco"]
    s = on_car(chars, car=2, n=6)
    s.marshal = 4
    place(s, "ghost", car, roof=True)
    stealin(s, [("ghost", "move")])
    assert legal_json(s) == [{"type": "move", "to": x} for x in dests]
    act(s, {"type": "move", "to": dests[-1]})
    assert where(s, "ghost") == (dests[-1], True)


@pytest.mark.parametrize("car, nearest", [(0, "cheyenne"), (4, "django")])
def test_a_shot_from_a_roof_at_the_end_goes_the_only_way_to_the_nearest(car, nearest):
    # rulebook: ВЫСТРЕЛ, 2 (on the roofs: the nearest bandit along the line)
    s = on_car(car=4)
    s.marshal = 2
    place(s, "doc", car, roof=True)
    place(s, "cheyenne", 2, roof=True)
    place(s, "django", 3, roof=True)
    place(s, "tuco", 1)
    stealin(s, [("doc", "fire")])
    assert [slot(s, nearest)] == [p for p in range(4) if s.recv[p]]


@pytest.mark.parametrize("sub", [0, 1])
def test_two_bandits_each_card_moves_its_own_bandit(sub):
    # rulebook: ВАРИАНТ «ДВА БАНДИТА» (each card of the team belongs to one of its two bandits,
    # and moves that one): a Move and a Climb of the first bandit, then of the second
    s = new(2, seed=3)
    clear_loot(s)
    name = [R.BANDITS[c] for c in s.char]
    for b in range(4):
        place(s, name[b], 2)
    s.marshal = 0
    mine, other = name[sub], name[1 - sub]
    place(s, mine, 3)  # the caboose: the only way is forward
    stealin(s, [(mine, "move"), (mine, "climb")])
    assert where(s, mine) == (2, True) and where(s, other) == (2, False)


def test_cheyenne_punching_out_a_jewel_has_no_purse_to_keep():
    # rulebook: БАНДИТЫ, Шайенн (she may keep a purse, and only a purse): the first jewel
    s = on_car(car=4)
    place(s, "cheyenne", 2)
    place(s, "doc", 2)
    j = give_loot(s, "doc", "jewel")
    assert j == R.JEWEL0
    stealin(s, [("cheyenne", "punch")])
    assert s.phase == R.PH_PUNCH_DIR and s.tloc[j] == 2 * 2


def test_expert_the_decks_are_shuffled_before_the_first_hand():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ and ПОДГОТОВКА К ИГРЕ (each player shuffles his cards):
    # over many games every kind of card comes in a first hand, Move and Climb included
    hands = set()
    kinds = set()
    for seed in range(40):
        s = GAME.new_state(3, seed, {"expert": True, "random_bandits": True})
        hands.add(tuple(sorted(s.hands[0])))
        kinds.update(s.hands[0])
    assert kinds == set(range(6)) and len(hands) > 5


# -- Schemin' ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 4, 5])
def test_two_bandits_three_players_choose_their_card_in_turn_order(seed):
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», НАЧАЛО РАУНДА (each player in turn, from the first
    # player, takes one card of his choice)
    s = GAME.new_state(3, seed, {"two_bandits": True, "random_bandits": True})
    for p in range(3):
        act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.phase == R.PH_CHOOSE
    asked = []
    while s.phase == R.PH_CHOOSE:
        asked.append(s.current_player())
        s.apply(s.legal_actions()[0])
    f = s.first
    assert asked == [f, (f + 1) % 3, (f + 2) % 3]


def test_two_bandits_a_fire_on_a_speed_up_turn_asks_for_no_partner_card():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», ОБЩЕЕ ПРАВИЛО (a partner card may follow a Fire only
    # on a standard turn): on a speed-up turn the second play follows instead
    s = GAME.new_state(2, 2, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    while s.phase == R.PH_CHOOSE:
        s.apply(s.legal_actions()[0])
    set_turns(s, (R.SPEED,))
    p = s.cur
    s.hands[p] = [R.FIRE, 6 + R.FIRE, 6 + R.PUNCH]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.phase == R.PH_SCHEME and s.cur == p and s.step == 1
    assert s.observation(p)["speed_up_second_play"] is True


def test_the_ghost_on_a_tunnel_first_turn_has_no_separate_face_down_play():
    # rulebook: БАНДИТЫ, Призрак and КАРТЫ РАУНДОВ, Туннель (in a tunnel every card is face
    # down anyway: one way to play each card)
    s = new(4, chars=["cheyenne", "django", "tuco", "ghost"], seed=9)
    set_turns(s, (R.TUNNEL, R.NORMAL))
    while s.cur != 3:
        act(s, {"type": "draw"})
    assert not [d for d in legal_json(s) if d.get("face_down")]
    assert all(a < R.PLAY_DOWN for a in s.legal_actions())


def test_with_an_empty_deck_a_player_must_play():
    # rulebook: ФАЗА 1 (draw three cards from the deck: with no deck left there is nothing to
    # draw). Builder: the current player's deck emptied (decks)
    s = new(3, seed=5)
    p = s.cur
    s.decks[p] = []
    s._legal = s._scheme_legal()
    assert {"type": "draw"} not in legal_json(s) and legal_json(s)


def test_expert_with_an_empty_deck_a_player_may_draw_from_the_reshuffled_discards():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (the discard pile is reshuffled into a new deck).
    # Builder: the current player's deck moved to his discard pile (decks, discards)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.discards[p], s.decks[p] = s.decks[p], []
    s._legal = s._scheme_legal()
    assert legal_json(s)[0] == {"type": "draw"}
    n = len(s.hands[p])
    act(s, {"type": "draw"})
    assert len(s.hands[p]) == n + 3 and len(s.discards[p]) == 0


def test_expert_with_no_card_in_the_deck_nor_the_discards_there_is_nothing_to_draw():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (the deck, once empty, is rebuilt from the discard pile):
    # with both empty a draw is no choice. Builder: all ten cards of the current player in
    # his hand (hands, decks)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.hands[p] += s.decks[p]
    s.decks[p] = []
    s._legal = s._scheme_legal()
    assert {"type": "draw"} not in legal_json(s)
    assert len(legal_json(s)) == 6  # one play per kind of card


def test_expert_a_player_with_an_empty_hand_is_not_asked_what_to_discard():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (at the end of phase 1 each player may discard hand
    # cards): a seat with no card left has nothing to decide. Builder: seat (first + 1)'s
    # hand moved to his deck (hands, decks)
    s = new(4, seed=5, expert=True)
    set_turns(s, (R.NORMAL,))
    q = (s.first + 1) % 4
    s.decks[q] += s.hands[q]
    s.hands[q] = []
    s._legal = s._scheme_legal()
    while s.phase == R.PH_SCHEME:
        last = s.cur == q
        act(s, {"type": "draw"})
        if last:  # the cards drawn go back: seat q ends Schemin' empty-handed
            s.decks[q] += s.hands[q]
            s.hands[q] = []
    asked, f = [], s.first
    while s.phase == R.PH_DISCARD:
        asked.append(s.cur)
        act(s, {"type": "pass"})
    assert asked == [f, (f + 2) % 4, (f + 3) % 4]


def test_the_round_is_none_during_the_draft_and_five_at_the_end():
    # rulebook: ХОД ИГРЫ (five rounds); ВАРИАНТ «ДВА БАНДИТА» (the card chosen at the start of
    # round 1 is part of round 1)
    s = GAME.new_state(4, 5)
    assert s.observation(0)["round"] is None
    s = GAME.new_state(2, 6, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    assert s.observation(0)["round"] is None
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    assert s.phase == R.PH_CHOOSE and s.observation(0)["round"] == 1
    s = new(4, seed=5)
    s.round_no = 4
    stealin(s, [])
    assert s.is_terminal() and s.observation(0)["round"] == 5


# -- the expert deck -----------------------------------------------------------------------------

@pytest.mark.parametrize("keep", [0, 3])
def test_expert_a_hand_kept_full_draws_nothing_at_the_next_round(keep):
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (at the start of a round each player draws up to six
    # cards, Doc seven; a hand kept larger is not cut): a player who only drew in phase 1
    # and kept his hand at six (or kept three more) starts the next round with the same hand
    # and deck
    s = new(3, chars=["doc", "tuco", "django"], seed=5, expert=True)
    set_turns(s, (R.NORMAL,))
    q = (s.first + 1) % 3
    size = 6 + (q == 0)
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"} if s.cur == q else legal_json(s)[1])
    while s.phase == R.PH_DISCARD:
        if s.cur == q and len(s.hands[q]) > size + keep:
            s.apply(s.legal_actions()[1])
        else:
            act(s, {"type": "pass"})
    hand, deck = sorted(s.hands[q]), len(s.decks[q])
    assert len(hand) == size + keep
    while s.phase != R.PH_SCHEME:
        act(s, legal_json(s)[0])
    assert s.round_no == 1
    assert sorted(s.hands[q]) == hand and len(s.decks[q]) == deck


def test_expert_a_draw_of_the_last_three_cards_leaves_the_discard_pile_alone():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (the discard pile is shuffled into a new deck only when
    # the deck runs out): three cards left, three drawn. Builder: the current player's deck
    # cut to three cards, the rest in his discard pile (decks, discards)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.discards[p] = s.decks[p][:-3]
    s.decks[p] = s.decks[p][-3:]
    s._legal = s._scheme_legal()
    n = len(s.discards[p])
    act(s, {"type": "draw"})
    assert s.decks[p] == [] and len(s.discards[p]) == n
    assert not [e for e in s.events if e["type"] == "reshuffle"]


@pytest.mark.parametrize("n", [3, 6])
def test_every_seat_and_a_spectator_see_the_starting_purses(n):
    # rulebook: ПОДГОТОВКА К ИГРЕ (each bandit starts with a $250 purse, shown to all)
    s = GAME.new_state(n, 5, {"random_bandits": True})
    for seat in (0, n - 1, None):
        bandits = s.observation(seat)["bandits"]
        assert [[x["value"] for x in b["purses"]] for b in bandits] == [[250]] * n
