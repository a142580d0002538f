"""Rule tests on hand-built positions: one per rulebook rule, and the ten corner cases of
/work/shared/reference/ticket_to_ride/NOTES.md (each cites its number)."""

import pytest

from railtable.engine import IllegalAction
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import (CANCEL, DRAW_TICKETS, LOCO, PASS, PAY_BASE,
                                                     TAKE_BLIND)
from railtable.games.ticket_to_ride.rules import CHOOSE, INITIAL, OVER, PAY, SECOND, TURN

from .helpers import (BLACK, BLUE, GREEN, ORANGE, PINK, RED, WHITE, YELLOW, claim, claim_and_pay,
                      hand, keep, pay, payments_of, position, route, snapshot, started, ticket)

L = LOCO


# -- setup -------------------------------------------------------------------------------

def test_setup():
    # rulebook: «Подготовка к игре» (4 train cards each, 5 face up, 3 tickets offered,
    # 45 trains, markers on «1» of the scoring track)
    for n in (2, 3, 4, 5):
        s = GAME.new_state(n, 10 + n)
        assert s.phase == INITIAL and s.cur == 0
        assert all(sum(h) == 4 for h in s.hands)
        assert sum(1 for x in s.face_up if x >= 0) == 5
        assert s.face_up.count(LOCO) <= 2
        assert all(len(o) == 3 for o in s.offer)
        assert len({t for o in s.offer for t in o}) == 3 * n
        assert len(s.pile) == 30 - 3 * n
        assert s.trains == [45] * n and s.scores == [1] * n
        assert sum(map(sum, s.hands)) + len(s.deck) + 5 == 110


def test_note7_initial_tickets_keep_at_least_two():
    # NOTES 7; rulebook: «Подготовка к игре» (keep at least 2 of 3; returned go under the pile)
    s = GAME.new_state(3, 4)
    assert s.legal_actions() == [keep(m) for m in (0b011, 0b101, 0b110, 0b111)]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="at least 2"):
        s.apply(keep(0b001))
    assert snapshot(s) == before
    offer = s.offer[0]
    s.apply(keep(0b011))
    assert s.tickets[0] == offer[:2]
    assert s.pile[0] & 31 == offer[2]          # under the pile
    assert s.cur == 1 and s.phase == INITIAL
    s.apply(keep(0b111))
    s.apply(keep(0b110))
    assert s.phase == TURN and s.cur == 0
    assert [len(t) for t in s.tickets] == [2, 3, 2]


def test_note7_draw_tickets_keep_at_least_one_returned_under_pile():
    # NOTES 7; rulebook: «Взятие новых карт маршрутов»
    s = position(2)
    top3 = [e & 31 for e in s.pile[-3:]][::-1]
    held = s.tickets[0]
    s.apply(DRAW_TICKETS)
    assert s.phase == CHOOSE and list(s.offer[0]) == top3
    assert s.legal_actions() == [keep(m) for m in range(1, 8)]
    with pytest.raises(IllegalAction):
        s.apply(keep(0))          # keeping none is not an action
    s.apply(keep(0b010))
    assert s.tickets[0] == held + (top3[1],)
    assert sorted(e & 31 for e in s.pile[:2]) == sorted([top3[0], top3[2]])
    assert s.cur == 1 and s.phase == TURN


def test_note7_fewer_than_three_tickets_left_and_empty_pile():
    # NOTES 7; rulebook: «Взятие новых карт маршрутов» (fewer than 3 left: take them all)
    s = position(2, pile=[ticket("Denver", "El Paso"), ticket("Boston", "Miami")])
    s.apply(DRAW_TICKETS)
    assert sorted(s.offer[0]) == sorted([ticket("Denver", "El Paso"), ticket("Boston", "Miami")])
    assert s.legal_actions() == [keep(1), keep(2), keep(3)]
    s.apply(keep(0b11))
    assert s.pile == []
    assert DRAW_TICKETS not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no destination tickets"):
        s.apply(DRAW_TICKETS)


def test_note7_the_last_ticket_of_the_pile_is_kept_at_once():
    # NOTES 7; rulebook: «Взятие новых карт маршрутов» (keep at least one): with one ticket
    # drawn there is nothing to choose, so the engine keeps it in the same apply
    last = ticket("Denver", "El Paso")
    s = position(2, pile=[last])
    held = s.tickets[0]
    s.apply(DRAW_TICKETS)
    assert s.tickets[0] == held + (last,) and s.pile == [] and s.offer[0] == ()
    assert s.cur == 1 and s.phase == TURN
    assert [(e["type"], e["to"]) for e in s.events] == [
        ("draw_tickets", [0]), ("draw_tickets", None),
        ("keep_tickets", [0]), ("keep_tickets", None)]


