"""Rule tests named after the rulebook's sections, for cases the other files leave open
(found by mutation testing, docs/developing.md): the action that ends with an upgrade, the
track tiles' shapes in every direction, a Major Line completed by building, seat 0 winning
the first-player auction, unfinished track removed whatever edge it leaves by, and held cards
in the middle of a build. Positions come from helpers.py and the builders below, then are
played through legal actions; expected values are the rulebook's (and the project's own
card and locomotive tables where the rulebook prints none, docs/games/railways_of_the_world.md)."""

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_BUILD_AT, A_CARD, A_FINISH, A_NOTE, A_PASS_BID, A_PASS_TURN, A_STEP,
    A_RAISE_MORE, A_TAKE_CARD, A_UPGRADE, A_USE_CARD)
from tests.games.railways_of_the_world.helpers import (
    M, build_link, city, fresh, give, near_pairs, route, to_turn)


def obs_player(s, p):
    return s.observation(p)["players"][p]


# -- Фаза 2, Модернизация локомотивов ----------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1, 2])
def test_upgrading_the_locomotives_is_the_whole_action(seat):
    # rulebook: Фаза 2. Действия игроков (one action a turn) and Модернизация локомотивов
    # (one level up, paid at the card's price)
    s = to_turn(fresh(3, 1), 0)
    for p in range(3):
        give(s, p, 20000)
    while s.current_player() != seat:
        s.apply(A_UPGRADE)
    before = obs_player(s, seat)["cash"]
    s.apply(A_UPGRADE)
    assert obs_player(s, seat)["locomotive"] == 2
    assert before - obs_player(s, seat)["cash"] == GAME.loco_cost[2]
    obs = s.observation(None)
    assert obs["phase"] == "choose_action"
    if seat < 2:
        assert obs["current_player"] == seat + 1 and obs["turn"] == 1
    else:  # the last seat's action closes the first turn of the round
        assert obs["current_player"] == 0 and obs["turn"] == 2


# -- Прокладывание рельсов: tile shapes ----------------------------------------------------

def straight_run(d):
    """The first city hex with two plain hexes and no city in a straight line along
    direction d, and the hexes on both sides of the first of them open too: (city hex,
    first hex)."""
    nb, city_at = M.nb, M.city_at
    for h in M.city_hex:
        x = nb[h * 6 + d]
        if x < 0 or city_at[x] >= 0:
            continue
        outs = [nb[x * 6 + (d + k) % 6] for k in (-2, -1, 0, 1, 2)]
        if all(t >= 0 and city_at[t] < 0 for t in outs) and \
                all(not M.ridge[x * 6 + (d + k) % 6] for k in (-1, 0, 1)):
            return h, x
    raise AssertionError(f"no straight run in direction {d}")


@pytest.mark.parametrize("d", range(6))
def test_track_runs_straight_or_in_a_gentle_curve_in_every_direction(d):
    # rulebook: Прокладывание рельсов (straight and curved tiles; a tile joins the track
    # already laid): from a tile entered going in direction d, the next goes on in
    # direction d (straight) or d ± 1 (the curve), never in a sharp turn
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 40000)
    h, x = straight_run(d)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + d)
    steps = {a - A_STEP for a in s.legal_actions() if A_STEP <= a < A_STEP + 6}
    assert steps == {(d - 1) % 6, d, (d + 1) % 6}
    s.apply(A_STEP + d)  # straight on
    track = s.observation(0)["building"]["track"]
    assert [t[3] for t in track] == [d, -1] and track[1][2] == (d + 3) % 6


# -- Прокладывание рельсов: unfinished links ---------------------------------------------

def play_out_the_round(s):
    """Finish the round through legal actions: every remaining turn passes, or takes an
    operations card when passing is not allowed (it is only when no action is possible);
    other decisions take the first legal choice that is not a note."""
    r = s.round
    while s.round == r:
        legal = s.legal_actions()
        if A_PASS_TURN in legal:
            s.apply(A_PASS_TURN)
        elif s.phase == R.PH_TURN and A_CARD in legal:
            s.apply(A_CARD)
        else:  # never a note: notes are always on offer (Деньги и займы) and end nothing
            s.apply(next(a for a in legal if a != A_NOTE))


