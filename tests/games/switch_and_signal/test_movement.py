"""Movement rules 1-12 (rulebook: ПРАВИЛА ДВИЖЕНИЯ) on hand-built Central Europe positions."""

import pytest

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.rules import PH_ACTIONS, PH_ROUTE

from .helpers import (blank, field_between, line, move_card, node, on, put, rig, set_green,
                      set_switch, track_field, where)


def test_rule_1_2_move_card_spends_exactly_the_roll():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 1-2 (a move card rolls the train's die; each section costs 1)
    s = blank()
    set_switch(s, "rennes", "brest", "paris")
    put(s, 0, ("brest", "rennes"), k=0)
    move_card(s, 0, 3)
    # 1 section to the junction's end, the junction is free, then 2 sections toward Paris
    assert on(s, 0, "rennes", "paris", 1)
    assert s.tokens == 7
    assert s.hands[0] == [3, 3, 2]


def test_rule_2_junctions_and_signal_fields_cost_nothing():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 2 (signal fields and junctions are not counted)
    s = blank()
    set_green(s, track_field(s, "reims", "strasbourg"))
    set_switch(s, "strasbourg", "reims", "zurich")
    set_switch(s, "zurich", "strasbourg", "geneva")
    put(s, 0, ("reims", "strasbourg"), k=0)
    # the green track field, two junctions and the field of Geneva-Zürich: 3 sections only
    move_card(s, 0, 3)
    assert on(s, 0, "zurich", "geneva", 0)
    assert s.tokens == 7


def test_rule_3_and_7_red_signal_stops_and_each_unspent_point_costs_a_token():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 3 and п. 7 (stop before a red signal field; 1 token a point)
    s = blank()
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 4)
    assert on(s, 0, "reims", "strasbourg", 0)
    assert s.tokens == 7 - 4


def test_rule_4_leaving_a_city_only_along_green_signals():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 4 (from a city in any direction with a green signal)
    s = blank()
    put(s, 0, "paris")
    set_green(s, field_between(s, "paris", "reims"))
    rig(s, 0, 2)
    s.apply(A.PLAY + 14)
    assert s.phase == PH_ROUTE
    toward = {s.board.node_ids[s.board.end_far_node[a - A.ROUTE]] for a in s.legal_actions()}
    assert toward == {"calais", "reims"}  # the green exits only (Calais is green at set-up)
    reims = [a for a in s.legal_actions()
             if s.board.node_ids[s.board.end_far_node[a - A.ROUTE]] == "reims"][0]
    s.apply(reims)
    # Paris-Reims is 1 section and the Reims junction is open Paris-Dijon at set-up
    assert on(s, 0, "reims", "dijon", 0)
    assert s.tokens == 7


def test_rule_4_city_without_green_exit_loses_every_point():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 3-4 (the train cannot leave: every point is unspent)
    s = blank()
    put(s, 3, "amsterdam")
    set_green(s, field_between(s, "amsterdam", "brussels"), False)
    rig(s, 1, 3)
    s.apply(A.PLAY + 14)
    assert where(s, 3) == ("node", "amsterdam")
    assert s.tokens == 7 - 3


def test_rule_5_occupied_city_stops_the_train_before_it():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 5 (one train per city; unspent points cost tokens)
    s = blank()
    put(s, 3, "amsterdam")
    put(s, 0, ("brussels", "amsterdam"), k=0)
    move_card(s, 0, 4)
    assert on(s, 0, "brussels", "amsterdam", 0)
    assert s.tokens == 7 - 4


def test_rule_6_switch_discs_block_the_closed_branch():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 6 (only through a switch's open direction)
    s = blank()
    set_switch(s, "rennes", "brest", "tours")
    put(s, 0, ("rennes", "paris"), toward="rennes", k=0)
    move_card(s, 0, 3)
    assert on(s, 0, "rennes", "paris", 0, toward="rennes")
    assert s.tokens == 7 - 3
    # through the open branches the train follows the switch
    s = blank()
    set_switch(s, "rennes", "brest", "tours")
    put(s, 3, ("brest", "rennes"), k=1)
    move_card(s, 3, 1)
    assert on(s, 3, "rennes", "tours", 0)


def test_rule_8_no_overtaking():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 8 (stop behind a train; unspent points cost tokens)
    s = blank()
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("rennes", "paris"), k=0)          # brown, heading to Paris
    put(s, 0, ("brest", "rennes"), k=0)          # black behind it, same direction
    move_card(s, 0, 4)
    assert on(s, 0, "brest", "rennes", 1)
    assert s.tokens == 7 - 3
    assert on(s, 3, "rennes", "paris", 0)


def test_rule_9_trade_city_stop_costs_no_time():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 9 (stop in a trade city; leftover points are free)
    s = blank()
    put(s, 0, ("brussels", "amsterdam"), k=0)
    move_card(s, 0, 5)
    assert where(s, 0) == ("node", "amsterdam")
    assert s.tokens == 7


def test_rule_10_port_unloads_and_sends_the_train_home():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 10 (the port takes the good; the train goes to its depot)
    s = blank()
    put(s, 0, ("lyon", "marseille"), good="red", k=0)
    move_card(s, 0, 3)
    assert where(s, 0) == ("depot",)
    assert s.delivered[0] == [0, 0, 1, 0]
    assert s.tgood[0] == -1 and s.goods[2] == 1
    assert s.tokens == 7
    # an empty train is sent home as well
    s = blank()
    put(s, 0, ("lyon", "marseille"), k=0)
    move_card(s, 0, 2)
    assert where(s, 0) == ("depot",) and sum(s.delivered[0]) == 0