def test_note7_kept_tickets_cannot_be_discarded():
    # NOTES 7; rulebook: «Взятие новых карт маршрутов» (no limit; kept ones stay to the end)
    s = position(2)
    held = s.tickets[0]
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        assert t.tickets[0][:len(held)] == held
    with pytest.raises(IllegalAction):
        s.apply(keep(0b001))      # a keep decision outside a ticket draw


# -- drawing train cards -----------------------------------------------------------------

def test_draw_two_cards_face_up_replaced_before_second():
    # rulebook: «Ход игры», Взять карты «Вагонов» (the taken face-up card is replaced at once)
    s = position(2, hands=[hand(), hand()], face_up=[RED, BLUE, GREEN, WHITE, BLACK],
                 deck=[PINK, YELLOW], discard=[0] * 9)
    s.apply(0)
    assert s.face_up == [YELLOW, BLUE, GREEN, WHITE, BLACK]
    assert s.phase == SECOND and s.cur == 0
    s.apply(0)
    assert s.hands[0] == hand(red=1, yellow=1)
    assert s.face_up[0] == PINK and s.cur == 1 and s.phase == TURN


def test_blind_then_face_up_and_known_cards():
    # rulebook: «Ход игры» (one face-up and one blind card, in any order)
    s = position(2, hands=[hand(), hand()], face_up=[RED, BLUE, GREEN, WHITE, BLACK],
                 deck=[PINK, YELLOW, ORANGE], discard=[0] * 9)
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(orange=1) and s.phase == SECOND
    s.apply(1)
    assert s.hands[0] == hand(orange=1, blue=1) and s.cur == 1
    # the face-up card is public knowledge of the hand, the blind one is not
    assert s.known[0] == hand(blue=1)
    assert s.observation(1)["known_cards"][0] == {"blue": 1}


def test_note2_face_up_locomotive_is_the_whole_draw():
    # NOTES 2; rulebook: «Карты Вагонов» (a face-up locomotive ends the draw)
    s = position(2, hands=[hand(), hand()], face_up=[L, BLUE, GREEN, WHITE, BLACK],
                 deck=[PINK, YELLOW, ORANGE], discard=[0] * 9)
    s.apply(0)
    assert s.hands[0] == hand(loco=1)
    assert s.cur == 1 and s.phase == TURN


def test_note2_locomotive_cannot_be_second_even_if_revealed_after_first():
    # NOTES 2; rulebook: «Карты Вагонов»
    s = position(2, hands=[hand(), hand()], face_up=[RED, BLUE, GREEN, WHITE, BLACK],
                 deck=[PINK, YELLOW, L], discard=[0] * 9)
    s.apply(0)                      # the refill reveals a locomotive in slot 0
    assert s.face_up[0] == L and s.phase == SECOND
    assert 0 not in s.legal_actions()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="second card"):
        s.apply(0)
    assert snapshot(s) == before
    # a face-up locomotive after a blind first card is refused too
    s2 = position(2, hands=[hand(), hand()], face_up=[L, BLUE, GREEN, WHITE, BLACK],
                  deck=[PINK, YELLOW, ORANGE], discard=[0] * 9)
    s2.apply(TAKE_BLIND)
    assert 0 not in s2.legal_actions()
    with pytest.raises(IllegalAction):
        s2.apply(0)


def test_note2_blind_locomotive_counts_as_one_card():
    # NOTES 2
    s = position(2, hands=[hand(), hand()], face_up=[RED, BLUE, GREEN, WHITE, BLACK],
                 deck=[PINK, YELLOW, L], discard=[0] * 9)
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(loco=1) and s.phase == SECOND and s.cur == 0
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(loco=1, yellow=1) and s.cur == 1


def test_note3_three_face_up_locomotives_reset_the_row():
    # NOTES 3; rulebook: «Карты Вагонов» (3 face-up locomotives: discard all five, deal anew)
    deck = [RED, GREEN, BLUE, WHITE, BLACK, PINK, L]
    s = position(2, hands=[hand(), hand()], face_up=[RED, L, L, WHITE, BLACK], deck=deck,
                 discard=[0] * 9)
    s.apply(0)                      # slot 0 refills with a locomotive: three face up
    assert s.face_up.count(L) <= 2
    assert s.face_up == [PINK, BLACK, WHITE, BLUE, GREEN]
    assert s.discard == hand(white=1, black=1, loco=3)
    assert s.deck == [RED]
    assert s.phase == SECOND
    assert any(e["type"] == "face_up_reset" for e in s.events)