@pytest.mark.parametrize("d", range(6))
def test_unfinished_track_is_removed_whatever_edge_it_leaves_by(d):
    # rulebook: Прокладывание рельсов (at the end of the round every tile of an unfinished
    # link is removed): both tiles, so the hexes are open again in every direction
    s = to_turn(fresh(2, 4), 0)
    give(s, 0, 40000)
    h, x = straight_run(d)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + d)
    s.apply(A_STEP + d)
    s.apply(A_FINISH)
    unfinished = s.observation(None)["unfinished"]
    assert len(unfinished) == 1 and [t[3] for t in unfinished[0]["track"]] == [d, -1]
    play_out_the_round(s)
    assert s.observation(None)["unfinished"] == [] and s.observation(None)["links"] == []
    # the same track again: its first tile may leave by edge d as before
    to_turn(s, 0)
    give(s, 0, 40000)
    s.apply(A_BUILD)
    assert A_BUILD_AT + h in s.legal_actions()
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + d)
    assert A_STEP + d in s.legal_actions()
    s.apply(A_STEP + d)
    assert [t[3] for t in s.observation(0)["building"]["track"]] == [d, -1]


# -- Получение карты операции, green circle: Major Line -------------------------------------

def buildable_path(s, a, b):
    """Cities from a to b, each next one 2-3 hexes away with a link of at most four tiles
    buildable now (breadth first)."""
    nbr = {}
    for x, y in near_pairs(2, 3):
        nbr.setdefault(x, []).append(y)
        nbr.setdefault(y, []).append(x)
    prev = {a: None}
    todo = [a]
    while todo and b not in prev:
        x = todo.pop(0)
        for y in sorted(nbr.get(x, [])):
            if y not in prev and route(s, 0, x, y) is not None:
                prev[y] = x
                todo.append(y)
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


def on_display(s, key):
    """Put the operations card `key` face up (from the deck). Sets: deck, display."""
    c = GAME.card_id[key]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    assert c in s.display
    return c


def test_a_major_line_is_awarded_when_the_building_completes_it():
    # rulebook: Получение карты операции, green circle (never taken: it rewards the player
    # who meets its condition, then is discarded); the Major Line's condition (our design):
    # one's own links join its two cities
    s = fresh(3, 3)
    key = "major_line_philadelphia_pittsburgh"
    c = on_display(s, key)
    points = GAME.card_params[c]["points"]
    path = buildable_path(s, city("philadelphia"), city("pittsburgh"))
    assert len(path) >= 3  # two links at least: the line is completed by the last one
    give(s, 0, 20000 * len(path))
    for x, y in zip(path[:-2], path[1:-1]):
        build_link(s, 0, x, y)
    assert key in s.observation(None)["display"] and obs_player(s, 0)["points"] == 0
    build_link(s, 0, path[-2], path[-1])  # the last link, through the build action
    assert key not in s.observation(None)["display"] and key in s.observation(None)["discard"]
    assert obs_player(s, 0)["points"] == points


def test_a_major_line_needs_ones_own_links():
    # rulebook: Получение карты операции, green circle (the player who meets the condition)
    s = fresh(3, 3)
    key = "major_line_philadelphia_pittsburgh"
    on_display(s, key)
    path = buildable_path(s, city("philadelphia"), city("pittsburgh"))
    give(s, 0, 20000 * len(path))
    give(s, 1, 20000)
    for x, y in zip(path[:-2], path[1:-1]):
        build_link(s, 0, x, y)
    build_link(s, 1, path[-2], path[-1])
    assert key in s.observation(None)["display"]
    assert obs_player(s, 0)["points"] == 0 and obs_player(s, 1)["points"] == 0


# -- Фаза 1. Аукцион за карту Первого игрока ------------------------------------------------

def auction_opened_by(opener):
    """A 3-player game at its first auction, opened by `opener`, everyone with $10,000.
    Sets: first, opener, cur (the auction's opener and the seat to bid), cash."""
    s = fresh(3, 1)
    assert s.phase == R.PH_AUCTION
    s.first = s.opener = s.cur = opener
    for p in range(3):
        give(s, p, 10000)
    return s


def test_seat_0_outbidding_the_opener_wins_the_auction():
    # rulebook: Фаза 1 (the highest bidder, once all others pass, pays the bank and becomes
    # the first player)
    s = auction_opened_by(1)
    s.apply(A_BID)          # seat 1 opens: $1,000
    s.apply(A_PASS_BID)     # seat 2
    s.apply(A_BID)          # seat 0: $2,000
    s.apply(A_PASS_BID)     # seat 1
    obs = s.observation(None)
    assert obs["first_player"] == 0 and obs["order"] == [0, 1, 2]
    assert [p["cash"] for p in obs["players"]] == [8000, 10000, 10000]


