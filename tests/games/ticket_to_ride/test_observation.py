"""What each seat and a spectator see: whole observations of hand-built positions (the map
left out: test_data.py checks it), compared key by key with what the rulebook lets each of
them know. Positions from helpers.py, then played through `apply`."""

from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import CANCEL, DRAW_TICKETS, LOCO, TAKE_BLIND
from railtable.games.ticket_to_ride.rules import OVER

from .helpers import (BLUE, GREEN, ORANGE, RED, WHITE, claim, hand, keep, pay, position, route,
                      ticket)

L = LOCO


def seen(s, p):
    obs = s.observation(p)
    assert obs.pop("map") is GAME.map_json()
    return obs


def ticket_json(a, b, points, completed=None):
    d = {"id": ticket(a, b), "a": GAME.city_names.index(a), "b": GAME.city_names.index(b),
         "points": points}
    if completed is not None:
        d["completed"] = completed
    return d


def three_seats():
    """Three seats mid-game, seat 2 to play. Seat 0: Atlanta-Miami (blue 5) and the ticket
    Boston-Miami (12, open); seat 1: nothing; seat 2: Boston-New York (red 2), Denver-Santa
    Fe and El Paso-Santa Fe (gray 2 each), the tickets Denver-El Paso (4, connected) and
    Kansas City-Houston (5, neither city reached)."""
    am, bn = route("Atlanta", "Miami"), route("Boston", "New York", 0)
    ds, es = route("Denver", "Santa Fe"), route("El Paso", "Santa Fe")
    s = position(3, hands=[hand(red=2, loco=1), hand(blue=1), hand(green=3, loco=2)],
                 face_up=[RED, ORANGE, L, -1, BLUE], deck=[WHITE] * 4,
                 discard=hand(pink=2, black=1), claimed={0: (am,), 2: (bn, ds, es)},
                 tickets=[(ticket("Boston", "Miami"),), (),
                          (ticket("Denver", "El Paso"), ticket("Kansas City", "Houston"))],
                 pile=[ticket("Duluth", "Houston"), ticket("Seattle", "New York")], cur=2)
    return s, (am, bn, ds, es)


def test_every_seat_sees_the_board_the_cards_counts_and_only_its_own_hand_and_tickets():
    # rulebook: «Подготовка к игре» and «Ход игры» (train cards in hand and tickets are kept
    # hidden; face-up cards, track, trains and the scoring track are public; the discard
    # pile is face up)
    s, (am, bn, ds, es) = three_seats()
    routes = [None] * GAME.num_routes
    routes[am] = 0
    for r in (bn, ds, es):
        routes[r] = 2
    public = {
        "game": "ticket_to_ride", "current_player": 2, "phase": "turn", "round": None,
        "scores": [1 + 10, 1, 1 + 2 + 2 + 2], "result": None,
        "num_players": 3, "trains": [45 - 5, 45, 45 - 6], "hand_counts": [3, 1, 5],
        "known_cards": [{}, {}, {}], "ticket_counts": [1, 0, 2], "offer_counts": [0, 0, 0],
        "face_up": ["red", "orange", "locomotive", None, "blue"], "deck": 4, "discard": 3,
        "discard_cards": {"pink": 2, "black": 1}, "ticket_pile": 2, "routes": routes,
        # three players: the other track of Boston-New York is closed to everyone
        "closed_routes": [route("Boston", "New York", 1)],
        "claimed": [[am], [], [bn, ds, es]], "last_round": False, "turns_left": None,
        "keep_min": None, "pending_route": None, "can_cancel": False}
    assert seen(s, None) == public | {"seat": None}
    assert seen(s, 2) == public | {
        "seat": 2, "hand": {"green": 3, "locomotive": 2},
        "tickets": [ticket_json("Denver", "El Paso", 4, True),
                    ticket_json("Kansas City", "Houston", 5, False)],
        "offer": []}
    assert seen(s, 0) == public | {
        "seat": 0, "hand": {"red": 2, "locomotive": 1},
        "tickets": [ticket_json("Boston", "Miami", 12, False)], "offer": []}
    assert seen(s, 1) == public | {"seat": 1, "hand": {"blue": 1}, "tickets": [], "offer": []}