def test_note3_cascade_repeats_and_stops_when_it_cannot_help():
    # NOTES 3 (interpretation: stop when fewer than 3 non-locomotives exist in the row, the
    # deck and the discard pile)
    # repeat: the first new row has three locomotives again, the second does not
    deck = [RED, GREEN, BLUE, WHITE, BLACK, L, L, L, PINK, YELLOW, L]
    s = position(2, hands=[hand(), hand()], face_up=[RED, L, L, WHITE, BLACK], deck=deck,
                 discard=[0] * 9)
    s.apply(0)
    assert sum(1 for e in s.events if e["type"] == "face_up_reset") == 2
    assert s.face_up.count(L) <= 2
    # hopeless: only locomotives remain, the row stays with three of them
    s = position(2, hands=[hand(), hand()], face_up=[RED, L, L, WHITE, BLACK],
                 deck=[L, L, L], discard=[0] * 9)
    s.apply(0)
    assert s.face_up == [L, L, L, WHITE, BLACK]
    assert s.deck == [L, L] and s.discard == [0] * 9
    assert s.phase == SECOND


def test_note4_empty_deck_reshuffles_discards():
    # NOTES 4; rulebook: «Карты Вагонов» (the discard pile becomes the new deck)
    s = position(2, hands=[hand(), hand()], face_up=[RED, BLUE, GREEN, WHITE, BLACK],
                 deck=[], discard=hand(pink=3))
    assert TAKE_BLIND in s.legal_actions()
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(pink=1)
    assert s.discard == [0] * 9 and s.deck == [PINK, PINK]


def test_note4_no_card_draws_when_deck_and_discards_are_empty():
    # NOTES 4; rulebook: «Карты Вагонов» (then only claims or tickets)
    s = position(2, hands=[hand(red=2), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9)
    legal = s.legal_actions()
    assert TAKE_BLIND not in legal and not any(a < 5 for a in legal)
    assert DRAW_TICKETS in legal
    with pytest.raises(IllegalAction, match="both empty"):
        s.apply(TAKE_BLIND)
    with pytest.raises(IllegalAction, match="empty"):
        s.apply(0)


def test_note4_second_draw_with_one_card_left():
    # NOTES 4: one card in all, the draw ends after it
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[RED], discard=[0] * 9)
    s.apply(TAKE_BLIND)
    assert s.hands[0] == hand(red=1)
    assert s.cur == 1 and s.phase == TURN
    # only a face-up locomotive is left after the first card: no second card either
    s = position(2, hands=[hand(), hand()], face_up=[RED, L, -1, -1, -1], deck=[],
                 discard=[0] * 9)
    s.apply(0)
    assert s.cur == 1 and s.phase == TURN


def test_note4_empty_face_up_slots_refill_after_a_claim():
    # NOTES 4 (empty slots are filled as soon as cards exist again)
    r = route("Atlanta", "Nashville")            # gray, length 1
    s = position(2, hands=[hand(red=1), hand()], face_up=[BLUE, -1, -1, -1, -1], deck=[],
                 discard=[0] * 9)
    s.apply(claim(r))                            # one way to pay: paid at once
    assert s.deck == [] and s.discard == [0] * 9
    assert s.face_up == [BLUE, RED, -1, -1, -1]


# -- claiming ----------------------------------------------------------------------------

def test_note8_claim_payments():
    # NOTES 8; rulebook: «Создание железнодорожного маршрута» (a set of one colour, gray:
    # any one colour, locomotives wild, locomotives alone)
    r = route("Montreal", "New York")        # blue 3
    g = route("Montreal", "Toronto")          # gray 3
    s = position(2, hands=[hand(blue=2, red=3, green=1, loco=3), hand()])
    assert claim(r) in s.legal_actions() and claim(g) in s.legal_actions()
    t = s.clone()
    t.apply(claim(r))
    assert t.phase == PAY and t.pending == r and t.cur == 0
    assert payments_of(t) == {pay(BLUE, 1), pay(BLUE, 2), pay(None)}   # not 0: only 2 blue
    s.apply(claim(g))
    assert s.phase == PAY and s.pending == g
    assert payments_of(s) == {pay(RED, 0), pay(RED, 1), pay(RED, 2), pay(BLUE, 1),
                              pay(BLUE, 2), pay(GREEN, 2), pay(None)}   # not 1 green + 2 locos
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="cards"):
        s.apply(pay(GREEN, 0))
    with pytest.raises(IllegalAction, match="more locomotives"):
        s.apply(pay(RED, 3))
    assert snapshot(s) == before
    s.apply(pay(RED, 1))
    assert s.hands[0] == hand(blue=2, red=1, green=1, loco=2)
    assert s.discard[RED] >= 2 and s.discard[L] >= 1
    assert s.claimed[0] == (g,) and s.trains[0] == 42 and s.scores[0] == 1 + 4
    assert s.cur == 1 and s.phase == TURN and s.pending == -1   # one claim per turn
    # a coloured route refuses another colour
    t.apply(CANCEL)
    t.apply(claim(r))
    with pytest.raises(IllegalAction, match="blue"):
        t.apply(pay(RED, 0))


