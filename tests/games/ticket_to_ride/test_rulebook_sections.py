"""Rule tests named after the rulebook's sections (and the reference notes), for cases the
other files leave open (found by mutation testing, docs/developing.md). Positions come from
helpers.py, then are played through legal actions."""

import random

import pytest

from railtable.engine import IllegalAction
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import (ALL_LOCO, CANCEL, CLAIM_BASE, DRAW_TICKETS,
                                                     GRAY, LOCO, PASS, PAY_BASE, TAKE_BLIND)
from railtable.games.ticket_to_ride.rules import OVER, PAY, SECOND, TURN

from .helpers import hand, position

L_ = LOCO


def no_route_of_length_one():
    """Every route of length 1 already claimed (by seat 1), so one locomotive buys nothing."""
    return {1: tuple(r for r in range(GAME.num_routes) if GAME.route_length[r] == 1)}


def test_taking_a_face_up_locomotive_breaks_a_chain_of_passes():
    # NOTES 5 (a player may pass only when no action is possible; a full round of passes
    # ends the game) and «Карты Вагонов» (a face-up locomotive is the whole turn's draw)
    s = position(2, hands=[hand(), hand()], face_up=[LOCO, -1, -1, -1, -1], deck=[],
                 discard=[0] * 9, pile=[], claimed=no_route_of_length_one())
    assert s.legal_actions() == [0]    # seat 0: the locomotive, nothing else
    s.apply(0)
    assert s.cur == 1 and s.legal_actions() == [PASS]
    s.apply(PASS)                      # seat 1: the first pass since the draw
    assert s.phase == TURN and s.cur == 0 and s.legal_actions() == [PASS]
    s.apply(PASS)                      # seat 0: the round of passes is full
    assert s.phase == OVER and s.result().reason == "no_moves"


@pytest.mark.parametrize("bad", [{"type": "zebra", "slot": 0}, {"type": "take_face_upx", "slot": 0},
                                 {"type": "z"}, {"type": "aardvark", "route": 0},
                                 {"type": "b", "route": 1}])
def test_an_unknown_action_type_is_refused(bad):
    # the engine contract (docs/developing.md): client input is validated, a bad one refused
    s = position(2, hands=[hand(red=2), hand()])
    with pytest.raises(IllegalAction):
        GAME.action_from_json(s, bad)


def test_every_action_offered_is_within_the_action_space():
    # the engine contract (docs/developing.md): actions are the integers 0..num_actions-1,
    # and an integer past them has no JSON form
    for seed in range(3):
        s = GAME.new_state(2, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert 0 <= min(legal) and max(legal) < GAME.num_actions
            for a in legal:
                assert GAME.action_from_json(s, GAME.action_to_json(s, a)) == a
            s.apply(rng.choice(legal))
    for past in (GAME.num_actions, GAME.num_actions + 7):
        with pytest.raises(IllegalAction):
            GAME.action_to_json(s, past)


@pytest.mark.parametrize("slot", [0, 4])
def test_the_card_that_replaces_a_taken_face_up_card_is_shown_to_all(slot):
    # rulebook: «Карты Вагонов» (a face-up card taken is replaced at once by the top card of
    # the deck, face up): the log shows which card, in the first and the last slot
    from .helpers import BLUE, RED
    s = position(2, hands=[hand(), hand()], face_up=[RED] * 5, deck=[BLUE, RED])
    s.apply(slot)
    shown = [e for e in s.events if e["type"] == "face_up"]
    assert shown == [{"type": "face_up", "slot": slot, "card": GAME.kinds[RED],
                      "reveal": True, "to": None}]
    assert s.observation(1)["face_up"][slot] == GAME.kinds[RED]


def test_an_empty_deck_is_rebuilt_from_the_discards_and_announced():
    # rulebook: «Карты Вагонов» (when the deck runs out, the discard pile is shuffled into a
    # new deck)
    from .helpers import RED
    s = position(2, hands=[hand(), hand()], face_up=[RED] * 5, deck=[],
                 discard=[0, 0, 0, 3, 0, 0, 0, 0, 0])
    s.apply(TAKE_BLIND)  # the blind draw: the deck is empty, the three discards become the deck
    assert {"type": "reshuffle", "cards": 3, "to": None} in s.events
    assert sum(s.hands[0]) == 1 and len(s.deck) == 2 and sum(s.discard) == 0


# ------------------------------------------------ found by mutation testing, seed 40

def test_taking_a_face_up_card_is_announced_and_the_turn_reports_only_its_own_events():
    # rulebook: «Карты Вагонов» (a face-up card is taken in view of everyone); each action's
    # events are that action's only
    s = position(2, hands=[hand(), hand()], face_up=[0, 1, 2, 3, 4], deck=[5] * 10,
                 discard=[0] * 9)
    s.apply(TAKE_BLIND)  # seat 0's first card: blind
    s.apply(0)           # then the red card in slot 0
    assert {"type": "take_face_up", "player": 0, "slot": 0, "card": "red",
            "to": None} in s.events
    assert not [e for e in s.events if e["type"] == "take_blind"]


def test_drawing_tickets_reports_only_its_own_events():
    # rulebook: «Карты Маршрутов» (three tickets drawn from the top of the pile)
    s = position(2, hands=[hand(), hand()], face_up=[0, 1, 2, 3, 4], deck=[5] * 10,
                 discard=[0] * 9)
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)  # seat 0 ends its turn with two blind cards
    s.apply(DRAW_TICKETS)  # seat 1
    assert s.events and {e["type"] for e in s.events} == {"draw_tickets"}
    assert {e["player"] for e in s.events} == {1}