def test_rule_11_head_on_meeting_costs_two_tokens_a_point_and_the_train():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 11 (2 tokens per unspent point; the mover to its depot,
    # its good back to its city)
    s = blank(options={"time_tokens": 10})
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("brest", "rennes"), toward="rennes", k=1)
    put(s, 0, ("rennes", "paris"), toward="rennes", k=0, good="blue")
    move_card(s, 0, 3)
    assert where(s, 0) == ("depot",)
    assert s.tokens == 10 - 2 * 3
    assert s.goods[1] == 2 and s.tgood[0] == -1
    assert on(s, 3, "brest", "rennes", 1)


def test_rule_12_starting_point_costs_two_tokens_and_the_train():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 12 (2 tokens whatever is left; depot; good back home)
    s = blank()
    put(s, 0, ("brest", "rennes"), toward="brest", k=0, good="white")
    move_card(s, 0, 5)
    assert where(s, 0) == ("depot",)
    assert s.tokens == 7 - 2
    assert s.goods[3] == 2


def test_example_calais_to_paris_with_three_points():
    # rulebook: ПРИМЕР ХОДА ИГРЫ, Б (black from Calais reaches Paris with 3 points through the
    # green signal; the 4th point is free because trains stop in cities)
    s = blank()
    put(s, 0, "calais")
    move_card(s, 0, 4)
    assert where(s, 0) == ("node", "paris")
    assert s.tokens == 7


def test_train_in_city_blocks_entry_through_red_field():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 7 (signal fields at city entrances stop trains too)
    s = blank()
    set_green(s, field_between(s, "paris", "reims"), False)
    put(s, 0, ("reims", "paris"), toward="paris", k=0)
    move_card(s, 0, 2)
    assert on(s, 0, "reims", "paris", 0)
    assert s.tokens == 5


@pytest.mark.parametrize("train,roll", [(3, 1), (6, 1), (0, 2)])
def test_rule_2_a_city_costs_one_point(train, roll):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 2 (entering a city costs 1 point: from the last section
    # before Amsterdam a roll of 1 is exactly enough)
    s = blank()
    put(s, train, ("brussels", "amsterdam"), k=0)
    move_card(s, train, roll)
    assert where(s, train) == ("node", "amsterdam")
    assert s.tokens == 7 and s.phase == PH_ACTIONS


@pytest.mark.parametrize("start", ["venice", "calais", "genoa"])  # numbers 2, 6 and 12
def test_rule_11_running_into_a_train_on_a_starting_point_is_head_on(start):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 11 and п. 12; the project's reading (docs/games/
    # switch_and_signal.md, Interpretations 5): a train standing on a starting point faces
    # into the network, so a train running into it meets it head-on: two tokens for each
    # point left, the mover to its depot, its good home; the standing train stays
    s = blank(options={"time_tokens": 10})
    b = s.board
    st = node(s, start)
    far = b.node_ids[b.end_far_node[b.start_end[st]]]
    put(s, 3, start)
    put(s, 0, (start, far), toward=start, k=0, good="red")
    move_card(s, 0, 4)
    assert where(s, 0) == ("depot",) and where(s, 3) == ("node", start)
    assert s.tokens == 10 - 2 * 4 and s.goods[2] == 2
    assert [e["type"] for e in s.events][-2:] == ["head_on", "time_lost"]


def test_rule_9_no_choice_in_a_city_whose_only_green_line_is_the_one_arrived_by():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 9 (a train stops in a city) and Диспетчер (he lets it go
    # on along a green line): Amsterdam's only green signal faces Brussels, whence the train
    # came, so the dispatcher has nothing to offer: it stops at once, no time lost
    from railtable.games.switch_and_signal.rules import CONDUCTOR, LOGISTICIAN
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << CONDUCTOR)
    assert s.green[field_between(s, "amsterdam", "brussels")]
    assert not s.green[field_between(s, "amsterdam", "cologne")]
    put(s, 0, ("brussels", "amsterdam"), k=0)
    move_card(s, 0, 4)
    assert where(s, 0) == ("node", "amsterdam") and s.phase == PH_ACTIONS and s.tokens == 7
    assert s.observation(None)["helpers"]["dispatcher"] is False


@pytest.mark.parametrize("board, a, city, b", [
    ("north_america", "oklahoma_city", "dallas", "memphis"),
    ("central_europe", "brussels", "amsterdam", "cologne")])
def test_rule_2_a_train_reaching_a_city_with_its_last_point_stops_there(board, a, city, b):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 2 (each space one point) and Особые правила для Северной
    # Америки / Диспетчер (passing through needs points to go on): with no point left there
    # is nothing to decide, even with a green way on
    from railtable.games.switch_and_signal.rules import CONDUCTOR, LOGISTICIAN
    s = blank(options={"board": board}, helpers_used=board == "north_america")
    if board == "central_europe":
        s.helpers = (1 << LOGISTICIAN) | (1 << CONDUCTOR)
    set_green(s, field_between(s, city, a))
    set_green(s, field_between(s, city, b))
    assert s.board.line_len[line(s, a, city)] == 1
    put(s, 6, (a, city), k=0)  # a one-section line: one point to the city
    move_card(s, 6, 1)
    assert where(s, 6) == ("node", city) and s.phase == PH_ACTIONS and s.tokens == 7
