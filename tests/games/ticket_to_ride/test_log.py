"""The log: every action's whole list of events, as a player (and the undo barrier) reads
them. Each test plays one kind of action through `apply` from a hand-built position
(helpers.py) and compares `state.events` with the list the rulebook's action implies, field
by field; the audience (`to`) and the `reveal` flags included. Colour names are data.json's."""

import pytest

from railtable.engine import IllegalAction
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import CANCEL, DRAW_TICKETS, LOCO, PASS, TAKE_BLIND
from railtable.games.ticket_to_ride.rules import INITIAL, OVER, SECOND, TURN

from .helpers import (BLACK, BLUE, GREEN, ORANGE, PINK, RED, WHITE, YELLOW, claim, hand, keep,
                      pay, position, route, ticket)

L = LOCO


def blind(p, card):
    """The two events of a blind card: the card to its taker only, the draw to everyone."""
    return [{"type": "take_blind", "player": p, "card": card, "to": [p]},
            {"type": "take_blind", "player": p, "to": None}]


def shown(slot, card):
    return {"type": "face_up", "slot": slot, "card": card, "reveal": True, "to": None}


@pytest.mark.parametrize("n, seat", [(2, 0), (3, 2)])
def test_blind_cards_are_named_to_their_taker_only(n, seat):
    # rulebook: «Карты Вагонов» (a card from the top of the deck is seen by its taker alone)
    s = position(n, hands=[hand()] * n, face_up=[RED] * 5, deck=[WHITE, YELLOW, L],
                 discard=[0] * 9, cur=seat)
    s.apply(TAKE_BLIND)
    assert s.events == blind(seat, "locomotive")      # a blind locomotive is one card
    assert s.phase == SECOND
    s.apply(TAKE_BLIND)
    assert s.events == blind(seat, "yellow")
    assert s.cur == (seat + 1) % n
    other = (seat + 1) % n
    assert s.visible_events(other) == [{"type": "take_blind", "player": seat, "to": None}]


@pytest.mark.parametrize("first, second", [(0, 4), (4, 0), (2, 3)])
def test_face_up_cards_taken_and_their_replacements_are_shown_to_all(first, second):
    # rulebook: «Карты Вагонов» (a face-up card taken is replaced at once from the deck)
    s = position(2, hands=[hand(), hand()], face_up=[RED, ORANGE, YELLOW, GREEN, BLUE],
                 deck=[BLACK, WHITE, PINK], discard=[0] * 9, cur=1)
    names = ["red", "orange", "yellow", "green", "blue"]
    taken = [names[first], names[second] if second != first else "pink"]
    s.apply(first)
    assert s.events == [{"type": "take_face_up", "player": 1, "slot": first,
                         "card": names[first], "to": None}, shown(first, "pink")]
    names[first] = "pink"
    s.apply(second)
    assert s.events == [{"type": "take_face_up", "player": 1, "slot": second,
                         "card": names[second], "to": None}, shown(second, "white")]
    assert s.cur == 0 and s.hands[1] == hand(**{c: taken.count(c) for c in taken})


def test_a_face_up_locomotive_ends_the_draw_and_its_slot_is_refilled():
    # rulebook: «Карты Вагонов» (a face-up locomotive is the whole draw)
    s = position(3, hands=[hand()] * 3, face_up=[RED, ORANGE, YELLOW, GREEN, L],
                 deck=[BLACK], discard=[0] * 9, cur=2)
    s.apply(4)
    assert s.events == [{"type": "take_face_up", "player": 2, "slot": 4, "card": "locomotive",
                         "to": None}, shown(4, "black")]
    assert s.cur == 0 and s.phase == TURN


def test_an_emptied_deck_is_reshuffled_before_the_card_is_drawn():
    # rulebook: «Карты Вагонов» (the discard pile becomes the deck when the deck runs out)
    s = position(2, hands=[hand(), hand()], face_up=[RED] * 5, deck=[],
                 discard=hand(green=4), cur=1)
    s.apply(TAKE_BLIND)
    assert s.events == [{"type": "reshuffle", "cards": 4, "to": None}] + blind(1, "green")
    # a face-up card replaced from a reshuffled pile: the reshuffle comes first
    s = position(2, hands=[hand(), hand()], face_up=[RED] * 5, deck=[],
                 discard=hand(white=2), cur=0)
    s.apply(3)
    assert s.events == [{"type": "take_face_up", "player": 0, "slot": 3, "card": "red",
                         "to": None}, {"type": "reshuffle", "cards": 2, "to": None},
                        shown(3, "white")]
    assert s.deck == [WHITE] and s.discard == [0] * 9