def test_a_pass_is_announced_and_reports_only_itself():
    # NOTES 5 (a player with no possible action passes)
    s = position(2, hands=[hand(), hand()], face_up=[LOCO, -1, -1, -1, -1], deck=[],
                 discard=[0] * 9, pile=[], claimed=no_route_of_length_one())
    s.apply(0)     # seat 0 takes the locomotive
    s.apply(PASS)  # seat 1 has nothing to do
    assert [(e["type"], e["player"]) for e in s.events] == [("pass", 1)]


def test_a_player_without_track_has_a_longest_path_of_zero():
    # rulebook: «Подсчет очков» (the longest continuous path, counted in train spaces: a
    # player with no track has none); NOTES 5 (a full round of passes ends the game)
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[], tickets=[(), ()])
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == OVER
    res = s.result()
    assert [d["longest_path"] for d in res.details] == [0, 0]
    assert [d["longest_path_bonus"] for d in res.details] == [False, False]


def test_a_determinized_world_deals_the_other_hands_unseen_cards_again():
    # rulebook: «Карты Вагонов» (cards drawn blind are seen by their owner only): another
    # seat's blind cards are dealt again from what seat 0 cannot see; the card counts stay
    s = position(2, hands=[hand(red=2), hand(blue=3, green=1)], face_up=[0, 1, 2, 3, 4],
                 deck=[6] * 8 + [7] * 8)
    hands = set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert d.hands[0] == s.hands[0] and sum(d.hands[1]) == 4
        assert len(d.deck) == len(s.deck) and sorted(d.deck + [c for c in range(9)
                                                                for _ in range(d.hands[1][c])]) \
            == sorted(s.deck + [c for c in range(9) for _ in range(s.hands[1][c])])
        hands.add(tuple(d.hands[1]))
    assert len(hands) > 1


@pytest.mark.parametrize("city, neighbours", [
    ("Atlanta", [("Charleston", 2), ("Miami", 5), ("Nashville", 1), ("New Orleans", 4),
                 ("New Orleans", 4), ("Raleigh", 2), ("Raleigh", 2)]),
    ("Winnipeg", [("Calgary", 6), ("Duluth", 4), ("Helena", 4), ("Sault St. Marie", 6)])])
def test_the_map_links_each_city_to_its_neighbours(city, neighbours):
    # rulebook: the game board (routes between neighbouring cities; double routes twice):
    # the first and the last city by name, as printed on the map
    c = GAME.city_names.index(city)
    got = sorted((GAME.city_names[n], GAME.route_length[r]) for n, r in GAME.adjacency[c])
    assert got == neighbours


# ------------------------------------------------ found by mutation testing, seed 41

def gray_one_with_a_choice_of_payment():
    """Seat 0 to claim Seattle-Vancouver (gray, length 1) holding one red card and one
    locomotive: two ways to pay, so the payment is a decision of its own."""
    from .helpers import route
    r = route("Seattle", "Vancouver")
    assert GAME.route_length[r] == 1
    s = position(2, hands=[hand(red=1, loco=1), hand()], face_up=[0, 1, 2, 3, 4],
                 deck=[5] * 10, discard=[0] * 9)
    s.apply(CLAIM_BASE + r)
    assert s.phase == PAY
    return s, r


def test_paying_with_locomotives_only_is_announced_without_a_colour():
    # rulebook: «Захват маршрутов» (a gray route is paid with cards of one colour;
    # locomotives stand in for any colour): all locomotives, so no colour is named
    s, r = gray_one_with_a_choice_of_payment()
    s.apply(PAY_BASE + ALL_LOCO)
    assert [e for e in s.events if e["type"] == "claim_route"] == [
        {"type": "claim_route", "player": 0, "route": r, "color": None, "locomotives": 1,
         "points": 1, "to": None}]
    assert not [e for e in s.events if e["type"] == "claim_pending"]  # the claim's own events