def test_note8_locomotives_alone_and_cards_to_discard():
    # NOTES 8
    r = route("Atlanta", "Miami")          # blue 5
    s = position(2, hands=[hand(loco=5), hand()], discard=[0] * 9)
    s.apply(claim(r))                      # locomotives only is the one payment: made at once
    assert s.hands[0] == [0] * 9 and s.discard == hand(loco=5)
    assert s.scores[0] == 1 + 10 and s.cur == 1


# -- the two decisions of a claim ----------------------------------------------------------

def test_claim_then_payment_only_for_the_pending_route():
    # rulebook: «Создание железнодорожного маршрута» (one claim per turn, paid in one colour)
    r = route("Montreal", "New York")        # blue 3
    g = route("Montreal", "Toronto")          # gray 3
    s = position(2, hands=[hand(blue=3, red=3, loco=1), hand()], trains=[45, 45])
    legal = s.legal_actions()
    assert claim(r) in legal and claim(g) in legal
    assert not [a for a in legal if a >= PAY_BASE]     # no payment before a claim
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="claim a route first"):
        s.apply(pay(BLUE, 0))
    assert snapshot(s) == before
    s.apply(claim(r))
    assert s.phase == PAY and s.pending == r
    obs = s.observation(1)
    assert obs["phase"] == "choose_payment" and obs["pending_route"] == r
    assert obs["can_cancel"] and obs["current_player"] == 0
    # only payments of the pending route (blue), and the way back
    assert s.legal_actions() == [CANCEL, pay(BLUE, 0), pay(BLUE, 1)]
    before = snapshot(s)
    for a in (pay(RED, 0), pay(RED, 1), pay(None), pay(BLUE, 2), claim(g), claim(r),
              TAKE_BLIND, 0, DRAW_TICKETS, PASS, keep(1), PAY_BASE + 49, 10_000):
        with pytest.raises(IllegalAction) as err:
            s.apply(a)
        assert str(err.value)
        assert snapshot(s) == before
    s.apply(pay(BLUE, 1))
    assert s.claimed[0] == (r,) and s.hands[0] == hand(blue=1, red=3)
    assert s.cur == 1 and s.phase == TURN and s.observation(None)["pending_route"] is None


def test_single_payment_is_made_with_the_claim():
    # rulebook: «Создание железнодорожного маршрута»: with one way to pay there is nothing
    # to choose, so the claim pays at once and the turn ends (the engine takes the forced
    # payment in the same apply, with its event after the claim's)
    r = route("Montreal", "New York")        # blue 3
    g = route("Montreal", "Toronto")          # gray 3
    s = position(2, hands=[hand(blue=3, red=2), hand()])
    t = s.clone()
    t.apply(claim(r))                        # blue 3 is the only way
    assert t.claimed[0] == (r,) and t.hands[0] == hand(red=2) and t.cur == 1
    assert t.phase == TURN and t.pending == -1
    assert [e["type"] for e in t.events] == ["claim_pending", "claim_route"]
    assert t.events[1]["color"] == "blue" and t.events[1]["locomotives"] == 0
    s.apply(claim(g))                        # gray 3: blue is the only colour with 3 cards
    assert s.claimed[0] == (g,) and s.hands[0] == hand(red=2)
    # two ways (blue or red with a locomotive): a payment decision follows
    s = position(2, hands=[hand(blue=3, red=2, loco=1), hand()])
    s.apply(claim(g))
    assert s.phase == PAY and [e["type"] for e in s.events] == ["claim_pending"]
    assert s.legal_actions() == [CANCEL, pay(RED, 1), pay(BLUE, 0), pay(BLUE, 1)]


def test_cancel_returns_to_the_start_of_the_turn_once():
    # interpretation: a pending claim may be taken back once per turn; nothing is counted
    r = route("Montreal", "New York")        # blue 3
    s = position(2, hands=[hand(blue=3, loco=2), hand()], trains=[45, 45])
    s.passes = 1
    start = snapshot(s)
    start_legal = s.legal_actions()
    assert CANCEL not in start_legal
    with pytest.raises(IllegalAction, match="nothing to take back"):
        s.apply(CANCEL)
    s.apply(claim(r))
    assert CANCEL in s.legal_actions()
    s.apply(CANCEL)
    assert [(e["type"], e["route"]) for e in s.events] == [("claim_cancel", r)]
    # the position is the turn's start again: same cards, turn, passes, last round
    after = snapshot(s)
    assert after[:-1] == start[:-1] and s.cancelled
    assert s.legal_actions() == start_legal
    assert s.observation(0)["phase"] == "turn" and s.observation(0)["pending_route"] is None
    # a second claim this turn cannot be taken back: the turn cannot go round for ever
    s.apply(claim(r))
    assert CANCEL not in s.legal_actions() and s.legal_actions()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="once per turn"):
        s.apply(CANCEL)
    assert snapshot(s) == before
    s.apply(pay(BLUE, 0))
    assert s.cur == 1 and not s.cancelled and s.pending == -1 and s.passes == 0
    # the next seat may take back a claim of its own again
    s.hands[1] = hand(blue=5, loco=2)
    s.apply(claim(route("Atlanta", "Miami")))
    assert CANCEL in s.legal_actions()