def test_seat_0_opening_and_winning_after_a_raise_pays():
    # rulebook: Фаза 1 (a failed auction is only the opener's bid with everyone passing;
    # once another player raised, the opener's winning bid stands and is paid)
    s = auction_opened_by(0)
    s.apply(A_BID)          # seat 0: $1,000
    s.apply(A_BID)          # seat 1: $2,000
    s.apply(A_PASS_BID)     # seat 2
    s.apply(A_BID)          # seat 0: $3,000
    s.apply(A_PASS_BID)     # seat 1
    obs = s.observation(None)
    assert obs["first_player"] == 0 and obs["order"] == [0, 1, 2]
    assert [p["cash"] for p in obs["players"]] == [7000, 10000, 10000]


def test_the_last_seat_opening_alone_is_a_failed_auction():
    # rulebook: Фаза 1 (the opener bid and all others passed: the card goes to the player
    # on the opener's left, nobody pays)
    s = auction_opened_by(2)
    s.apply(A_BID)
    s.apply(A_PASS_BID)
    s.apply(A_PASS_BID)
    obs = s.observation(None)
    assert obs["first_player"] == 0 and obs["order"] == [0, 1, 2]
    assert [p["cash"] for p in obs["players"]] == [10000, 10000, 10000]


# -- Получение карты операции: held cards during a build ------------------------------------

@pytest.mark.parametrize("key, kept", [("government_subsidy", True),
                                       ("investor_windfall", False)])
def test_a_held_card_is_played_in_the_middle_of_a_build(key, kept):
    # rulebook: Получение карты операции, purple diamond (once a round) and fan (at any
    # moment, then discarded): playing them is not an action, so a build goes on after it
    s = fresh(3, 3)
    c = on_display(s, key)
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    give(s, 0, 20000)
    h, x = straight_run(0)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + 0)
    assert s.phase == R.PH_BUILD and A_USE_CARD + c in s.legal_actions()
    cash = obs_player(s, 0)["cash"]
    s.apply(A_USE_CARD + c)
    assert obs_player(s, 0)["cash"] == cash + GAME.card_params[c]["amount"]
    assert (key in obs_player(s, 0)["cards"]) is kept
    assert s.phase == R.PH_BUILD and s.current_player() == 0
    assert A_USE_CARD + c not in s.legal_actions()  # once a round / used up
    s.apply(A_STEP + 0)
    assert len(s.observation(0)["building"]["track"]) == 2


# -- found by mutation testing (docs/developing.md, "Mutation testing") -------------------------

def test_a_boost_card_waits_for_the_turn_while_a_windfall_pays_at_the_auction():
    # rulebook: Получение карты операции, fan (kept, played at any moment, then discarded);
    # the project's boost cards add links to this turn's delivery, so they are offered when
    # the turn's action is chosen, not during the auction (docs/games/railways_of_the_world.md)
    s = fresh(3, 3)
    boost = on_display(s, "express_service")
    cash = on_display(s, "investor_windfall")
    for c in (boost, cash):
        to_turn(s, 0)
        s.apply(A_CARD)
        s.apply(A_TAKE_CARD + c)
    s2 = fresh(3, 3)  # the same player's cards at the next auction
    s2.cards[0] = list(s.cards[0])
    assert s2.phase == R.PH_AUCTION and s2.current_player() == 0
    uses = [a - A_USE_CARD for a in s2.legal_actions() if A_USE_CARD <= a < A_RAISE_MORE]
    assert uses == [cash]
    to_turn(s2, 0)
    uses = sorted(a - A_USE_CARD for a in s2.legal_actions() if A_USE_CARD <= a < A_RAISE_MORE)
    assert uses == sorted([boost, cash])


def test_removing_unfinished_track_is_announced_with_its_tiles():
    # rulebook: Прокладывание рельсов (the tiles of unfinished links are removed at the end
    # of the round): the log says how many
    s = to_turn(fresh(2, 4), 0)
    give(s, 0, 40000)
    h, x = straight_run(2)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + 2)
    s.apply(A_STEP + 2)
    s.apply(A_FINISH)
    events = []
    r = s.round
    for p in range(2):
        give(s, p, 100000)
    while s.round == r:  # the rest of the round: locomotive upgrades, nobody builds
        s.apply(A_UPGRADE)
        events += s.events
    assert {"type": "unfinished_removed", "tiles": 2, "to": None} in events
    assert s.observation(None)["unfinished"] == []


def test_a_city_emptied_by_a_delivery_gets_a_marker_and_the_log_says_so():
    # rulebook: Доставка товара (once every cube has left a city, an empty-city marker goes
    # on it)
    from .helpers import chain, deliver_alone, set_cubes
    s = fresh(3, 3)
    a, b = chain(1, s)
    give(s, 0, 40000)
    build_link(s, 0, a, b)
    k = 0
    s.city_colour[b] = k
    if s.city_colour[a] == k:
        s.city_colour[a] = R.GRAY
    set_cubes(s, a, [1, 0, 0, 0, 0])
    set_cubes(s, b, [0] * 5)  # nothing to carry the other way
    to_turn(s, 0)
    deliver_alone(s, [a, b], [0])
    assert {"type": "empty_city", "city": a, "markers": 1, "map": M.id, "to": None} in s.events
    assert s.observation(None)["cities"][a]["empty"] is True
    assert s.observation(None)["empty_markers"] == 1