def test_drawing_a_card_while_a_payment_is_due_is_refused_with_the_reason():
    # rulebook: «Захват маршрутов» (a claim is paid at once); a refused action says why
    s, _ = gray_one_with_a_choice_of_payment()
    with pytest.raises(IllegalAction, match="choose how to pay"):
        s.apply(TAKE_BLIND)


def test_two_cards_drawn_blind_break_a_chain_of_passes():
    # NOTES 5 (a player passes only when no action is possible; a full round of passes
    # ends the game) and «Карты Вагонов» (two cards from the deck are a turn)
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[0, 1], discard=[0] * 9,
                 pile=[], claimed=no_route_of_length_one())
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)  # seat 0: a red and an orange card, nothing it can claim
    assert s.cur == 1 and s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == TURN and s.cur == 0 and s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == OVER and s.result().reason == "no_moves"


# ------------------------------------------------ found by mutation testing, seed 42

def test_drawing_tickets_breaks_a_chain_of_passes_and_the_end_is_announced():
    # NOTES 5 (a full round of passes ends the game) and «Карты Маршрутов» (drawing tickets
    # is a turn); the log says the game is over and why
    from .helpers import ticket
    pile = [ticket("Denver", "El Paso"), ticket("Boston", "Miami"), ticket("Seattle", "New York")]
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=pile, claimed=no_route_of_length_one())
    assert s.legal_actions() == [DRAW_TICKETS]
    s.apply(DRAW_TICKETS)
    s.apply(s.legal_actions()[-1])  # seat 0 keeps all three
    assert s.cur == 1 and s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == TURN and s.cur == 0 and s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == OVER
    over = [e for e in s.events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["reason"] == "no_moves" and over[0]["reveal"] is True


def test_drawing_tickets_after_a_first_card_is_refused_with_the_reason():
    # rulebook: «Карты Вагонов» (a turn draws two cards; tickets are another turn's action)
    s = position(2, hands=[hand(), hand()], face_up=[0, 1, 2, 3, 4], deck=[5] * 10,
                 discard=[0] * 9)
    s.apply(TAKE_BLIND)
    with pytest.raises(IllegalAction, match="take your second train card"):
        s.apply(DRAW_TICKETS)


def test_the_twin_of_another_players_double_route_is_refused_with_the_reason():
    # rulebook: «Захват маршрутов» (with 2 or 3 players only one track of a double route is
    # used): seat 0 may not take the twin of seat 1's track, and is told why
    from .helpers import route
    r0, r1 = route("Seattle", "Portland", 0), route("Seattle", "Portland", 1)
    s = position(2, hands=[hand(loco=2), hand()], face_up=[0, 1, 2, 3, 4], deck=[5] * 10,
                 discard=[0] * 9, claimed={1: (r0,)})
    with pytest.raises(IllegalAction, match="only one track of a double route"):
        s.apply(CLAIM_BASE + r1)


@pytest.mark.parametrize("action", [0, TAKE_BLIND, DRAW_TICKETS])
def test_no_card_or_ticket_is_drawn_before_the_starting_tickets_are_kept(action):
    # rulebook: «Подготовка к игре» (each player first keeps at least two of the three
    # tickets dealt; the turns begin after)
    s = GAME.new_state(2, 1)
    with pytest.raises(IllegalAction, match="starting tickets"):
        s.apply(action)
    assert s.observation(None)["phase"] == "initial_tickets" and s.current_player() == 0


# ------------------------------------------------ determinize: the payment fallback

def unknown_cards(s, q):
    """The cards of seat q's hand that the other seats have not seen, as a sorted list."""
    return sorted(k for k in range(9) for _ in range(s.hands[q][k] - s.known[q][k]))


def claim_awaiting_payment(n, claimant, r, start, face_up, draw, deck):
    """Seat `claimant` of n, holding `start` (cards nobody saw), takes its turn's two cards
    with the actions `draw` from the row `face_up` (a card taken face up is one the other
    seats know it holds), every other seat then draws two blind cards, and the claimant
    claims route r. `deck`: the deck, top at the end."""
    s = position(n, hands=[start if q == claimant else hand() for q in range(n)],
                 face_up=face_up, deck=deck, discard=[0] * 9, cur=claimant)
    for a in draw:
        s.apply(a)
    for _ in range(n - 1):
        s.apply(TAKE_BLIND)
        s.apply(TAKE_BLIND)
    assert s.cur == claimant
    s.apply(CLAIM_BASE + r)
    assert s.phase == PAY and s.pending == r and len(s.payments(claimant, r)) >= 2
    return s


# 70 cards of the seven colours other than orange, no locomotive, in a fixed mixed order
NO_ORANGE_DECK = [c for _ in range(10) for c in (0, 2, 3, 4, 5, 6, 7)]


@pytest.mark.parametrize("n, claimant", [(2, 0), (2, 1), (3, 0), (3, 2)])
def test_a_resampled_hand_still_pays_for_the_pending_claim_when_only_locomotives_can(n, claimant):
    # rulebook: «Захват маршрутов» (a coloured route is paid in its colour, locomotives
    # standing in): the claimant of New York-Washington (orange, 2) holds one orange card
    # everyone saw it take, and locomotives nobody saw. No other orange card is hidden, so
    # every world a search bot samples must give it a locomotive: its claim was legal.
    from .helpers import ORANGE, route
    r = route("New York", "Washington", 1)
    assert GAME.route_color[r] == ORANGE and GAME.route_length[r] == 2
    s = claim_awaiting_payment(n, claimant, r, hand(loco=2), [ORANGE, 6, 6, 6, 6],
                               (0, TAKE_BLIND), NO_ORANGE_DECK)
    assert s.known[claimant] == hand(orange=1)
    hidden = sorted(s.deck + unknown_cards(s, claimant))
    for viewer in range(n):
        if viewer == claimant:
            continue
        for k in range(15):
            d = s.determinize(viewer, random.Random(k))
            h = d.hands[claimant]
            assert h[ORANGE] == 1 and h[LOCO] >= 1 and sum(h) == sum(s.hands[claimant])
            assert d.known[claimant] == hand(orange=1)
            # the claimant's unseen cards and the deck are the same cards, dealt again
            if n == 2:
                assert sorted(d.deck + unknown_cards(d, claimant)) == hidden
            assert d.legal_actions() and set(d.legal_actions()) <= {CANCEL} | {
                PAY_BASE + ORANGE * 6 + 1, PAY_BASE + ALL_LOCO}
            pays = [a for a in d.legal_actions() if a >= PAY_BASE]
            assert pays
            d.apply(pays[0])
            assert d.claimed[claimant] == (r,) and d.cur == (claimant + 1) % n


@pytest.mark.parametrize("claimant", [0, 1])
def test_a_resampled_hand_still_pays_for_a_pending_gray_claim(claimant):
    # rulebook: «Захват маршрутов» (a gray route is paid with cards of any one colour,
    # locomotives standing in): the claimant of Sault St. Marie-Winnipeg (gray, 6) holds
    # five locomotives nobody saw and two single cards; random hands of seven almost never
    # pay six spaces, yet every sampled world must let it pay
    from .helpers import BLUE, GREEN, RED, route
    r = route("Sault St. Marie", "Winnipeg")
    assert GAME.route_color[r] == GRAY and GAME.route_length[r] == 6
    s = claim_awaiting_payment(2, claimant, r, hand(loco=5, red=1), [GREEN, 6, 6, 6, 6],
                               (0, TAKE_BLIND), NO_ORANGE_DECK + [BLUE, RED])
    hidden = sorted(s.deck + unknown_cards(s, claimant))
    for k in range(15):
        d = s.determinize(1 - claimant, random.Random(k))
        h = d.hands[claimant]
        assert sum(h) == 8 and h[GREEN] >= 1
        assert sorted(d.deck + unknown_cards(d, claimant)) == hidden
        assert any(h[c] + h[LOCO] >= 6 for c in range(8))
        pays = [a for a in d.legal_actions() if a >= PAY_BASE]
        assert pays
        d.apply(pays[-1])
        assert d.claimed[claimant] == (r,) and d.trains[claimant] == 45 - 6


@pytest.mark.parametrize("n, claimant", [(2, 0), (2, 1), (3, 2)])
def test_a_resampled_hand_pays_a_gray_claim_with_the_one_hidden_card_that_can(n, claimant):
    # rulebook: «Захват маршрутов» (a gray route is paid with cards of any one colour,
    # locomotives standing in): the claimant of Atlanta-Charleston (gray, 2) took a red and a
    # blue card face up and holds one card nobody saw, so it can pay with red or blue and one
    # locomotive. No red, blue or locomotive is among the cards the other seats cannot see
    # but that locomotive: in every sampled world it is the claimant's hidden card.
    from .helpers import BLUE, RED, route
    r = route("Atlanta", "Charleston")
    assert GAME.route_color[r] == GRAY and GAME.route_length[r] == 2
    deck = [c for _ in range(10) for c in (1, 2, 3, 5, 6, 7)]   # no red, blue, locomotive
    s = claim_awaiting_payment(n, claimant, r, hand(loco=1), [RED, BLUE, 6, 6, 6], (0, 1),
                               deck)
    assert s.known[claimant] == hand(red=1, blue=1)
    assert set(s.legal_actions()) == {CANCEL, PAY_BASE + RED * 6 + 1, PAY_BASE + BLUE * 6 + 1}
    for viewer in (0, n - 2):
        for k in range(15):
            d = s.determinize(viewer, random.Random(k))
            assert d.hands[claimant] == hand(red=1, blue=1, loco=1)
            assert sorted(d.deck + [c for q in range(n) if q != viewer
                                    for c in unknown_cards(d, q)]) \
                == sorted(s.deck + [c for q in range(n) if q != viewer
                                    for c in unknown_cards(s, q)])
            assert set(d.legal_actions()) == set(s.legal_actions())


@pytest.mark.parametrize("n, claimant", [(2, 0), (2, 1), (3, 2)])
def test_a_resampled_hand_keeps_two_ways_to_pay_when_hidden_cards_allow_them(n, claimant):
    # rulebook: «Захват маршрутов» (a route is paid in its colour, locomotives standing in);
    # a claim waits for its payment only when the hand can pay in two ways (one way is paid
    # at once), so every sampled world must leave the claimant two ways. Here it holds one
    # orange card seen face up and three hidden cards, and many hidden cards are orange or
    # locomotives: dealt at random, a hand often has only one way or none.
    from .helpers import ORANGE, route
    r = route("New York", "Washington", 1)
    deck = [c for _ in range(4) for c in (ORANGE, LOCO, 0, 2, 3)] + [6, 7]
    s = claim_awaiting_payment(n, claimant, r, hand(loco=2), [ORANGE, 6, 6, 6, 6],
                               (0, TAKE_BLIND), deck)
    for viewer in (0, n - 2):
        for k in range(15):
            d = s.determinize(viewer, random.Random(k))
            assert d.hands[claimant][ORANGE] >= 1 and sum(d.hands[claimant]) == 4
            assert len(d.payments(claimant, r)) >= 2
            assert CANCEL in d.legal_actions()


# ------------------------------------------------ corners no sample has hit yet

def test_a_second_card_may_be_drawn_blind_from_the_reshuffled_discards():
    # rulebook: «Карты Вагонов» (the discard pile is shuffled into a new deck when the deck
    # runs out): the first card's refill empties the deck, and the discards are the new deck
    # at once (rules version 6); the second card comes blind from them, or face up
    from .helpers import BLUE, GREEN, RED
    s = position(2, hands=[hand(), hand()], face_up=[RED, L_, L_, 1, 2], deck=[BLUE],
                 discard=hand(green=2))
    s.apply(0)                                   # red; blue from the deck refills slot 0
    assert s.deck == [GREEN, GREEN] and s.discard == [0] * 9
    assert [e["type"] for e in s.events] == ["take_face_up", "face_up", "reshuffle"]
    assert s.phase == SECOND and s.face_up == [BLUE, L_, L_, 1, 2]
    assert s.legal_actions() == [0, 3, 4, TAKE_BLIND]
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(red=1, green=1) and s.deck == [GREEN] and s.cur == 1


@pytest.mark.parametrize("slot", [0, 4])
def test_a_red_card_left_face_up_is_a_second_card(slot):
    # rulebook: «Карты Вагонов» (two cards a turn; the draw stops early only when no second
    # card exists): deck and discards empty, one red card face up (colour 0), in the first
    # or the last slot
    from .helpers import BLUE, RED
    row = [-1] * 5
    row[slot] = RED
    row[2] = BLUE
    s = position(2, hands=[hand(), hand()], face_up=row, deck=[], discard=[0] * 9)
    s.apply(2)
    assert s.phase == SECOND and s.cur == 0 and s.legal_actions() == [slot]
    s.apply(slot)
    assert s.hands[0] == hand(red=1, blue=1) and s.cur == 1 and s.face_up == [-1] * 5


@pytest.mark.parametrize("n", [2, 5])
def test_a_route_as_long_as_the_trains_left_may_be_claimed(n):
    # NOTES 6 (a route longer than the trains left cannot be claimed; one just as long can)
    from .helpers import RED, claim_and_pay, route
    r = route("Boston", "New York")                    # red, 2
    trains = [40] * n
    trains[n - 1] = 2
    s = position(n, hands=[hand(red=2)] * n, trains=trains, cur=n - 1)
    assert CLAIM_BASE + r in s.legal_actions()
    claim_and_pay(s, r, RED)
    assert s.trains[n - 1] == 0 and s.claimed[n - 1] == (r,) and s.turns_left == n


@pytest.mark.parametrize("a", [-1, GAME.num_actions, GAME.num_actions + 1, 10 ** 6])
def test_a_number_outside_the_action_space_is_refused_in_every_phase(a):
    # the engine contract (docs/developing.md): actions are 0..num_actions-1; any other
    # number is refused as such and changes nothing
    from .helpers import snapshot
    states = [GAME.new_state(2, 3), position(2)]
    s = position(2)
    s.apply(TAKE_BLIND)
    states.append(s)                             # the second card
    s = position(2)
    s.apply(DRAW_TICKETS)
    states.append(s)                             # tickets to choose
    s, _ = gray_one_with_a_choice_of_payment()
    states.append(s)                             # a payment to choose
    for s in states:
        before = snapshot(s)
        with pytest.raises(IllegalAction, match="not a Ticket to Ride action"):
            s.apply(a)
        assert snapshot(s) == before


def test_each_phase_refuses_another_phases_action_with_its_reason():
    # a refused action says why (the step of the turn that is waiting)
    from .helpers import keep
    s = position(2)
    with pytest.raises(IllegalAction, match="only the first decision of a turn"):
        s.apply(keep(0b001))                     # no ticket to choose at a turn's start
    s.apply(DRAW_TICKETS)
    for a in (TAKE_BLIND, 0, DRAW_TICKETS, PASS):
        with pytest.raises(IllegalAction, match="choose which tickets to keep"):
            s.apply(a)
    s = position(2)
    s.apply(TAKE_BLIND)
    for a in (keep(0b111), PAY_BASE + 6, DRAW_TICKETS, PASS):
        with pytest.raises(IllegalAction, match="take your second train card"):
            s.apply(a)
    s = position(2)
    s.apply(DRAW_TICKETS)
    with pytest.raises(IllegalAction, match="choose which tickets to keep"):
        s.apply(PAY_BASE + 6)


def test_a_payment_the_hand_cannot_make_is_refused_with_its_reason():
    # rulebook: «Захват маршрутов» (the cards laid down must be held): one locomotive is not
    # two, and a red card is not two
    from .helpers import route
    r = route("Atlanta", "Charleston")               # gray, 2
    s = position(2, hands=[hand(red=1, blue=2, loco=1), hand()])
    s.apply(CLAIM_BASE + r)
    assert s.phase == PAY
    with pytest.raises(IllegalAction, match="you do not hold 2 locomotives"):
        s.apply(PAY_BASE + ALL_LOCO)
    with pytest.raises(IllegalAction, match="you do not hold the cards for that payment"):
        s.apply(PAY_BASE + 0 * 6 + 0)            # two red cards
    s.apply(PAY_BASE + 0 * 6 + 1)                # one red and the locomotive
    assert s.hands[0] == hand(blue=2)


@pytest.mark.parametrize("mask", [0b100, 0b110, 0b101])
def test_a_ticket_kept_must_be_one_of_those_drawn(mask):
    # NOTES 7 (with fewer than three tickets left, the draw takes what remains): a choice
    # naming a third ticket when two were drawn is refused and changes nothing
    from .helpers import keep, snapshot, ticket
    s = position(2, pile=[ticket("Denver", "El Paso"), ticket("Boston", "Miami")])
    s.apply(DRAW_TICKETS)
    assert len(s.offer[0]) == 2
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="only 2 tickets are on offer"):
        s.apply(keep(mask))
    assert snapshot(s) == before