def test_cancel_then_another_action():
    # after taking a claim back the seat may do anything its turn allows
    r = route("Montreal", "New York")
    s = position(2, hands=[hand(blue=3, loco=2), hand()])
    s.apply(claim(r))
    s.apply(CANCEL)
    s.apply(TAKE_BLIND)
    assert s.phase == SECOND and s.cur == 0 and s.cancelled
    s.apply(TAKE_BLIND)
    assert s.cur == 1 and not s.cancelled and s.claimed[0] == ()
    s = position(2, hands=[hand(blue=3, loco=2), hand()])
    s.apply(claim(r))
    s.apply(CANCEL)
    claim_and_pay(s, route("Atlanta", "Miami"), BLUE, 2)
    assert s.claimed[0] == (route("Atlanta", "Miami"),) and s.cur == 1


def test_route_points_table():
    # rulebook: «Таблица подсчета очков» (1, 2, 4, 7, 10, 15 points)
    want = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    for length, pts in want.items():
        r = next(x for x in range(GAME.num_routes) if GAME.route_length[x] == length)
        s = position(2, hands=[hand(loco=6), hand()])
        claim_and_pay(s, r, None)
        assert s.scores[0] == 1 + pts


def test_claimed_route_is_closed_to_others():
    # rulebook: «Создание железнодорожного маршрута» (only free routes may be claimed)
    r = route("Atlanta", "Miami")
    s = position(2, hands=[hand(), hand(blue=5)], claimed={0: [r]}, cur=1)
    assert claim(r) not in s.legal_actions()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="already claimed"):
        s.apply(claim(r))
    assert snapshot(s) == before


def test_note1_double_routes_two_or_three_players():
    # NOTES 1; rulebook: «Создание железнодорожного маршрута», Важное замечание
    a, b = route("Boston", "New York", 0), route("Boston", "New York", 1)   # red / yellow
    for n in (2, 3):
        hands = [hand(red=2, yellow=2)] * n
        s = position(n, hands=hands)
        assert claim(a) in s.legal_actions() and claim(b) in s.legal_actions()
        claim_and_pay(s, a, RED)
        for seat in range(n):
            t = s.clone()
            t.cur = seat
            assert claim(b) not in t.legal_actions()
        with pytest.raises(IllegalAction, match="only one track"):
            s.apply(claim(b))
        assert b in s.observation(None)["closed_routes"]


def test_note1_double_routes_four_or_five_players():
    # NOTES 1; rulebook: «Создание железнодорожного маршрута» (never both by one player)
    a, b = route("Boston", "New York", 0), route("Boston", "New York", 1)
    for n in (4, 5):
        s = position(n, hands=[hand(red=2, yellow=2)] * n)
        claim_and_pay(s, a, RED)
        assert s.cur == 1 and claim(b) in s.legal_actions()
        t = s.clone()
        t.cur = 0
        assert claim(b) not in t.legal_actions()
        with pytest.raises(IllegalAction, match="other track"):
            t.apply(claim(b))
        claim_and_pay(s, b, YELLOW)
        assert s.claimed[1] == (b,)


# -- end of game -------------------------------------------------------------------------

def test_note6_last_round_everyone_including_trigger_plays_once_more():
    # NOTES 6; rulebook: «Конец игры» (0-2 trains left at the end of a turn)
    r = route("Atlanta", "Nashville")        # length 1
    s = position(3, hands=[hand(red=5)] * 3, trains=[3, 20, 20])
    claim_and_pay(s, r, RED)                 # 2 trains left: last round begins
    assert s.trains[0] == 2 and s.turns_left == 3
    seen = []
    while s.phase != OVER:
        seen.append(s.cur)
        s.apply(TAKE_BLIND)
        if s.phase == SECOND:
            s.apply(TAKE_BLIND)
    assert seen == [1, 2, 0]
    assert s.result().reason == "last_round"


def test_note6_three_trains_do_not_trigger_and_long_routes_refused():
    # NOTES 6
    r = route("Atlanta", "Nashville")
    s = position(2, hands=[hand(red=5, loco=5), hand()], trains=[4, 20])
    claim_and_pay(s, r, RED)
    assert s.trains[0] == 3 and s.turns_left == -1
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)
    m = route("Atlanta", "Miami")             # 5 spaces, 3 trains left
    assert claim(m) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="trains"):
        s.apply(claim(m))


def test_note5_pass_only_without_legal_action_and_all_pass_ends():
    # NOTES 5
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[])
    assert s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.cur == 1 and s.phase == TURN
    assert s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == OVER and s.result().reason == "no_moves"
    # with any other action, passing is refused
    s = position(2, hands=[hand(), hand()], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[ticket("Denver", "El Paso")])
    assert PASS not in s.legal_actions()
    with pytest.raises(IllegalAction, match="pass"):
        s.apply(PASS)