def test_the_final_observation_reveals_every_ticket_and_each_longest_path():
    # rulebook: «Подсчет очков» (tickets revealed and counted, + when connected and - when
    # not; 10 points for the longest continuous path)
    s, (am, bn, ds, es) = three_seats()
    s.pile = []
    s.face_up = [-1] * 5
    s.deck = []
    s.discard = [0] * 9
    s.hands = [hand(), hand(), hand()]
    s.known = [hand(), hand(), hand()]
    for _ in range(3):
        s.apply(s.legal_actions()[0])        # nothing to do but pass: a round of passes
    assert s.phase == OVER
    obs = seen(s, 1)
    assert obs["final"] == {
        "tickets": [[ticket_json("Boston", "Miami", 12, False)], [],
                    [ticket_json("Denver", "El Paso", 4, True),
                     ticket_json("Kansas City", "Houston", 5, False)]],
        "longest_path_routes": [[am], [], obs["final"]["longest_path_routes"][2]]}
    # seat 2's longest path: Denver-Santa Fe-El Paso, 4 spaces (Boston-New York is apart)
    assert sorted(obs["final"]["longest_path_routes"][2]) == sorted([ds, es])
    # seat 0: 1 + 10 - 12 + 10 (5 spaces, the longest) = 9; seat 2: 1 + 6 + 4 - 5 = 6
    assert obs["result"]["scores"] == [9, 1, 6] and obs["result"]["winners"] == [0]
    assert obs["current_player"] is None and obs["phase"] == "over"
    assert (obs["pending_route"], obs["can_cancel"], obs["keep_min"], obs["last_round"],
            obs["turns_left"]) == (None, False, None, False, None)


def test_a_game_ending_on_a_payment_shows_no_claim_waiting():
    # rulebook: «Конец игры» (the last turn of the last round ends the game): it ends on a
    # claim paid with a choice of payments, and nothing is left waiting
    r = route("Dallas", "El Paso")                    # red, 4
    s = position(2, hands=[hand(), hand(red=4, loco=1)], face_up=[BLUE] * 5,
                 deck=[GREEN] * 10, discard=[0] * 9, cur=1)
    s.turns_left = 1                                  # seat 1 plays the game's last turn
    s.apply(claim(r))
    s.apply(pay(RED, 1))
    assert s.phase == OVER
    obs = seen(s, 0)
    assert (obs["pending_route"], obs["can_cancel"], obs["turns_left"]) == (None, False, 0)
    assert obs["claimed"] == [[], [r]] and obs["result"]["reason"] == "last_round"


def test_before_the_end_the_result_is_unfinished_and_counts_tickets_so_far():
    # rulebook: «Подсчет очков» (the count is made at the end: before it there is no winner)
    s, _ = three_seats()
    res = s.result()
    assert res.reason == "unfinished" and res.winners == ()
    assert res.scores == (1 + 10 - 12 + 10, 1, 1 + 6 + 4 - 5)
    assert [d["tickets_completed"] for d in res.details] == [0, 0, 1]
    assert [d["tickets_failed"] for d in res.details] == [1, 0, 1]
    assert [d["route_points"] for d in res.details] == [10, 0, 6]
    assert [d["trains_left"] for d in res.details] == [40, 45, 39]
    assert s.observation(0)["result"] is None


def test_starting_and_later_ticket_offers_are_seen_by_their_holder_only():
    # rulebook: «Подготовка к игре» (three tickets dealt, at least two kept) and «Взятие
    # новых карт маршрутов» (three drawn, at least one kept)
    s = GAME.new_state(3, 4)
    offers = [list(o) for o in s.offer]
    for p in range(3):
        obs = seen(s, p)
        assert obs["phase"] == "initial_tickets" and obs["keep_min"] == 2
        assert [t["id"] for t in obs["offer"]] == offers[p]
        assert all("completed" not in t for t in obs["offer"])
        assert obs["offer_counts"] == [3, 3, 3] and obs["ticket_counts"] == [0, 0, 0]
        assert obs["ticket_pile"] == 30 - 9 and obs["hand_counts"] == [4, 4, 4]
    assert "offer" not in seen(s, None)
    s.apply(keep(0b110))
    assert seen(s, 2)["offer_counts"] == [0, 3, 3] and seen(s, 2)["ticket_counts"] == [2, 0, 0]
    assert seen(s, 0)["ticket_pile"] == 30 - 9 + 1
    s.apply(keep(0b111))
    s.apply(keep(0b111))
    assert seen(s, 1)["keep_min"] is None
    s.apply(DRAW_TICKETS)                   # seat 0 draws three
    obs = seen(s, 0)
    assert obs["phase"] == "choose_tickets" and obs["keep_min"] == 1
    assert [t["id"] for t in obs["offer"]] == list(s.offer[0]) and len(obs["offer"]) == 3
    assert seen(s, 2)["offer"] == [] and seen(s, 2)["offer_counts"] == [3, 0, 0]