@pytest.mark.parametrize("n, seat", [(2, 0), (3, 2)])
def test_tickets_put_back_under_the_pile_are_known_to_their_returner_only(n, seat):
    # rulebook: «Взятие новых карт маршрутов» (tickets not kept go under the pile): the
    # player who put them there knows which they are, the others do not; drawn again later
    # they are the same tickets
    from .helpers import keep, ticket
    x, a, b, c = (ticket("Duluth", "Houston"), ticket("Denver", "El Paso"),
                  ticket("Boston", "Miami"), ticket("Seattle", "New York"))
    s = position(n, pile=[x, a, b, c], cur=seat)
    s.apply(DRAW_TICKETS)
    assert s.offer[seat] == (c, b, a)
    s.apply(keep(0b001))                             # keeps c, puts b and a back
    assert [e & 31 for e in s.pile] == [b, a, x]
    other = (seat + 1) % n
    moved = 0
    for k in range(20):
        mine = s.determinize(seat, random.Random(k))
        assert [e & 31 for e in mine.pile[:2]] == [b, a]
        theirs = s.determinize(other, random.Random(k))
        moved += [e & 31 for e in theirs.pile[:2]] != [b, a]
    assert moved > 10
    while s.cur != other:
        s.apply(TAKE_BLIND)
        s.apply(TAKE_BLIND)
    s.apply(DRAW_TICKETS)
    assert s.offer[other] == (x, a, b) and s.pile == []
    assert s.events[0] == {"type": "draw_tickets", "player": other, "tickets": [x, a, b],
                           "to": [other]}