def test_note5_a_pass_breaks_no_chain_when_someone_can_act():
    # NOTES 5: only a full round of passes ends the game
    r = route("Atlanta", "Nashville")
    s = position(2, hands=[hand(), hand(red=1)], face_up=[-1] * 5, deck=[], discard=[0] * 9,
                 pile=[])
    s.apply(PASS)
    assert s.cur == 1 and claim(r) in s.legal_actions()
    s.apply(claim(r))
    assert s.phase == TURN and s.passes == 0


def test_note5_a_cancelled_claim_is_not_a_pass():
    # NOTES 5 with a claim taken back: the passes before it still count, nothing is added
    r = route("Atlanta", "Nashville")        # gray 1
    s = position(2, hands=[hand(), hand(red=1, blue=1)], face_up=[-1] * 5, deck=[],
                 discard=[0] * 9, pile=[])
    s.apply(PASS)
    s.apply(claim(r))
    assert s.phase == PAY and s.passes == 1
    s.apply(CANCEL)
    assert s.passes == 1 and s.cur == 1 and s.phase == TURN and PASS not in s.legal_actions()
    s.apply(claim(r))
    s.apply(pay(BLUE, 0))
    assert s.passes == 0 and s.claimed[1] == (r,)


# -- scoring -----------------------------------------------------------------------------

def _finish(s):
    s.phase = OVER
    s.reason = "last_round"
    s._result = None
    return s.result()


def test_ticket_completion_adds_and_failure_subtracts():
    # rulebook: «Подсчет очков» (+ ticket value when connected, − when not)
    de, dp = ticket("Denver", "El Paso"), ticket("Denver", "Pittsburgh")
    net = [route("Denver", "Santa Fe"), route("El Paso", "Santa Fe")]
    s = position(2, claimed={0: net}, tickets=[(de, dp), ()])
    res = _finish(s)
    assert s.completed_tickets(0) == [True, False]
    assert res.details[0]["ticket_points"] == 4 - 11
    # route points + start 1 + tickets + longest path bonus (4 spaces beat none)
    assert res.scores[0] == 1 + 4 + (4 - 11) + 10
    assert res.scores[1] == 1


def test_note9_longest_path_is_a_trail_with_loops_and_branches():
    # NOTES 9; rulebook: «Подсчет очков» (longest continuous path, counted in trains)
    lp = GAME.longest_path
    assert lp([]) == (0, ())
    # a loop with a tail: Denver-Omaha 4, Omaha-KC 1, KC-Denver 4, Denver-Santa Fe 2:
    # start at Santa Fe, go round the loop back to Denver: 2 + 4 + 1 + 4 = 11
    loop = [route("Denver", "Omaha"), route("Kansas City", "Omaha"),
            route("Denver", "Kansas City"), route("Denver", "Santa Fe")]
    assert lp(loop)[0] == 11
    # a branch: Helena-Denver 4 with branches Denver-Santa Fe 2 and Denver-Salt Lake 3:
    # the best trail takes the two longest arms
    star = [route("Denver", "Helena"), route("Denver", "Santa Fe"),
            route("Denver", "Salt Lake City")]
    assert lp(star)[0] == 7
    # a figure eight through Denver: both loops, Denver visited twice
    eight = loop[:3] + [route("Denver", "Santa Fe"), route("Oklahoma City", "Santa Fe"),
                        route("Denver", "Oklahoma City")]
    assert lp(eight)[0] == 4 + 1 + 4 + 2 + 3 + 4
    # both tracks of a double route form a loop of two
    dbl = [route("Kansas City", "Omaha", 0), route("Kansas City", "Omaha", 1),
           route("Denver", "Omaha")]
    assert lp(dbl)[0] == 6
    # two separate networks: the longer counts, not the sum
    two = [route("Atlanta", "Miami"), route("Seattle", "Vancouver")]
    assert lp(two)[0] == 5
    length, trail = lp(eight)
    assert sorted(trail) == sorted(eight)


def test_note9_longest_path_ties_share_bonus_and_no_track_never_ties():
    # NOTES 9; rulebook: «Подсчет очков» (every tied player gets 10)
    a = [route("Atlanta", "Miami")]                   # 5
    b = [route("Chicago", "Pittsburgh", 0), route("Chicago", "Saint Louis", 0)]   # 3 + 2
    c = [route("Seattle", "Vancouver")]               # 1
    s = position(4, claimed={0: a, 1: b, 2: c}, tickets=[()] * 4)
    res = _finish(s)
    assert [d["longest_path_bonus"] for d in res.details] == [True, True, False, False]
    assert res.scores == (1 + 10 + 10, 1 + 4 + 2 + 10, 1 + 1, 1)
    s = position(2, claimed={}, tickets=[(), ()])
    res = _finish(s)
    assert [d["longest_path_bonus"] for d in res.details] == [False, False]
    assert res.scores == (1, 1)