@pytest.mark.parametrize("far", [0, M.num_cities - 1])
def test_a_link_ends_in_the_first_and_the_last_city_of_the_map(far):
    # rulebook: Прокладывание рельсов (building ends when the track reaches a city: a
    # finished link joins two cities), city 0 (Quebec) and the last city of the map
    s = fresh(3, 3)
    near = next(b if a == far else a for a, b in near_pairs(2, 3)
                if far in (a, b) and route(s, 0, b if a == far else a, far) is not None)
    give(s, 0, 40000)
    build_link(s, 0, near, far)
    links = s.observation(None)["links"]
    assert [(x["owner"], x["cities"]) for x in links] == [(0, [near, far])]
    # the link's last tile stops on the hex before the city: no track on the city's hex
    city_hex = list(M.hex_qr[M.city_hex[far]])
    assert all(t[:2] != city_hex for t in links[0]["track"])
    assert s.observation(None)["current_player"] == 1  # building it was the whole action


def test_each_action_reports_only_its_own_events():
    # the engine contract (docs/developing.md, Events): apply begins a fresh event list
    s = auction_opened_by(0)
    s.apply(A_BID)
    assert [e["type"] for e in s.events] == ["bid"]
    s.apply(A_PASS_BID)
    assert [e["type"] for e in s.events] == ["pass_bid"]


def test_the_round_ends_with_a_new_operations_card_turned_face_up_for_all():
    # rulebook: Получение карты операции (after each round, after Фаза 3, one new card from
    # the deck joins the available ones); turned face up, it is news to everyone (an event
    # marked "reveal", which also stops an undo across it)
    s = to_turn(fresh(2, 4), 0)
    for p in range(2):
        give(s, p, 100000)
    top = s.deck[-1]
    events = []
    r = s.round
    while s.round == r:
        s.apply(A_UPGRADE)
        events += s.events
    assert {"type": "card_revealed", "card": top, "reveal": True, "to": None} in events
    assert GAME.cards[top]["key"] in s.observation(None)["display"]


def test_a_loan_is_announced_and_the_first_auction_is_in_turn_one():
    # rulebook: Деньги и займы (notes may be taken at any moment, not as an action) and
    # Фаза 1 (the round begins with the auction)
    from railtable.games.railways_of_the_world.actions import A_NOTE as NOTE
    s = fresh(3, 1)
    obs = s.observation(None)
    assert obs["phase"] == "auction" and obs["round"] == 1 and obs["turn"] == 1
    s.apply(NOTE)
    assert {"type": "notes", "player": 0, "count": 1, "why": "loan", "to": None} in s.events
    to_turn(s, 0)
    s.apply(A_CARD)  # choosing an operations card: no new-city colour is being chosen
    assert s.observation(None)["phase"] != "urbanize_city"
    assert "urbanize_colour" not in s.observation(None)


def test_the_end_of_the_last_round_is_announced():
    # rulebook: Ход игры (once the last empty-city marker is out, this round and one more are
    # played, then the game ends): the log says the game is over
    s = to_turn(fresh(2, 4), 0)
    s.end_round = s.round  # this is the last round (set as the markers would set it)
    for p in range(2):
        give(s, p, 100000)
    events = []
    while not s.is_terminal():
        s.apply(A_UPGRADE)
        events += s.events
    assert {"type": "game_over", "to": None} in events
    assert s.observation(None)["phase"] == "over"


# -- found by mutation testing, seed 41 --------------------------------------------------------

def test_an_upgrade_is_announced_with_its_level_and_price():
    # rulebook: Модернизация локомотивов (one level up, paid at the price shown)
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 20000)
    s.apply(A_UPGRADE)
    assert {"type": "upgrade", "player": 0, "level": 2, "cost": GAME.loco_cost[2],
            "to": None} in s.events


def test_the_tile_that_reaches_a_city_is_announced():
    # rulebook: Прокладывание рельсов (a link is done when its track reaches a city)
    from .helpers import chain
    s = fresh(3, 3)
    a, b = chain(1, s)
    give(s, 0, 40000)
    build_link(s, 0, a, b)
    last = [e for e in s.events if e["type"] == "build_step"][-1]
    assert last["player"] == 0 and last["city"] == b