@pytest.mark.parametrize("deck, discard", [([3, 8], [0] * 9), ([8], hand(green=1))])
def test_three_face_up_locomotives_are_replaced_while_three_other_cards_exist(deck, discard):
    # NOTES 3 (the row of three locomotives is dealt again; the cascade stops only when
    # fewer than three other cards remain): exactly three other cards remain, red and black
    # in the row and a green one in the deck or on the discard pile, so rows are dealt
    # until one holds all three with two locomotives
    from .helpers import BLACK, GREEN, ORANGE, RED
    s = position(2, hands=[hand(), hand()], face_up=[ORANGE, L_, L_, RED, BLACK],
                 deck=deck, discard=discard)
    s.apply(0)                                       # orange; a third locomotive turns up
    assert any(e["type"] == "face_up_reset" for e in s.events)
    assert sorted(s.face_up) == sorted([GREEN, RED, BLACK, L_, L_])
    assert s.deck == [L_] and s.discard == [0] * 9 and s.phase == SECOND


# ------------------------------------------------ found by mutation testing, seed 50

@pytest.mark.parametrize("n", [2, 3])
def test_a_draw_of_one_card_breaks_a_chain_of_passes(n):
    # NOTES 4 (with one card left in all, the draw ends after it) and NOTES 5 (only a full
    # round of passes ends the game): a one-card draw is a turn played, not a pass, and
    # the round of passes counts from it
    s = position(n, hands=[hand()] * n, face_up=[-1] * 5, deck=[3], discard=[0] * 9,
                 pile=[], claimed=no_route_of_length_one())
    s.passes = n - 1                                 # every other seat has just passed
    assert s.legal_actions() == [TAKE_BLIND]
    s.apply(TAKE_BLIND)                              # seat 0: the one card there is
    assert s.cur == 1 and s.hands[0] == hand(green=1)
    for q in range(1, n):
        s.apply(PASS)
        assert s.phase == TURN and s.cur == (q + 1) % n
    s.apply(PASS)                                    # seat 0 again: the round is full
    assert s.phase == OVER and s.result().reason == "no_moves"


