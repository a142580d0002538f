"""Rule tests: one per rule of the rulebook, each naming its section."""

import pytest

from railtable.engine import IllegalAction
from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_BUILD_AT, A_CARD, A_CUBE, A_DELIVER, A_FINISH, A_MOVE, A_NOTE,
    A_PASS_BID, A_PASS_TURN, A_STEP, A_TAKE_CARD, A_UPGRADE, A_URB_CITY, A_URB_COLOUR,
    A_URBANIZE, A_USE_CARD, MAX_SEATS, NUM_COLOURS)
from railtable.games.railways_of_the_world.actions import A_RAISE_MORE
from tests.games.railways_of_the_world.helpers import (
    M, build_link, chain, deliver_alone, fresh, give, route, set_cubes, to_turn)

TOTAL_CUBES = 5 * GAME.cubes_per_colour


# -- НАЧАЛО ИГРЫ (set-up) ----------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_setup_cubes_per_city(n):
    # rulebook: НАЧАЛО ИГРЫ (the printed number of cubes; one fewer with 2-3 players, never
    # below one)
    s = fresh(n, 5)
    for c in range(M.num_cities):
        want = M.city_cubes[c] - (1 if n <= 3 else 0)
        assert sum(s.cubes[c * 5:(c + 1) * 5]) == max(1, want)
    assert sum(s.bag) + sum(s.cubes) == TOTAL_CUBES


def test_setup_players_start_poor_with_level_one_locomotives():
    # rulebook: НАЧАЛО ИГРЫ, ДЕНЬГИ И ЗАЙМЫ (no money, locomotive level 1, income track 0)
    s = fresh(4, 2)
    assert s.cash == [0] * 4 and s.level == [1] * 4 and s.points == [0] * 4
    assert s.current_player() == 0 and s.phase == R.PH_AUCTION  # the youngest bids first


def test_setup_operations_cards():
    # rulebook: Получение карты операции (3 S cards plus twice the players face up)
    s = fresh(5, 3)
    starts = [c["id"] for c in GAME.cards if c["start"]]
    assert len(starts) == 3
    assert s.display[:3] == starts and len(s.display) == 3 + 10
    assert sorted(s.display + s.deck) == list(range(len(GAME.cards)))


# -- ДЕНЬГИ И ЗАЙМЫ ---------------------------------------------------------------------

def test_loan_note_is_not_an_action():
    # rulebook: ДЕНЬГИ И ЗАЙМЫ (a note brings cash at any moment of one's turn; not an action)
    s = to_turn(fresh(3, 1), 1)
    s.apply(A_NOTE)
    assert s.notes[1] == 1 and s.cash[1] == s.note_value == GAME.note_value
    assert s.current_player() == 1 and s.phase == R.PH_TURN
    assert s.bank + sum(s.cash) == 0


# -- ФАЗА 1: the first-player auction ---------------------------------------------------

def test_faza1_bids_may_exceed_cash_and_raises_have_no_upper_bound():
    # rulebook: ФАЗА 1 (bids: a raise of at least $1,000, no upper bound, no cash needed to
    # bid); ДЕНЬГИ И ЗАЙМЫ (a note on offer at any moment of one's turn)
    s = fresh(3, 1)
    raises = [A_BID + k for k in range(5)]
    legal = s.legal_actions()
    assert [A_PASS_BID] + raises + [A_NOTE] == [a for a in legal if a <= A_NOTE]
    assert A_RAISE_MORE in legal                     # no cash, yet any bid is open
    s.apply(A_BID + 1)                               # seat 0 opens at $2,000 with $0
    assert s.bid == 2000 and s.notes[0] == 0 and s.current_player() == 1
    # a raise of $12,000: two runs of $5,000, then $2,000; seat 1 keeps deciding
    s.apply(A_RAISE_MORE)
    assert s.current_player() == 1 and s.bid == 7000
    assert s.legal_actions() == raises + [A_RAISE_MORE]   # no pass half-way through a raise
    s.apply(A_RAISE_MORE)
    s.apply(A_BID + 1)
    assert s.bid == 14000 and s.bidder == 1 and s.current_player() == 2
    assert s.notes == [0, 0, 0]                      # bidding costs nothing by itself