def test_three_face_up_locomotives_the_discarded_row_and_the_new_one_are_shown():
    # rulebook: «Карты Вагонов» (three face-up locomotives: the five are discarded and five
    # new cards are turned up)
    deck = [RED, GREEN, BLUE, WHITE, BLACK, PINK, L]
    s = position(2, hands=[hand(), hand()], face_up=[ORANGE, L, L, RED, BLACK], deck=deck,
                 discard=[0] * 9)
    s.apply(0)
    assert s.events == [
        {"type": "take_face_up", "player": 0, "slot": 0, "card": "orange", "to": None},
        shown(0, "locomotive"),
        {"type": "face_up_reset", "cards": ["locomotive", "locomotive", "locomotive", "red",
                                            "black"], "to": None},
        {"type": "face_up_row", "cards": ["pink", "black", "white", "blue", "green"],
         "reveal": True, "to": None}]
    assert s.face_up == [PINK, BLACK, WHITE, BLUE, GREEN]
    assert s.discard == hand(red=1, black=1, loco=3) and s.deck == [RED]


@pytest.mark.parametrize("n, seat", [(2, 1), (3, 0)])
def test_drawn_tickets_are_named_to_their_drawer_and_counted_for_the_others(n, seat):
    # rulebook: «Взятие новых карт маршрутов» (three tickets from the top; at least one is
    # kept, the others go under the pile)
    de, bm, sn = ticket("Denver", "El Paso"), ticket("Boston", "Miami"), \
        ticket("Seattle", "New York")
    s = position(n, hands=[hand()] * n, pile=[ticket("Duluth", "Houston"), de, bm, sn],
                 cur=seat)
    s.apply(DRAW_TICKETS)
    assert s.events == [
        {"type": "draw_tickets", "player": seat, "tickets": [sn, bm, de], "to": [seat]},
        {"type": "draw_tickets", "player": seat, "count": 3, "to": None}]
    s.apply(keep(0b101))
    assert s.events == [
        {"type": "keep_tickets", "player": seat, "tickets": [sn, de], "returned": [bm],
         "to": [seat]},
        {"type": "keep_tickets", "player": seat, "kept": 2, "returned": 1, "to": None}]
    assert s.cur == (seat + 1) % n


def test_the_starting_tickets_kept_are_logged_for_each_seat():
    # rulebook: «Подготовка к игре» (each player keeps at least two of the three dealt)
    s = GAME.new_state(3, 7)
    for seat, mask in ((0, 0b111), (1, 0b110), (2, 0b011)):
        offer = list(s.offer[seat])
        kept = [t for i, t in enumerate(offer) if mask >> i & 1]
        back = [t for i, t in enumerate(offer) if not mask >> i & 1]
        assert s.phase == INITIAL and s.cur == seat
        s.apply(keep(mask))
        assert s.events == [
            {"type": "keep_tickets", "player": seat, "tickets": kept, "returned": back,
             "to": [seat]},
            {"type": "keep_tickets", "player": seat, "kept": len(kept),
             "returned": len(back), "to": None}]
    assert s.phase == TURN and s.cur == 0


@pytest.mark.parametrize("n, seat", [(2, 0), (2, 1), (4, 3)])
def test_a_claim_waiting_for_its_payment_taken_back_and_paid(n, seat):
    # rulebook: «Захват маршрутов» (a route of one colour is paid with that colour,
    # locomotives standing in; points from the scoring table: 4 spaces, 7 points)
    r = route("Dallas", "El Paso")                    # red, 4
    s = position(n, hands=[hand(red=4, loco=1)] * n, face_up=[BLUE] * 5, deck=[GREEN] * 5,
                 discard=[0] * 9, cur=seat)
    s.apply(claim(r))
    assert s.events == [{"type": "claim_pending", "player": seat, "route": r, "to": None}]
    s.apply(CANCEL)
    assert s.events == [{"type": "claim_cancel", "player": seat, "route": r, "to": None}]
    s.apply(claim(r))
    assert s.events == [{"type": "claim_pending", "player": seat, "route": r, "to": None}]
    s.apply(pay(RED, 1))
    assert s.events == [{"type": "claim_route", "player": seat, "route": r, "color": "red",
                         "locomotives": 1, "points": 7, "to": None}]
    assert s.scores[seat] == 1 + 7 and s.trains[seat] == 45 - 4


def test_a_claim_paid_in_the_one_way_the_hand_allows_logs_both_steps():
    # rulebook: «Захват маршрутов» (a gray route is paid with any one colour): three white
    # cards pay Montreal-Toronto (gray, 3) in one way, paid at once
    r = route("Montreal", "Toronto")
    s = position(3, hands=[hand(), hand(), hand(white=3, red=1)], face_up=[BLUE] * 5,
                 deck=[GREEN] * 5, discard=[0] * 9, cur=2)
    s.apply(claim(r))
    assert s.events == [
        {"type": "claim_pending", "player": 2, "route": r, "to": None},
        {"type": "claim_route", "player": 2, "route": r, "color": "white", "locomotives": 0,
         "points": 4, "to": None}]
    assert s.cur == 0 and s.discard == hand(white=3)