def test_a_city_with_cubes_left_after_a_delivery_gets_no_marker():
    # rulebook: Доставка товара (the marker goes on a city only once every cube has left it)
    from railtable.games.railways_of_the_world.actions import A_CUBE, A_DELIVER, A_MOVE, MAX_SEATS

    from .helpers import chain, set_cubes
    s = fresh(3, 3)
    a, b = chain(1, s)
    give(s, 0, 40000)
    build_link(s, 0, a, b)
    k = 0
    s.city_colour[b] = k
    if s.city_colour[a] == k:
        s.city_colour[a] = R.GRAY
    set_cubes(s, a, [1, 0, 0, 0, 1])  # one cube to deliver, one of another colour stays
    to_turn(s, 0)
    s.apply(A_DELIVER)
    events = list(s.events)
    for x in (A_CUBE + a * 5 + k, A_MOVE + b * MAX_SEATS + 0):
        if x in s.legal_actions():
            s.apply(x)
            events += s.events
    assert [e for e in events if e["type"] == "delivery"]
    assert not [e for e in events if e["type"] == "empty_city"]
    assert s.observation(None)["cities"][a]["empty"] is False
    assert s.observation(None)["empty_markers"] == 0


def test_a_major_line_is_not_awarded_to_seat_0_through_another_players_links():
    # rulebook: Получение карты операции, green circle (the player whose own links join the
    # two cities): seat 0 building the last link of a line mostly built by seat 1
    s = fresh(3, 3)
    key = "major_line_philadelphia_pittsburgh"
    on_display(s, key)
    path = buildable_path(s, city("philadelphia"), city("pittsburgh"))
    give(s, 1, 20000 * len(path))
    give(s, 0, 20000)
    for x, y in zip(path[:-2], path[1:-1]):
        build_link(s, 1, x, y)
    build_link(s, 0, path[-2], path[-1])
    assert key in s.observation(None)["display"]
    assert obs_player(s, 0)["points"] == 0 and obs_player(s, 1)["points"] == 0


def test_each_loan_note_costs_a_point_at_the_end():
    # rulebook: ОКОНЧАНИЕ ИГРЫ (one point off for each «1» note a player holds)
    s = to_turn(fresh(2, 4), 0)
    s.end_round = s.round
    for p in range(2):
        give(s, p, 100000)
    s.apply(A_NOTE)
    s.apply(A_NOTE)  # seat 0 takes two notes
    while not s.is_terminal():
        s.apply(A_UPGRADE)
    assert [obs_player(s, p)["points"] for p in range(2)] == [0, 0]
    assert [obs_player(s, p)["notes"] for p in range(2)] == [2, 0]
    assert s.result().scores == (-2, 0)


# -- found by mutation testing, seed 42 --------------------------------------------------------

@pytest.mark.parametrize("winner", [1, 2])
def test_the_auctions_winner_takes_the_first_turn_of_the_round(winner):
    # rulebook: Фаза 1 (the winner becomes the first player) and Фаза 2 (the players act in
    # turn order from the first player)
    s = auction_opened_by(winner)
    s.apply(A_BID)
    s.apply(A_BID)          # the next seat raises
    s.apply(A_PASS_BID)
    s.apply(A_BID)          # the opener bids again, the other passes
    s.apply(A_PASS_BID)
    obs = s.observation(None)
    assert obs["first_player"] == winner and obs["phase"] == "choose_action"
    assert obs["current_player"] == winner and obs["turn"] == 1


def test_taking_an_operations_card_is_announced():
    # rulebook: Получение карты операции (the card is taken from the display, in view of all)
    s = fresh(3, 3)
    c = on_display(s, "investor_windfall")
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    assert {"type": "take_card", "player": 0, "card": c, "to": None} in s.events


def test_interest_the_cash_covers_exactly_takes_no_new_note():
    # rulebook: ФАЗА 3 ($1,000 interest per «1» note; a player short of cash takes new
    # notes) and ДЕНЬГИ И ЗАЙМЫ: with the interest in hand, no note is taken. Builder: seat 0
    # holds one note and $1,000, the display only condition cards, so both seats pass
    s = to_turn(fresh(2, 8), 0)
    s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
    s.notes[0] = 1
    give(s, 0, 1000)
    assert GAME.income[0] == 0
    events = []
    while s.phase != R.PH_AUCTION:
        assert A_PASS_TURN in s.legal_actions()
        s.apply(A_PASS_TURN)
        events += s.events
    assert not [e for e in events if e["type"] == "notes"]
    assert obs_player(s, 0)["notes"] == 1 and obs_player(s, 0)["cash"] == 0


# -- Прокладывание рельсов: costs read from the printed map --------------------------------