def test_failed_auction_passes_the_card_left():
    # rulebook: ФАЗА 1 (the opener bids, all others pass: the card goes to the left neighbour)
    s = fresh(3, 1)
    give(s, 0, 5000)
    s.apply(A_BID + 1)  # $2,000
    s.apply(A_PASS_BID)
    s.apply(A_PASS_BID)
    assert s.phase == R.PH_TURN and s.first == 1 and s.order == [1, 2, 0]
    assert s.cash[0] == 5000  # nobody paid


def test_auction_winner_pays_and_goes_first():
    # rulebook: ФАЗА 1 (highest bidder pays the bank and turn order runs clockwise from him)
    s = fresh(3, 1)
    for p in range(3):
        give(s, p, 10000)
    s.apply(A_BID)          # seat 0: 1000
    s.apply(A_BID + 2)      # seat 1: 4000
    s.apply(A_PASS_BID)     # seat 2
    s.apply(A_PASS_BID)     # seat 0
    assert s.first == 1 and s.order == [1, 2, 0]
    assert s.cash == [10000, 6000, 10000] and s.bank + sum(s.cash) == 0


def test_variant1_no_first_auction_and_money_by_place():
    # rulebook: ВАРИАНТЫ ИГРЫ, Вариант 1 (no auction in round 1; $1k to the 2nd, $2k to the 3rd)
    s = fresh(4, 1, variant1=True)
    assert s.phase == R.PH_TURN and s.order == [0, 1, 2, 3]
    assert s.cash == [0, 1000, 2000, 3000]


def test_variant2_pass_order_and_half_bid():
    # rulebook: ВАРИАНТЫ ИГРЫ, Вариант 2 (first to pass goes last; a passer pays half his
    # bid rounded to thousands; the winner pays in full)
    s = fresh(4, 1, variant2=True)
    for p in range(4):
        give(s, p, 20000)
    s.apply(A_BID)          # 0: 1000
    s.apply(A_BID + 1)      # 1: 3000
    s.apply(A_PASS_BID)     # 2 passes first (bid 0)
    s.apply(A_BID + 1)      # 3: 5000
    s.apply(A_PASS_BID)     # 0 passes (bid 1000 -> pays 1000)
    s.apply(A_PASS_BID)     # 1 passes (bid 3000 -> pays 2000)
    assert s.order == [3, 1, 0, 2]
    assert s.cash == [19000, 18000, 20000, 15000]


# -- Прокладывание рельсов ---------------------------------------------------------------

def _first_step_example(terrain, ridge):
    for c, h in enumerate(M.city_hex):
        for d in range(6):
            t = M.nb[h * 6 + d]
            if t >= 0 and M.city_at[t] < 0 and M.terrain[t] == terrain and \
                    M.ridge[h * 6 + d] == ridge:
                return c, d, t
    raise AssertionError("map lacks the example")


@pytest.mark.parametrize("terrain,ridge,cost", [(0, False, 2000), (1, False, 3000),
                                                (2, False, 4000), (2, True, 8000)])
def test_build_costs_by_terrain_and_ridge(terrain, ridge, cost):
    # rulebook: Прокладывание рельсов (plain $2k, water $3k, mountain $4k, +$4k across a
    # ridge), and the cost is known before the step
    c, d, t = _first_step_example(terrain, ridge)
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 50000)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + M.city_hex[c])
    assert s.events == [{"type": "build_start", "player": 0,
                         "hex": list(M.hex_qr[M.city_hex[c]]), "to": None}]
    assert {dd: cc for dd, cc, _t, _c in s._steps(0)}[d] == cost
    assert f"${cost:,}" in s.describe(A_STEP + d)
    s.apply(A_STEP + d)
    assert s.cash[0] == 50000 - cost and s.hex_nseg[t] == 1