@pytest.mark.parametrize("claimed", [(99,), (0,), (0, 99), (98,)])
def test_only_the_other_track_of_a_claimed_double_route_is_closed(claimed):
    # rulebook: «Захват маршрутов» (with 2 or 3 players only one track of a double route is
    # used): a claimed single route closes nothing; the first and the last route ids
    # (Atlanta-Charleston, single; Seattle-Vancouver, double with route 98)
    from .helpers import route
    assert route("Atlanta", "Charleston") == 0 and GAME.route_twin[0] == -1
    assert route("Seattle", "Vancouver", 1) == 99 and GAME.route_twin[99] == 98
    s = position(2, claimed={1: claimed})
    twins = {99: [98], 98: [99], 0: []}
    want = sorted(t for r in claimed for t in twins[r])
    for p in (None, 0, 1):
        assert s.observation(p)["closed_routes"] == want


@pytest.mark.parametrize("route_cities, cards, payable", [
    (("Boston", "New York"), {"red": 1}, False),              # red 2: one red card
    (("Boston", "New York"), {"blue": 1, "loco": 1}, False),  # red 2: blue is not red
    (("Boston", "New York"), {"red": 1, "loco": 1}, True),
    (("Atlanta", "Charleston"), {"red": 1, "blue": 1}, False),  # gray 2: two colours
    (("Atlanta", "Charleston"), {"blue": 1, "loco": 1}, True),
    (("Atlanta", "Charleston"), {"loco": 2}, True)])