TERRAIN_COST = {"plain": 2000, "water": 3000, "mountain": 4000}  # rulebook's cost table
RIDGE_COST = 4000
# the six directions of a step, as numbered in docs/games/railways_of_the_world.md (axial)
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_every_first_tile_costs_its_terrain_and_any_ridge_it_crosses():
    # rulebook: Прокладывание рельсов (plain $2k, water $3k, mountain $4k, and $4k more for a
    # tile laid across a ridge): every first tile out of every city, in every direction,
    # priced from the board as the players see it (the observation's hexes and ridges)
    s = to_turn(fresh(3, 1), 0)
    board = s.observation(None)["board"]
    terrain = {(q, r): t for q, r, t in board["hexes"]}
    ridges = {frozenset([(q1, r1), (q2, r2)]) for q1, r1, q2, r2 in board["ridges"]}
    give(s, 0, 50000)
    s.apply(A_BUILD)
    seen_ridge = set()
    for start in [a - A_BUILD_AT for a in s.legal_actions()]:
        s1 = s.clone()
        s1.apply(A_BUILD_AT + start)
        here = tuple(M.hex_qr[start])
        for a in s1.legal_actions():
            if not A_STEP <= a < A_STEP + 6:
                continue
            s2 = s1.clone()
            s2.apply(a)
            if s2.phase != R.PH_BUILD:
                continue  # the step reached a city (no tile)
            tile = tuple(s2.observation(0)["building"]["track"][-1][:2])
            crosses = frozenset([here, tile]) in ridges
            seen_ridge.add(crosses)
            want = TERRAIN_COST[terrain[tile]] + (RIDGE_COST if crosses else 0)
            assert s2.cash[0] == 50000 - want, (here, a - A_STEP, tile)
    assert seen_ridge == {True, False}


def test_the_survey_crew_allows_a_fifth_tile_and_no_sixth():
    # rulebook: Прокладывание рельсов (up to four tiles a build) and Получение карты операции,
    # purple diamond (Survey Crew, our design: one tile more, once a round): after the fifth
    # tile only a step into a city is left
    s = fresh(2, 4)
    c = GAME.card_id["survey_crew"]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    give(s, 0, 80000)
    s.apply(A_BUILD)
    cities = {tuple(M.hex_qr[h]) for h in M.city_hex}

    def grow(s2, head, n):  # depth-first: a run of n tiles through hexes that are not cities
        if n == 0:
            return s2, head
        for a in s2.legal_actions():
            if A_STEP <= a < A_STEP + 6:
                dq, dr = AXIAL[a - A_STEP]
                nxt = (head[0] + dq, head[1] + dr)
                if nxt in cities:
                    continue
                s3 = s2.clone()
                s3.apply(a)
                if s3.phase == R.PH_BUILD and (r := grow(s3, nxt, n - 1)) is not None:
                    return r
        return None

    for start in [a - A_BUILD_AT for a in s.legal_actions()]:
        s1 = s.clone()
        s1.apply(A_BUILD_AT + start)
        if (found := grow(s1, tuple(M.hex_qr[start]), 5)) is not None:
            break
    assert found is not None
    five, head = found
    assert len(five.observation(0)["building"]["track"]) == 5
    for a in five.legal_actions():
        if A_STEP <= a < A_STEP + 6:
            dq, dr = AXIAL[a - A_STEP]
            assert (head[0] + dq, head[1] + dr) in cities


def test_a_city_hemmed_in_by_unfinished_track_is_open_again_next_round():
    # rulebook: Прокладывание рельсов (a tile may not be laid on a hex whose tile is part of
    # an unfinished link; at the end of the round unfinished links are removed):
    # Jacksonville's three land neighbours each get an unfinished tile (seats 0-2), which
    # closes the city to new track for the rest of the round (seat 3 may not start there),
    # and it is open again in the next
    s = to_turn(fresh(4, 1), 0)
    jax = city("jacksonville")
    h = M.city_hex[jax]
    for p in range(4):
        give(s, p, 40000)
    for p, d in zip(range(3), (1, 2, 3)):
        assert s.current_player() == p
        s.apply(A_BUILD)
        s.apply(A_BUILD_AT + h)
        s.apply(A_STEP + d)
        s.apply(A_FINISH)
    assert len(s.observation(None)["unfinished"]) == 3
    assert s.current_player() == 3 and A_BUILD in s.legal_actions()
    s2 = s.clone()
    s2.apply(A_BUILD)
    assert A_BUILD_AT + h not in s2.legal_actions()
    r = s.round
    for p in range(4):
        give(s, p, 100000)
    while s.round == r:  # the rest of the round: locomotive upgrades, nobody builds
        s.apply(A_UPGRADE)
    assert s.observation(None)["unfinished"] == []
    to_turn(s, 0)
    s.apply(A_BUILD)
    assert A_BUILD_AT + h in s.legal_actions()