def test_build_at_most_four_tiles_then_unfinished_removed_at_round_end():
    # rulebook: Прокладывание рельсов (building stops at a city or at the 4th tile; unfinished
    # links are removed at the end of the round)
    s = to_turn(fresh(2, 4), 0)
    give(s, 0, 60000)
    s.apply(A_BUILD)
    # a start city with room for a long walk away from cities
    starts = [a - A_BUILD_AT for a in s.legal_actions()]
    placed = 0
    for h in starts:
        s2 = s.clone()
        s2.apply(A_BUILD_AT + h)
        tiles = 0
        while s2.phase == R.PH_BUILD:
            steps = [x for x in s2._steps(0) if x[3] < 0]
            if not steps:
                break
            s2.apply(A_STEP + steps[0][0])
            tiles += 1
        if tiles == 4:
            s, placed = s2, tiles
            break
    assert placed == 4
    assert s.phase == R.PH_TURN and s.current_player() == 1  # the action ended by itself
    assert len(s.unfinished[0]) == 1 and sum(s.hex_nseg) == 4
    # play the rest of the round by passing turns (player 1 and the remaining turns)
    while s.round == 0:
        legal = s.legal_actions()
        s.apply(A_PASS_TURN if A_PASS_TURN in legal else
                A_CARD if A_CARD in legal and s.phase == R.PH_TURN else
                [a for a in legal if a != A_NOTE][0])   # notes are always on offer
    assert sum(s.hex_nseg) == 0 and s.unfinished == [[], []]


def test_link_completed_into_a_city_and_finish_allowed():
    # rulebook: Прокладывание рельсов (a finished link joins two cities; stopping early
    # leaves it unfinished)
    s = fresh(3, 2)
    a, b = chain(1, s)
    give(s, 0, 40000)
    build_link(s, 0, a, b)
    assert s.links[-1][:3] == (0, a, b) and s.links_built[0] == 1
    assert (b, 0) in s.adj[a] and (a, 0) in s.adj[b]
    s2 = to_turn(s.clone(), 0)
    s2.apply(A_BUILD)
    s2.apply(s2.legal_actions()[0])
    assert A_FINISH not in s2.legal_actions()  # at least one tile first
    st = [x for x in s2.legal_actions() if A_STEP <= x < A_STEP + 6]
    s2.apply(st[0])
    if s2.phase == R.PH_BUILD:
        assert A_FINISH in s2.legal_actions()


def test_crossing_uses_free_edges_only():
    # rulebook: Прокладывание рельсов (others may cross a straight or curved tile with a
    # crossing, never change it)
    s = fresh(3, 2)
    a, b = chain(1, s)
    give(s, 0, 40000)
    build_link(s, 0, a, b)
    h, ein, eout = s.links[-1][3][0]
    used = s.hex_used[h]
    assert used == (1 << ein) | (1 << eout)
    # a step of player 1 into h through an edge already used is never offered
    for d in range(6):
        src = M.nb[h * 6 + d]
        if src < 0:
            continue
        back = (d + 3) % 6
        segs = [] if M.city_at[src] >= 0 else [[src, (back + 3) % 6, -1]]
        start = M.city_at[src] if M.city_at[src] >= 0 else a
        for dd, _c, t, _city in s._head_steps(1, start, segs, 0):
            if t == h:
                assert not (used >> ((dd + 3) % 6)) & 1


# -- Развитие города ---------------------------------------------------------------------

def test_urbanize_gray_city():
    # rulebook: Развитие города ($10k, a new-city tile, two cubes from the bag, the
    # empty-city marker removed)
    s = to_turn(fresh(3, 6), 2)
    g = M.gray_cities[0]
    set_cubes(s, g, [0] * 5)
    s.empty[g] = True
    s.markers = 1
    assert A_URBANIZE not in s.legal_actions()  # needs $10k in hand
    give(s, 2, 12000)
    s.apply(A_URBANIZE)
    assert s.legal_actions() == [A_URB_COLOUR + k for k in (1, 2, 3, 4)]  # no red tiles
    s.apply(A_URB_COLOUR + 3)
    s.apply(A_URB_CITY + g)
    assert s.city_colour[g] == 3 and s.new_city_tiles[3] == 2
    # the log tells who urbanized which city, in which colour, with which cubes
    urb = [e for e in s.events if e["type"] == "urbanize"]
    assert len(urb) == 1 and (urb[0]["player"], urb[0]["city"], urb[0]["colour"]) == (2, g, 3)
    assert sorted(urb[0]["cubes"]) == sorted(k for k in range(5)
                                             for _ in range(s.cubes[g * 5 + k]))
    assert sum(s.cubes[g * 5:g * 5 + 5]) == 2 and not s.empty[g] and s.markers == 0
    assert s.cash[2] == 2000 and sum(s.bag) + sum(s.cubes) == TOTAL_CUBES


# -- Модернизация локомотивов ------------------------------------------------------------