def test_a_claim_the_hand_cannot_pay_is_refused_with_its_reason(route_cities, cards, payable):
    # rulebook: «Захват маршрутов» (a route is paid with as many cards of one colour as it
    # has spaces, its own colour unless gray, locomotives standing in for any colour)
    from .helpers import route, snapshot
    r = route(*route_cities)
    s = position(2, hands=[hand(**cards), hand()])
    assert (CLAIM_BASE + r in s.legal_actions()) == payable
    if payable:
        s.apply(CLAIM_BASE + r)
        assert s.pending == r or s.claimed[0] == (r,)
        return
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="do not hold the cards to pay for that route"):
        s.apply(CLAIM_BASE + r)
    assert snapshot(s) == before


def test_a_resampled_world_keeps_a_claim_taken_back_once_final():
    # a claim may be taken back once a turn: after taking one back and claiming again, a
    # world a search bot samples (seat 0's hand dealt again, from a deck of red cards and
    # locomotives) offers payments only, as the real position does; before, it offers the
    # way back too
    from .helpers import route
    r = route("Dallas", "El Paso")                   # red, 4
    s = position(2, hands=[hand(red=4, loco=2), hand()], face_up=[4] * 5, deck=[0, 8] * 6,
                 discard=[0] * 9)
    s.apply(CLAIM_BASE + r)
    s.apply(CANCEL)
    s.apply(CLAIM_BASE + r)
    assert CANCEL not in s.legal_actions()
    for k in range(5):
        legal = s.determinize(1, random.Random(k)).legal_actions()
        assert len(legal) >= 2 and min(legal) >= PAY_BASE
    s2 = position(2, hands=[hand(red=4, loco=2), hand()], face_up=[4] * 5, deck=[0, 8] * 6,
                  discard=[0] * 9)
    s2.apply(CLAIM_BASE + r)
    for k in range(5):
        legal = s2.determinize(1, random.Random(k)).legal_actions()
        assert legal[0] == CANCEL and len(legal) >= 3 and min(legal[1:]) >= PAY_BASE