# -- Фаза 1: what the log says of the auction -------------------------------------------------

def test_the_log_names_the_first_player_and_what_he_paid():
    # rulebook: Фаза 1 (the winner pays his bid and plays first; after a failed auction the
    # card goes to the opener's left neighbour, who pays nothing): the log says who plays
    # first, at what price, and the turn order
    s = auction_opened_by(2)
    s.apply(A_BID)          # seat 2 opens: $1,000
    s.apply(A_PASS_BID)     # seat 0
    s.apply(A_PASS_BID)     # seat 1: a failed auction
    assert {"type": "first_player", "player": 0, "paid": 0, "order": [0, 1, 2],
            "to": None} in s.events
    s = auction_opened_by(1)
    s.apply(A_BID)          # seat 1: $1,000
    s.apply(A_BID + 1)      # seat 2: $3,000
    s.apply(A_PASS_BID)     # seat 0
    s.apply(A_PASS_BID)     # seat 1
    assert {"type": "first_player", "player": 2, "paid": 3000, "order": [2, 0, 1],
            "to": None} in s.events


# -- Фаза 3: the income track's far end and the Mail Contract ----------------------------------

def test_income_beyond_the_track_and_the_mail_contract():
    # rulebook: ФАЗА 3 (income by the position on the income track); the track's values and
    # the Mail Contract ($1,000 more income every round) are the project's design
    # (docs/games/railways_of_the_world.md, Tables: position 60 pays $30,000, the table's
    # last position, 100, pays $38,000, and so does any position beyond it). Builder: seat 1
    # takes the Mail Contract; the display then holds condition cards only, so both pass
    s = fresh(2, 8)
    mail = on_display(s, "mail_contract")
    to_turn(s, 1)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + mail)
    to_turn(s, 0)
    s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
    s.points = [130, 60]
    assert [obs_player(s, p)["income"] for p in range(2)] == [38000, 30000]
    events = []
    while s.phase != R.PH_AUCTION:
        s.apply(A_PASS_TURN)
        events += s.events
    incomes = [e for e in events if e["type"] == "income"]
    assert [(e["player"], e["income"], e["interest"]) for e in incomes] == \
        [(0, 38000, 0), (1, 31000, 0)]
    assert [obs_player(s, p)["cash"] for p in range(2)] == [38000, 31000]


# -- Фаза 1: a raise of more than $5,000 ------------------------------------------------------

@pytest.mark.parametrize("opener", [0, 2])
def test_the_opener_raising_more_alone_is_still_a_failed_auction(opener):
    # rulebook: Фаза 1 (the card goes to the opener's left neighbour, for nothing, when all
    # the others pass on his bid), however large his opening bid (raise_more: $5,000 and on)
    s = auction_opened_by(opener)
    s.apply(A_RAISE_MORE)
    s.apply(A_BID + 2)      # $8,000 in all
    s.apply(A_PASS_BID)
    s.apply(A_PASS_BID)
    obs = s.observation(None)
    assert obs["first_player"] == (opener + 1) % 3
    assert [p["cash"] for p in obs["players"]] == [10000] * 3


@pytest.mark.parametrize("raiser", [0, 2])
def test_a_large_raise_by_another_seat_wins_and_is_paid(raiser):
    # rulebook: Фаза 1 (the highest bid, once all others pass, is paid and plays first):
    # seat 1 opens at $1,000, `raiser` raises by $5,000 and $1,000 more ($7,000), and wins
    s = auction_opened_by(1)
    s.apply(A_BID)
    if raiser == 0:
        s.apply(A_PASS_BID)  # seat 2
    s.apply(A_RAISE_MORE)
    s.apply(A_BID)
    while s.phase == R.PH_AUCTION:
        s.apply(A_PASS_BID)
    obs = s.observation(None)
    assert obs["first_player"] == raiser
    assert [p["cash"] for p in obs["players"]] == [3000 if p == raiser else 10000
                                                   for p in range(3)]


def test_an_upgrade_with_exactly_its_price_in_hand():
    # rulebook: Модернизация локомотивов (paid at the card's price, $4,000 for level 2 in the
    # project's table) and ФАЗА 2: with exactly the price in hand, the upgrade is on offer
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 4000)
    assert A_UPGRADE in s.legal_actions()
    s.apply(A_UPGRADE)
    assert obs_player(s, 0)["cash"] == 0 and obs_player(s, 0)["locomotive"] == 2
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 3000)
    assert A_UPGRADE not in s.legal_actions()