def test_upgrade_one_level_at_table_cost_up_to_eight():
    # rulebook: Модернизация локомотивов (one level per action, cost on the card, max 8)
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 200000)
    for lvl in range(2, 9):
        to_turn(s, 0)
        before = s.cash[0]
        s.apply(A_UPGRADE)
        assert s.level[0] == lvl and before - s.cash[0] == GAME.loco_cost[lvl]
    to_turn(s, 0)
    assert A_UPGRADE not in s.legal_actions()


# -- Доставка товара ---------------------------------------------------------------------

def _chain_state(length, owners, seed=3):
    """Links of `owners` along a chain of cities, which hold no cubes (the test puts the
    ones it delivers). Sets: cash, track and the chain cities' cubes."""
    s = fresh(3, seed)
    cities = chain(length, s)
    for i, p in enumerate(owners):
        give(s, p, 40000)
        build_link(s, p, cities[i], cities[i + 1])
    for c in cities:
        set_cubes(s, c, [0] * 5)
    return s, cities


def test_delivery_scores_each_link_for_its_owner():
    # rulebook: Доставка товара (one point per link to its owner; the first link one's own)
    s, cs = _chain_state(2, [0, 1])
    dest = cs[2]
    k = s.city_colour[dest] if s.city_colour[dest] < 5 else None
    if k is None:
        s.city_colour[dest] = k = 0
    for c in cs[:2]:
        if s.city_colour[c] == k:
            s.city_colour[c] = R.GRAY
    set_cubes(s, cs[0], [1 if i == k else 0 for i in range(5)])
    s.level[0] = 2
    to_turn(s, 0)
    deliver_alone(s, cs[:3], [0, 1])  # one cube, one way: all forced
    assert s.points[:2] == [1, 1]
    assert s.empty[cs[0]] and s.markers == 1  # the city ran out: an empty-city marker
    assert sum(s.bag) + sum(s.cubes) == TOTAL_CUBES  # the cube went back into the bag
    # player 1 may not start a delivery over player 0's link
    set_cubes(s, cs[0], [1 if i == k else 0 for i in range(5)])
    set_cubes(s, cs[1], [0] * 5)
    set_cubes(s, cs[2], [0] * 5)
    s.level[1] = 2
    to_turn(s, 1)
    assert A_DELIVER not in s.legal_actions()
    to_turn(s, 0)
    assert A_DELIVER in s.legal_actions()


def test_delivery_limited_by_locomotive_level():
    # rulebook: Доставка товара (at most the locomotive's level in links)
    s, cs = _chain_state(2, [0, 0])
    k = 0
    s.city_colour[cs[2]] = k
    for c in cs[:2]:
        if s.city_colour[c] == k:
            s.city_colour[c] = R.GRAY
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    for c in cs[1:]:
        set_cubes(s, c, [0, 0, 0, 0, 0])
    to_turn(s, 0)
    assert A_DELIVER not in s.legal_actions()  # level 1: two links are too far
    s.level[0] = 2
    s._legal = None
    assert A_DELIVER in s.legal_actions()


def test_delivery_stops_at_first_city_of_its_colour():
    # rulebook: Доставка товара (the cube stops at the first city of its colour)
    s, cs = _chain_state(2, [0, 0])
    k = 0
    s.city_colour[cs[1]] = k
    s.city_colour[cs[2]] = k
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    s.level[0] = 3
    to_turn(s, 0)
    # the level allows three links, but the only way on ends at cs[1]: the cube and that
    # link are forced single choices, and the delivery stops there
    deliver_alone(s, cs[:2], [0])
    # one link, one point; an operations card on the table may reward the delivery too
    bonus = sum(e["points"] for e in s.events if e["type"] == "card_reward")
    assert s.points[0] == 1 + bonus and s.phase == R.PH_TURN


# -- Получение карты операции ---------------------------------------------------------

def _put_on_display(s, key):
    c = GAME.card_id[key]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    assert c in s.display
    return c