def test_note10_tie_breaks():
    # NOTES 10; rulebook: «Подсчет очков» (most completed tickets, then longest path)
    de = ticket("Denver", "El Paso")                  # 4
    # seat 0: Denver-Santa Fe-El Paso (2 + 2 route points, ticket +4 done) -> 1 + 4 + 4
    # seat 1: Atlanta-Miami (10 route points), no ticket, 5 spaces
    s = position(2, claimed={0: [route("Denver", "Santa Fe"), route("El Paso", "Santa Fe")],
                             1: [route("Atlanta", "Miami")]},
                 tickets=[(de,), ()])
    res = _finish(s)
    # seat 1 has the longest path (5 > 4): 1 + 10 + 10 = 21; seat 0: 1 + 4 + 4 = 9
    assert res.scores == (9, 21) and res.winners == (1,)
    # equal points: more completed tickets wins
    s = position(2, claimed={0: [route("Denver", "Santa Fe"), route("El Paso", "Santa Fe")],
                             1: [route("Denver", "Helena")]},
                 tickets=[(de,), ()])
    res = _finish(s)
    # seat 0: 1 + 4 + 4 = 9, longest 4 (tie with seat 1: both +10) -> 19
    # seat 1: 1 + 7 + 10 = 18
    assert res.scores == (19, 18)
    s.scores[1] += 1                       # now 19 each; seat 0 completed one ticket
    res = _finish(s)
    assert res.scores == (19, 19) and res.winners == (0,)
    # equal points and tickets: the longer path wins
    s = position(2, claimed={0: [route("Atlanta", "Miami")], 1: [route("Denver", "Helena")]},
                 tickets=[(), ()])
    s.scores = [20, 30]                    # seat 0 gets the bonus: 30 each
    res = _finish(s)
    assert res.scores == (30, 30)
    assert res.details[0]["longest_path"] == 5 and res.details[1]["longest_path"] == 4
    assert res.winners == (0,)
    # everything equal: a shared win
    s.claimed = [(route("Atlanta", "Miami"),), (route("Atlanta", "New Orleans"),
                                                 route("Atlanta", "Nashville"))]
    s.scores = [20, 20]
    res = _finish(s)
    assert res.scores == (30, 30) and res.winners == (0, 1)


def test_scoring_marker_starts_on_one():
    # rulebook: «Подготовка к игре» (markers on «1»); interpretation documented in the docs
    s = started(2)
    assert s.observation(None)["scores"] == [1, 1]


def test_kartochki_vagonov_three_locomotives_flushed_once_a_claim_makes_it_possible():
    # rulebook: «Карты Вагонов» (three face-up locomotives: the row is discarded and dealt
    # anew whenever it happens, also when cards paid for a claim make a new row possible)
    r = route("Atlanta", "Nashville")            # gray, length 1
    # the row rightly kept three locomotives: two other cards were left outside the hands
    s = position(2, hands=[hand(red=1), hand()], face_up=[L, L, L, WHITE, BLACK], deck=[],
                 discard=[0] * 9)
    assert {a for a in s.legal_actions() if a < 5} == {0, 1, 2, 3, 4}
    # the claim puts a red card on the discard pile: a row of fewer locomotives exists now
    s.apply(claim(r))
    assert s.cur == 1 and s.phase == TURN
    assert sorted(s.face_up) == sorted([RED, WHITE, BLACK, L, L])
    assert s.face_up.count(L) == 2
    assert "face_up_reset" in [e["type"] for e in s.events]
    assert s.deck == [L] and s.discard == [0] * 9


def test_kartochki_vagonov_the_deck_is_rebuilt_from_the_discards_the_moment_it_runs_out():
    # rulebook: «Карты Вагонов» (when the deck runs out, the discard pile is shuffled and
    # becomes the new deck): seat 0 draws the deck's last two cards with two yellow cards
    # on the discard pile; those two are the new deck at once, and the six red cards seat 1
    # pays for a claim on the next turn wait on the discard pile for the next time
    r = route("Miami", "New Orleans")            # red, length 6
    s = position(2, hands=[hand(), hand(red=6)], face_up=[BLUE, GREEN, WHITE, BLACK, BLUE],
                 deck=[PINK, PINK], discard=hand(yellow=2))
    s.apply(TAKE_BLIND)
    assert s.deck == [PINK] and s.discard == hand(yellow=2)
    s.apply(TAKE_BLIND)                          # the last card of the deck
    assert s.hands[0] == hand(pink=2)
    assert s.deck == [YELLOW, YELLOW] and s.discard == [0] * 9
    assert [e["type"] for e in s.events] == ["take_blind", "take_blind", "reshuffle"]
    assert s.events[-1] == {"type": "reshuffle", "cards": 2, "to": None}
    obs = s.observation(None)
    assert obs["deck"] == 2 and obs["discard"] == 0
    s.apply(claim(r))                            # one way to pay: paid at once
    assert s.claimed[1] == (r,) and s.cur == 0
    assert s.deck == [YELLOW, YELLOW] and s.discard == hand(red=6)
    assert "reshuffle" not in [e["type"] for e in s.events]
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)                          # the new deck's two cards
    assert s.hands[0] == hand(pink=2, yellow=2)
    # and the deck ran out again: now the six red cards are the deck
    assert s.deck == [RED] * 6 and s.discard == [0] * 9