def test_cards_paid_for_a_claim_refill_the_empty_face_up_slots_in_the_log():
    # NOTES 4 (empty face-up slots are filled as soon as cards exist again); rulebook:
    # «Карты Вагонов» (the discard pile becomes the deck)
    r = route("Atlanta", "Nashville")                 # gray, 1
    s = position(2, hands=[hand(), hand(pink=1)], face_up=[BLUE, -1, -1, -1, -1], deck=[],
                 discard=[0] * 9, cur=1)
    s.apply(claim(r))
    assert s.events == [
        {"type": "claim_pending", "player": 1, "route": r, "to": None},
        {"type": "claim_route", "player": 1, "route": r, "color": "pink", "locomotives": 0,
         "points": 1, "to": None},
        {"type": "reshuffle", "cards": 1, "to": None},
        shown(1, "pink")]
    assert s.face_up == [BLUE, PINK, -1, -1, -1]


@pytest.mark.parametrize("n, seat", [(2, 1), (3, 0)])
def test_the_last_round_is_announced_and_the_end_reveals_scores_and_tickets(n, seat):
    # rulebook: «Конец игры» (two trains or fewer after a turn: every player, this one
    # included, plays one more turn) and «Подсчет очков» (tickets +/-, the longest path 10,
    # ties broken by completed tickets, then by the longest path)
    r = route("Boston", "New York")                   # red, 2
    bm = ticket("Boston", "Miami")                    # 12 points, not connected
    trains = [30] * n
    trains[seat] = 4
    s = position(n, hands=[hand(red=2)] * n, face_up=[BLUE] * 5, deck=[GREEN] * 20,
                 discard=[0] * 9, trains=trains, tickets=[()] * n, cur=seat)
    s.tickets[seat] = (bm,)
    s.apply(claim(r))
    assert s.events == [
        {"type": "claim_pending", "player": seat, "route": r, "to": None},
        {"type": "claim_route", "player": seat, "route": r, "color": "red", "locomotives": 0,
         "points": 2, "to": None},
        {"type": "last_round", "player": seat, "trains": 2, "to": None}]
    for _ in range(n - 1):                            # every other seat: one more turn
        s.apply(TAKE_BLIND)
        s.apply(TAKE_BLIND)
        assert s.phase == TURN and not [e for e in s.events if e["type"] == "game_over"]
    assert s.cur == seat
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)                               # the claimant's own last turn
    assert s.phase == OVER
    # the claimant: 1 + 2 (route) - 12 (ticket) + 10 (the only path); the others: 1. A tie
    # on points and on completed tickets (none): the longest path wins (NOTES 10)
    scores = [1] * n
    scores[seat] = 1 + 2 - 12 + 10
    winners = [seat]
    tickets = [[] for _ in range(n)]
    tickets[seat] = [bm]
    assert s.events == blind(seat, "green") + [
        {"type": "game_over", "reason": "last_round", "scores": scores, "winners": winners,
         "tickets": tickets, "reveal": True, "to": None}]


def test_a_pass_and_the_end_after_a_round_of_passes_are_logged():
    # NOTES 5 (a player with nothing to do passes; a full round of passes ends the game)
    s = position(3, hands=[hand()] * 3, face_up=[-1] * 5, deck=[], discard=[0] * 9, pile=[],
                 tickets=[(), (), ()], cur=1)
    s.apply(PASS)
    assert s.events == [{"type": "pass", "player": 1, "to": None}]
    s.apply(PASS)
    assert s.events == [{"type": "pass", "player": 2, "to": None}]
    s.apply(PASS)
    assert s.events == [
        {"type": "pass", "player": 0, "to": None},
        {"type": "game_over", "reason": "no_moves", "scores": [1, 1, 1], "winners": [0, 1, 2],
         "tickets": [[], [], []], "reveal": True, "to": None}]
    assert s.phase == OVER


def test_a_refused_action_leaves_the_last_actions_events():
    # the log of an action is that action's: a refused one changes nothing
    s = position(2, hands=[hand(), hand()], face_up=[RED] * 5, deck=[WHITE, YELLOW],
                 discard=[0] * 9)
    s.apply(TAKE_BLIND)
    before = [dict(e) for e in s.events]
    with pytest.raises(IllegalAction):
        s.apply(DRAW_TICKETS)
    assert s.events == before and s.phase == SECOND