def test_condition_cards_cannot_be_taken_and_pay_on_condition():
    # rulebook: Получение карты операции, green circle (not taken; rewards the player who
    # meets the condition, then discarded)
    s = fresh(3, 3)
    c = _put_on_display(s, "long_haul_4")
    to_turn(s, 0)
    s.apply(A_CARD)
    assert A_TAKE_CARD + c not in s.legal_actions()
    s2, cs = _chain_state(4, [0, 0, 0, 0], seed=3)
    c = _put_on_display(s2, "long_haul_4")
    for x in cs[:4]:
        if s2.city_colour[x] == 0:
            s2.city_colour[x] = R.GRAY
    s2.city_colour[cs[4]] = 0
    set_cubes(s2, cs[0], [1, 0, 0, 0, 0])
    set_cubes(s2, cs[1], [1, 0, 0, 0, 0])  # a second cube that could go to cs[4] as well
    s2.level[0] = 4
    to_turn(s2, 0)
    s2.apply(A_DELIVER)
    s2.apply(A_CUBE + cs[0] * 5)  # other cubes could go too: the cube is a decision
    # along the chain, each next link is the only one: forced single choices
    assert [e["cities"] for e in s2.events if e["type"] == "delivery"] == [cs[:5]]
    assert s2.points[0] == 4 + GAME.card_params[c]["points"]
    assert c in s2.discard and c not in s2.display


def test_immediate_card_applies_at_once():
    # rulebook: Получение карты операции, red cross (applied at once, discarded)
    s = fresh(3, 3)
    c = _put_on_display(s, "land_grant")
    to_turn(s, 1)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    assert s.cash[1] == 5000 and c in s.discard and s.cards[1] == []
    assert s.current_player() == 2  # taking the card was the action


def test_once_per_round_card():
    # rulebook: Получение карты операции, purple diamond (kept, used once a round, not an
    # action)
    s = fresh(3, 3)
    c = _put_on_display(s, "government_subsidy")
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    s.apply(A_USE_CARD + c)
    assert s.cash[0] == 2000 and s.current_player() == 0
    assert s.events == [{"type": "use_card", "player": 0, "card": c, "to": None}]
    assert A_USE_CARD + c not in s.legal_actions()


def test_keep_card_used_once_then_discarded():
    # rulebook: Получение карты операции, fan (kept, played any time, discarded after use)
    s = fresh(3, 3)
    c = _put_on_display(s, "investor_windfall")
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    s.apply(A_USE_CARD + c)
    assert s.cash[0] == 6000 and c in s.discard and c not in s.cards[0]


def test_permanent_card_keeps_working():
    # rulebook: Получение карты операции, no symbol (kept face up, a lasting benefit)
    s = fresh(3, 3)
    c = _put_on_display(s, "locomotive_works")
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    give(s, 0, 50000)
    for lvl in (2, 3):
        to_turn(s, 0)
        before = s.cash[0]
        s.apply(A_UPGRADE)
        assert before - s.cash[0] == GAME.loco_cost[lvl] - 1000


# -- ФАЗА 3: income and interest -------------------------------------------------------

def _finish_round(s):
    r = s.round
    while s.round == r and not s.is_terminal():
        legal = s.legal_actions()
        pref = [a for a in (A_CARD, A_PASS_TURN, A_PASS_BID) if a in legal]
        rest = [a for a in legal if a != A_NOTE]
        s.apply(pref[0] if pref else (rest[-1] if s.phase == R.PH_BUILD and rest else
                                      rest[0] if rest else A_NOTE))


def test_income_and_interest_with_new_notes():
    # rulebook: ФАЗА 3 (income by the income track, $1k interest per «1» note; new notes if
    # short, their interest only next round; unfinished links go; a new card is revealed)
    s = to_turn(fresh(2, 8), 0)
    s.points = [12, 0]
    s.notes = [3, 2]
    deck_before, display_before = len(s.deck), len(s.display)
    s._end_round()
    assert s.cash[0] == GAME.income[12] - 3000 and s.notes[0] == 3
    # player 1: no income, $2k interest: one new note ($5k) pays it, $3k left
    assert s.notes[1] == 3 and s.cash[1] == 3000
    assert len(s.deck) == deck_before - 1 and len(s.display) == display_before + 1
    assert s.phase == R.PH_AUCTION and s.round == 1 and s.cur == s.first
    assert s.bank + sum(s.cash) == 0


# -- ОКОНЧАНИЕ ИГРЫ ----------------------------------------------------------------------