def test_a_pending_claim_and_whether_it_can_be_taken_back_are_public():
    # rulebook: «Захват маршрутов» (the claim and its cards are laid down in view of all);
    # a claim may be taken back once a turn
    r = route("Dallas", "El Paso")                    # red, 4
    s = position(2, hands=[hand(), hand(red=4, loco=2)], face_up=[BLUE] * 5,
                 deck=[GREEN] * 5, discard=[0] * 9, cur=1)
    s.apply(claim(r))
    for p in (None, 0, 1):
        obs = seen(s, p)
        assert obs["phase"] == "choose_payment" and obs["pending_route"] == r
        assert obs["can_cancel"] is True and obs["current_player"] == 1
    s.apply(CANCEL)
    assert seen(s, 0)["pending_route"] is None and seen(s, 0)["can_cancel"] is False
    s.apply(claim(r))
    assert seen(s, 0)["pending_route"] == r and seen(s, 0)["can_cancel"] is False
    s.apply(pay(RED, 2))
    obs = seen(s, 0)
    assert obs["pending_route"] is None and obs["discard_cards"] == {"red": 2, "locomotive": 2}
    assert obs["discard"] == 4 and obs["hand_counts"] == [0, 2]


def test_cards_taken_face_up_stay_known_until_they_are_paid():
    # rulebook: «Карты Вагонов» (face-up cards are taken in view of all, blind ones not);
    # cards paid for a route go face up to the discard pile
    r = route("Boston", "New York", 1)                # yellow, 2
    s = position(2, hands=[hand(), hand()], face_up=[2, 2, L, GREEN, BLUE],
                 deck=[GREEN] * 11 + [L, GREEN, GREEN, WHITE, 2], discard=[0] * 9)
    s.apply(0)
    s.apply(1)                                        # seat 0 takes two yellow face up
    assert seen(s, 1)["known_cards"] == [{"yellow": 2}, {}]
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)                               # seat 1
    s.apply(2)                                        # seat 0 takes the locomotive
    assert seen(s, 1)["known_cards"] == [{"yellow": 2, "locomotive": 1}, {}]
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)
    assert s.face_up[2] == L
    s.apply(2)                                        # and the one that replaced it
    s.apply(TAKE_BLIND)
    s.apply(TAKE_BLIND)
    assert s.cur == 0 and s.hands[0] == hand(yellow=2, loco=2)
    assert seen(s, 1)["known_cards"] == [{"yellow": 2, "locomotive": 2}, {}]
    s.apply(claim(r))
    s.apply(pay(2, 1))                                # one yellow and one locomotive
    assert seen(s, 1)["known_cards"] == [{"yellow": 1, "locomotive": 1}, {}]
    assert s.hands[0] == hand(yellow=1, loco=1)


def test_with_four_players_the_other_track_of_a_double_route_stays_open():
    # rulebook: «Захват маршрутов» (with 4 or 5 players both tracks of a double route may be
    # claimed, by different players)
    bn = route("Boston", "New York", 0)
    for n, closed in ((2, [route("Boston", "New York", 1)]), (3, [route("Boston", "New York", 1)]),
                      (4, []), (5, [])):
        s = position(n, claimed={n - 1: (bn,)})
        assert seen(s, None)["closed_routes"] == closed
        assert seen(s, 0)["routes"][bn] == n - 1


def test_the_last_round_is_public_and_counts_down_to_the_end():
    # rulebook: «Конец игры» (two trains or fewer: every player, this one included, plays
    # one more turn)
    r = route("Atlanta", "Nashville")                 # gray, 1
    s = position(3, hands=[hand(red=1)] * 3, face_up=[BLUE] * 5, deck=[GREEN] * 20,
                 discard=[0] * 9, trains=[30, 3, 30], cur=1)
    assert seen(s, 0)["last_round"] is False and seen(s, 0)["turns_left"] is None
    s.apply(claim(r))                                 # seat 1: 2 trains left
    for left in (3, 2, 1):
        obs = seen(s, None)
        assert obs["last_round"] is True and obs["turns_left"] == left
        s.apply(TAKE_BLIND)
        s.apply(TAKE_BLIND)
    obs = seen(s, 2)
    assert obs["phase"] == "over" and obs["last_round"] is True and obs["turns_left"] == 0


def test_a_seat_number_outside_the_game_sees_what_a_spectator_sees():
    # what a player's cards and tickets are is for that player alone: a seat number that is
    # no player's (below 0, or from the number of players up) gets the spectator's view
    s, _ = three_seats()
    spectator = seen(s, None)
    for seat in (-1, 3, 4, 7):
        obs = seen(s, seat)
        assert obs.pop("seat") == seat
        assert obs == {k: v for k, v in spectator.items() if k != "seat"}