def test_a_refused_action_says_why():
    # the engine contract (docs/developing.md): an illegal action is refused with a reason,
    # telling a number outside the game's actions from an action not allowed now
    from railtable.engine import IllegalAction
    s = fresh(3, 1)
    for bad in (-1, R.A.NUM_ACTIONS, 10 ** 6):
        with pytest.raises(IllegalAction, match="is not an action of this game"):
            s.apply(bad)
    for now_not in (A_PASS_TURN, A_FINISH):
        with pytest.raises(IllegalAction, match="is not allowed now: it is the first-player"):
            s.apply(now_not)
    to_turn(s, 0)
    with pytest.raises(IllegalAction, match="is not allowed now: choose one of the turn's"):
        s.apply(A_PASS_BID)


@pytest.mark.parametrize("opener", [0, 1, 2])
def test_the_last_player_left_without_a_bid_may_still_bid_and_win(opener):
    # rulebook: Фаза 1 (the highest bidder, once all others passed, is the first player; the
    # project lets the opener pass, docs/games/railways_of_the_world.md): the two players
    # before him passed without a bid, so the last one is still asked, bids and wins
    s = auction_opened_by(opener)
    s.apply(A_PASS_BID)
    s.apply(A_PASS_BID)
    last = (opener + 2) % 3
    assert s.phase == R.PH_AUCTION and s.current_player() == last
    s.apply(A_BID)
    obs = s.observation(None)
    assert obs["first_player"] == last and obs["phase"] == "choose_action"
    assert obs["players"][last]["cash"] == 9000


def test_a_winner_with_exactly_his_bid_in_cash_takes_no_note():
    # rulebook: Фаза 1 (the winner pays in cash, or takes new notes for what he lacks) and
    # Деньги и займы: with the bid in hand, no note is taken and the log shows none
    s = fresh(2, 1)
    give(s, 1, 3000)
    s.apply(A_BID)          # seat 0: $1,000
    s.apply(A_BID + 1)      # seat 1: $3,000, all its cash
    s.apply(A_PASS_BID)
    assert not [e for e in s.events if e["type"] == "notes"]
    assert obs_player(s, 1)["cash"] == 0 and obs_player(s, 1)["notes"] == 0


# -- Фаза 3. Прибыль и дивиденды, Окончание игры: nothing turned up after the last round ----

@pytest.mark.parametrize("last", [False, True])
def test_faza3_a_card_comes_out_before_the_next_round_and_none_after_the_last(last):
    # rulebook: Фаза 3 (before the next round: unfinished track off the board, the round
    # marker back to «1», a new operations card face up) and Окончание игры (after the
    # extra round the game ends): seat 0 has joined Chicago and St. Louis, seat 1 left two
    # unfinished tiles, and the Major Line Chicago-St. Louis is the next card of the deck.
    # Before an ordinary round it comes out and goes to seat 0 at once; after the last
    # round nothing comes out, nobody scores it, and the board stays as it was played
    s = fresh(2, 3)
    c = GAME.card_id["major_line_chicago_st_louis"]
    for pile in (s.display, s.deck):
        if c in pile:
            pile.remove(c)
    s.deck.append(c)                    # the next card to be turned up
    to_turn(s, 0)
    for p in range(2):
        give(s, p, 100000)
    build_link(s, 0, city("chicago"), city("st_louis"))
    assert s.current_player() == 1 and s.points == [0, 0]
    h, x = straight_run(2)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    s.apply(A_STEP + 2)
    s.apply(A_STEP + 2)
    s.apply(A_FINISH)
    if last:
        s.end_round = s.round           # as the empty-city markers would have set it
    r = s.round
    deck, display = list(s.deck), list(s.display)
    events = []
    while s.round == r and not s.is_terminal():  # the other turns upgrade locomotives
        s.apply(A_UPGRADE)
        events += s.events
    kinds = [e["type"] for e in events]
    obs = s.observation(None)
    if last:
        assert s.is_terminal() and kinds[-1] == "game_over"
        assert "card_revealed" not in kinds and "card_reward" not in kinds
        assert s.deck == deck and s.display == display and c not in s.display
        assert s.points == [0, 0] and s.final_scores() == [-n for n in s.notes]
        assert len(obs["unfinished"]) == 1 and "unfinished_removed" not in kinds
    else:
        assert not s.is_terminal() and s.round == r + 1 and obs["turn"] == 1
        assert {"type": "card_revealed", "card": c, "reveal": True, "to": None} in events
        pts = GAME.card_params[c]["points"]
        assert {"type": "card_reward", "player": 0, "card": c, "points": pts,
                "to": None} in events
        assert s.points == [pts, 0] and c in s.discard and s.deck == deck[:-1]
        assert obs["unfinished"] == [] and "unfinished_removed" in kinds