@pytest.mark.parametrize("red", [5, 8])
def test_a_hand_of_more_than_six_cards_of_a_colour_still_claims_routes_of_six(red):
    # rulebook: «Захват маршрутов» (routes have 1 to 6 spaces): five or eight red cards and
    # two locomotives (seven cards or more for one colour) claim any route they can pay,
    # the longest of six spaces included
    from .helpers import route
    s = position(2, hands=[hand(red=red, loco=2), hand()])
    claims = {a - CLAIM_BASE for a in s.legal_actions() if CLAIM_BASE <= a < PAY_BASE}
    want = {r for r in range(GAME.num_routes)
            if GAME.route_color[r] in (0, GRAY)} | {
        r for r in range(GAME.num_routes) if GAME.route_length[r] <= 2}
    assert claims == want
    assert route("Miami", "New Orleans") in claims              # red, 6
    assert route("Sault St. Marie", "Winnipeg") in claims       # gray, 6


def test_no_action_is_taken_once_the_game_is_over():
    # NOTES 5 (a round of passes ends the game): nothing more may be done
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[])
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == OVER and s.legal_actions() == []
    for a in (PASS, 0, TAKE_BLIND, CLAIM_BASE):
        with pytest.raises(IllegalAction, match="the game is over"):
            s.apply(a)


@pytest.mark.parametrize("a", [True, 5.0, "5", None])
def test_an_action_that_is_not_an_integer_is_refused(a):
    # the engine contract (docs/developing.md): actions are integers
    from .helpers import snapshot
    s = position(2)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="not a Ticket to Ride action"):
        s.apply(a)
    assert snapshot(s) == before


@pytest.mark.parametrize("empty", [0, 4])
def test_an_empty_face_up_slot_cannot_be_the_second_card(empty):
    # rulebook: «Карты Вагонов» (a second card is taken from the face-up row or the deck):
    # a slot left empty holds nothing to take, in the first or the last slot
    from .helpers import snapshot
    row = [1, 2, 3, 4, 5]
    row[empty] = -1
    s = position(2, hands=[hand(), hand()], face_up=row, deck=[], discard=[0] * 9)
    taken = 2
    s.apply(taken)                               # nothing refills the slot taken: no cards
    assert s.phase == SECOND and s.face_up[taken] == -1
    before = snapshot(s)
    for slot in (empty, taken):
        with pytest.raises(IllegalAction, match=f"face-up slot {slot + 1} is empty"):
            s.apply(slot)
        assert snapshot(s) == before


# ------------------------------------------------ found by mutation testing, seed 51

def test_the_game_is_over_only_at_its_end_not_while_a_payment_is_chosen():
    # rulebook: «Конец игры» (the game ends after the last round, or, NOTES 5, after a
    # round of passes): every step of a turn before that, the payment to choose included,
    # is play going on
    from .helpers import keep
    s = GAME.new_state(2, 3)
    steps = [("initial_tickets", s.clone())]
    s = position(2)
    steps.append(("turn", s.clone()))
    s.apply(TAKE_BLIND)
    steps.append(("second_card", s.clone()))
    s = position(2)
    s.apply(DRAW_TICKETS)
    steps.append(("choose_tickets", s.clone()))
    s.apply(keep(0b001))
    s, _ = gray_one_with_a_choice_of_payment()
    steps.append(("choose_payment", s.clone()))
    for name, t in steps:
        assert t.observation(None)["phase"] == name
        assert not t.is_terminal() and t.current_player() == t.cur and t.legal_actions()
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[])
    s.apply(PASS)
    s.apply(PASS)
    assert s.is_terminal() and s.observation(None)["phase"] == "over"