@pytest.mark.parametrize("face_up, deck_after, shown", [
    ([BLUE, GREEN, WHITE, BLACK, PINK], [RED] * 3, []),
    ([BLUE, -1, WHITE, -1, PINK], [RED], [1, 3]),
])
def test_kartochki_vagonov_cards_paid_while_the_deck_is_empty_are_the_new_deck_at_once(
        face_up, deck_after, shown):
    # rulebook: «Карты Вагонов» (the discard pile becomes the new deck when the deck runs
    # out) and «Создание железнодорожного маршрута» (paid cards go to the discard pile):
    # with deck and discards empty, the three red cards paid for a claim are the deck at
    # once; empty face-up slots are then filled from it (NOTES 4)
    r = route("Chicago", "Duluth")               # red, length 3
    s = position(2, hands=[hand(red=3), hand()], face_up=face_up, deck=[], discard=[0] * 9)
    s.apply(claim(r))                            # one way to pay: paid at once
    assert s.claimed[0] == (r,) and s.cur == 1
    assert s.deck == deck_after and s.discard == [0] * 9
    types = [e["type"] for e in s.events]
    assert types == ["claim_pending", "claim_route", "reshuffle"] + ["face_up"] * len(shown)
    assert s.events[2] == {"type": "reshuffle", "cards": 3, "to": None}
    assert [e["slot"] for e in s.events[3:]] == shown
    assert all(s.face_up[i] == RED for i in shown)
    obs = s.observation(1)
    assert obs["deck"] == len(deck_after) and obs["discard"] == 0
    assert TAKE_BLIND in s.legal_actions()


def test_kartochki_vagonov_face_up_cards_remain_takeable_when_deck_and_discards_are_empty():
    # rulebook: «Карты Вагонов» (with the deck gone and the discard pile empty, "all cards in
    # the players' hands", no train cards may be taken): the project reads the sentence as
    # the case where nothing is left to take (docs interpretation 6): face-up cards that
    # remain may still be taken; only the blind draw is refused
    s = position(2, hands=[hand(red=2), hand()], face_up=[RED, -1, BLUE, -1, -1], deck=[],
                 discard=[0] * 9)
    legal = s.legal_actions()
    assert [a for a in legal if a <= TAKE_BLIND] == [0, 2]
    with pytest.raises(IllegalAction, match="both empty"):
        s.apply(TAKE_BLIND)
    s.apply(2)                                   # blue; nothing refills its slot
    assert s.phase == SECOND and s.face_up == [RED, -1, -1, -1, -1]
    assert s.legal_actions() == [0]
    with pytest.raises(IllegalAction, match="both empty"):
        s.apply(TAKE_BLIND)
    s.apply(0)
    assert s.hands[0] == hand(red=3, blue=1) and s.cur == 1 and s.face_up == [-1] * 5


def test_kartochki_vagonov_a_reset_row_that_takes_the_last_card_is_replaced_before_the_reshuffle():
    # rulebook: «Карты Вагонов» (three face-up locomotives: the row is discarded and dealt
    # anew; an exhausted deck is rebuilt from the discard pile), NOTES 3 and docs
    # interpretation 5: a cascade of resets is one operation. The second row takes the
    # deck's last card and shows three locomotives again: it is discarded before the
    # discard pile becomes the deck, so both rows go into it (ten cards). Shuffling the
    # first row in alone would deal the two rows in turn for ever, each with three
    # locomotives.
    s = position(2, hands=[hand(), hand()], face_up=[ORANGE, L, L, RED, BLACK],
                 deck=[GREEN, L, L, L, WHITE, L], discard=[0] * 9)
    s.apply(0)                  # orange; a locomotive refills slot 0: three face up
    types = [e["type"] for e in s.events]
    assert types[:5] == ["take_face_up", "face_up", "face_up_reset", "face_up_row",
                         "face_up_reset"]
    assert s.events[3]["cards"] == ["white", "locomotive", "locomotive", "locomotive",
                                    "green"]
    assert s.events[5] == {"type": "reshuffle", "cards": 10, "to": None}
    assert s.face_up.count(L) <= 2 and -1 not in s.face_up
    assert len(s.deck) == 5 and s.discard == [0] * 9 and s.phase == SECOND