def test_end_after_one_more_round_and_scoring():
    # rulebook: ОКОНЧАНИЕ ИГРЫ (the round with the last marker is finished, then one more;
    # one point lost per «1» note; ties: links, then cash)
    s2, cs = _chain_state(1, [0], seed=9)
    s2.display, s2.deck = [], []
    s2.markers = s2.markers_to_end - 1
    k = 1
    s2.city_colour[cs[1]] = k
    if s2.city_colour[cs[0]] == k:
        s2.city_colour[cs[0]] = R.GRAY
    set_cubes(s2, cs[0], [0, 1, 0, 0, 0])
    to_turn(s2, 0)
    deliver_alone(s2, cs[:2], [0])
    assert s2.end_round == s2.round + 1
    # the log says which round is the last
    assert {"type": "end_triggered", "last_round": s2.round + 1, "to": None} in s2.events
    r0 = s2.round
    _finish_round(s2)
    assert not s2.is_terminal() and s2.round == r0 + 1
    _finish_round(s2)
    assert s2.is_terminal() and s2.current_player() == -1
    res = s2.result()
    assert res.reason == "empty_cities"
    assert list(res.scores) == [s2.points[p] - s2.notes[p] for p in range(3)]


def test_tie_breaks_links_then_cash():
    # rulebook: ОКОНЧАНИЕ ИГРЫ (ties: more links built, then more cash)
    s = fresh(3, 1)
    s.phase = R.PH_OVER
    s.points = [5, 5, 5]
    s.notes = [0, 0, 0]
    s.links_built = [2, 3, 3]
    s.cash = [100, 10, 20]
    assert s.result().winners == (2,)
    s.cash = [100, 20, 20]
    assert s.result().winners == (1, 2)


def test_illegal_action_refused_with_reason_and_state_unchanged():
    s = fresh(3, 4)
    before = (s.observation(None), s._seed)
    with pytest.raises(IllegalAction, match="not allowed now"):
        s.apply(A_UPGRADE)
    assert (s.observation(None), s._seed) == before
    with pytest.raises(IllegalAction):
        s.apply(10 ** 6)
    assert route(s, 0, 0, 0) is None
    assert NUM_COLOURS == 5


def test_everybody_passes_then_the_card_moves_left():
    # rulebook: ФАЗА 1 (no bid that stands: the card passes to the left of the previous
    # first player); interpretation: the opener may pass instead of opening
    s = fresh(4, 1)
    s.first = 2
    s._start_auction()
    s._legal = None
    assert s.current_player() == 2
    for _ in range(4):
        s.apply(A_PASS_BID)
    assert s.first == 3 and s.order == [3, 0, 1, 2] and s.bank == 0


def test_variant2_failed_auction_left_neighbour_first():
    # rulebook: ВАРИАНТЫ ИГРЫ, Вариант 2 with ФАЗА 1's failed auction (our reading: the left
    # neighbour goes first, the others follow in reverse order of passing)
    s = fresh(3, 1, variant2=True)
    give(s, 0, 5000)
    s.apply(A_BID)        # the opener bids, nobody answers
    s.apply(A_PASS_BID)   # seat 1 passes first
    s.apply(A_PASS_BID)   # seat 2
    assert s.first == 1 and s.order == [1, 0, 2] and s.cash[0] == 5000


def test_notes_can_be_taken_during_the_auction():
    # rulebook: ДЕНЬГИ И ЗАЙМЫ (notes at any moment of one's turn, e.g. to pay a bid)
    s = fresh(2, 1)
    s.apply(A_NOTE)
    assert s.current_player() == 0 and s.phase == R.PH_AUCTION
    assert s.legal_actions() == [A_PASS_BID] + [A_BID + k for k in range(5)] + [A_NOTE,
                                                                               A_RAISE_MORE]
    s.apply(A_NOTE)
    assert s.notes[0] == 2 and s.cash[0] == 2 * s.note_value and s.current_player() == 0


def test_note_value_option():
    # rulebook: ДЕНЬГИ И ЗАЙМЫ (the rulebook prints no cash value for a «1» note: an option,
    # $5,000 by default as in the published game)
    assert GAME.parse_options({}).note_value == 5000
    s = to_turn(fresh(3, 1, note_value=3000), 0)
    s.apply(A_NOTE)
    assert s.cash[0] == 3000 and s.notes[0] == 1
    with pytest.raises(Exception):
        fresh(3, 1, note_value=2500)
