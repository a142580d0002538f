"""Rule tests named after the rulebook's sections, for cases the other files leave open
(found by mutation testing, docs/developing.md): a train in city 0 (Paris, the board's
first place) when its colour is called, every goods colour going home, the depot's train 0
and train 8 as the only ones left, and the North America goal on both ports (port 0 and the
last). Positions come from helpers.py (blank, put, top_card, rig...), then are played
through legal actions; expected values are the rulebook's."""

import pytest

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.rules import (PH_ACTIONS, PH_DEPLOY_COLOUR, PH_MOVE_COLOUR,
                                                     PH_MOVE_TRAIN)

from .helpers import (GAME, blank, field_between, move_card, node, on, put, rig, seed_for_deploy,
                      track_field,
                      set_green, set_switch, top_card, where)

GOODS = ("yellow", "blue", "red", "white")
TRADE_CITY = {"yellow": "amsterdam", "blue": "paris", "red": "nuernberg", "white": "berlin"}
MOVE_ANY, MOVE_ALL, DEPLOY_THEN_BLACK, DEPLOY_THEN_ANY = 9, 17, 1, 4  # departure card ids


def black_trains():
    """blank() (turn 2, no train out, every helper used) with black train 0 standing in
    Paris, the board's place 0, whose only green exit leads to Calais (the first-game
    layout), and black train 1 on the first section from Lyon to Marseille.
    Sets: tpos/thead/occ of trains 0 and 1 (put)."""
    s = blank()
    assert s.board.node_cell[node(s, "paris")] == 0
    put(s, 0, "paris")
    put(s, 1, ("lyon", "marseille"), k=0)
    assert s.green[field_between(s, "paris", "calais")]
    return s


@pytest.mark.parametrize("card", [MOVE_ANY, MOVE_ALL, DEPLOY_THEN_BLACK])
def test_a_train_standing_in_city_0_moves_when_its_colour_is_called(card):
    # rulebook: 1. Транспортная инструкция, Передвижение поездов (every train of the colour
    # shown moves, in the order the active player picks; three multicolour trains: every
    # train on the network)
    s = black_trains()
    top_card(s, card)
    s.apply(A.END)
    if card == DEPLOY_THEN_BLACK:
        assert s.phase == PH_DEPLOY_COLOUR
        s.set_seed(seed_for_deploy(12))  # a brown train to Genoa, far from both
        s.apply(A.DEPLOY_COLOUR + 1)
        assert where(s, 3) == ("node", "genoa")
    if card == MOVE_ANY:
        assert s.phase == PH_MOVE_COLOUR
        s.apply(A.MOVE_COLOUR + 0)
    # both black trains are to move: the team picks which first
    assert s.phase == PH_MOVE_TRAIN and s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1]
    rig(s, 0, 2)
    s.apply(A.TRAIN + 0)
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 2 (two points: the two sections toward Calais)
    assert on(s, 0, "paris", "calais", 1)
    # then train 1, the only one left, at once: into the port Marseille, unloaded, home
    assert where(s, 1) == ("depot",)
    assert s.phase == PH_ACTIONS and s.tokens == 7


@pytest.mark.parametrize("good", GOODS)
def test_a_good_goes_back_to_its_city_when_its_train_reaches_a_starting_point(good):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 12 (2 tokens; the train to its depot; the good it
    # carried back to the city it came from)
    s = blank()
    put(s, 0, ("brest", "rennes"), toward="brest", k=0, good=good)
    city = TRADE_CITY[good]
    assert s.observation(0)["goods"][city]["count"] == 1
    move_card(s, 0, 5)
    assert where(s, 0) == ("depot",) and s.tokens == 7 - 2
    assert s.observation(0)["goods"][city]["count"] == 2
    assert sum(s.delivered[0]) == 0


@pytest.mark.parametrize("good", GOODS)
def test_a_good_goes_back_to_its_city_after_a_head_on_meeting(good):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 11 (2 tokens a point left; the moving train to its
    # depot; its good back to its city)
    s = blank(options={"time_tokens": 10})
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("brest", "rennes"), toward="rennes", k=1)
    put(s, 0, ("rennes", "paris"), toward="rennes", k=0, good=good)
    move_card(s, 0, 3)
    assert where(s, 0) == ("depot",) and s.tokens == 10 - 2 * 3
    assert s.observation(0)["goods"][TRADE_CITY[good]]["count"] == 2


SPOTS = [("amsterdam",), ("nuernberg",), ("berlin",), ("lyon", "marseille"),
         ("brussels", "amsterdam"), ("rennes", "paris"), ("tours", "paris"), ("reims", "paris")]


@pytest.mark.parametrize("left", [0, 8])
def test_deploying_any_colour_when_one_train_is_left_in_the_depot(left):
    # rulebook: 1. Транспортная инструкция, Отправление поездов (a new train must be placed:
    # the team picks its colour among the trains still in the depot)
    s = blank()
    out = [t for t in range(9) if t != left]
    for t, spot in zip(out, SPOTS):
        put(s, t, spot[0] if len(spot) == 1 else spot)
    top_card(s, DEPLOY_THEN_ANY)
    s.set_seed(seed_for_deploy(6))  # the turn's first random step: Calais, free
    s.apply(A.END)
    # the colour is the team's choice, but only one is left: it is deployed at once
    assert where(s, left) == ("node", "calais")
    assert s.phase == PH_MOVE_COLOUR


def north_america(delivered, ten_goods=False):
    """blank() on the North America board with `delivered` as the two ports' goods (San
    Francisco is port 0, New York port 1). Sets: delivered."""
    s = blank(options={"board": "north_america", "ten_goods": ten_goods})
    for port, d in zip(("san_francisco", "new_york"), delivered):
        s.delivered[s.board.port_index[node(s, port)]] = list(d)
    return s


def deliver(s, port, good):
    """Drive a train loaded with `good` into `port` with a move card (two points)."""
    if port == "san_francisco":
        set_green(s, field_between(s, "san_francisco", "sacramento"))
        put(s, 0, ("sacramento", "san_francisco"), good=good)
    else:
        put(s, 0, ("philadelphia", "new_york"), good=good)
    move_card(s, 0, 2)
    assert where(s, 0) == ("depot",)


@pytest.mark.parametrize("port, delivered", [
    ("san_francisco", ([1, 1, 1, 0], [1, 1, 1, 1])),
    ("new_york", ([1, 1, 1, 1], [1, 1, 1, 0]))])
def test_north_america_is_won_with_one_good_of_each_colour_in_each_port(port, delivered):
    # rulebook: Особые правила для Северной Америки (one good of each colour to San
    # Francisco and one of each colour to New York); КОНЕЦ ИГРЫ (the last good arriving
    # ends the game at once: everyone wins)
    s = north_america(delivered)
    deliver(s, port, "white")
    r = s.result()
    assert s.is_terminal() and r.reason == "all_goods_delivered" and r.winners == (0, 1)
    assert s.observation(0)["result"]["winners"] == [0, 1]


def test_north_america_is_not_won_while_a_port_lacks_a_colour():
    # rulebook: Особые правила для Северной Америки (each port needs every colour)
    s = north_america(([1, 1, 1, 1], [1, 1, 0, 0]))
    deliver(s, "new_york", "white")
    assert not s.is_terminal() and s.phase == PH_ACTIONS


@pytest.mark.parametrize("port, delivered, won", [
    ("new_york", ([2, 1, 1, 1], [1, 1, 1, 1]), True),
    ("san_francisco", ([1, 1, 1, 1], [1, 1, 2, 1]), True),
    ("san_francisco", ([1, 1, 1, 0], [1, 1, 1, 1]), False)])
def test_north_america_ten_goods_need_one_more_good_in_each_port(port, delivered, won):
    # rulebook: Как усложнить игру (10 goods: on North America one more good to each port)
    s = north_america(delivered, ten_goods=True)
    deliver(s, port, "white")
    assert s.is_terminal() is won


# -- found by mutation testing (docs/developing.md, "Mutation testing") -------------------------

def test_the_deployment_roll_is_announced_with_its_dice_and_starting_point():
    # rulebook: 1. Транспортная инструкция, Отправление поездов (the active player rolls the
    # two departure dice; their sum names the starting point)
    s = blank()
    top_card(s, DEPLOY_THEN_ANY)
    s.set_seed(seed_for_deploy(6))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 2)
    rolls = [e for e in s.events if e["type"] == "deploy_roll"]
    assert len(rolls) == 1
    assert rolls[0]["colour"] == 2 and sum(rolls[0]["dice"]) == 6 and rolls[0]["number"] == 6
    assert rolls[0]["node"] == "calais" and where(s, 6) == ("node", "calais")


def test_the_cards_drawn_are_told_to_the_player_who_drew_them():
    # rulebook: 3. Добор карточек действий (five cards from the pile at the end of the turn)
    s = blank()
    s.hands[0] = [1, 1, 0]  # room for all five under the limit of ten
    before = list(s.hands[0])
    s.apply(A.END)
    draw = [e for e in s.events if e["type"] == "draw"]
    assert len(draw) == 1 and draw[0]["player"] == 0 and draw[0]["count"] == 5
    got = [s.hands[0][c] - before[c] for c in range(3)]
    assert [draw[0]["cards"][k] for k in ("signal", "switch", "move_train")] == got
    assert sum(got) == 5


@pytest.mark.parametrize("players", [2, 4])
def test_seat_0_is_the_first_active_player(players):
    # rulebook: ПОДГОТОВКА К ИГРЕ, 10 (one player begins as the active player; the project
    # seats him at seat 0, docs/games/switch_and_signal.md) and ВАЖНО! В первый ход (he turns
    # the start card)
    s = GAME.new_state(players, 3)
    assert s.current_player() == 0 and s.observation(None)["current_player"] == 0
    assert [e["player"] for e in s.events if e["type"] == "reveal"] == [0]


def test_any_of_the_eleven_location_tokens_may_place_the_first_trains():
    # rulebook: Отказ от кубиков отправления (three of the 11 shuffled location tokens place
    # the first black, brown and gray trains): token 2 and token 12 included
    numbers = set()
    for seed in range(40):
        s = GAME.new_state(2, seed, {"location_tokens": "draw_instead_of_dice"})
        placed = [e["number"] for e in s.events if e["type"] == "deploy_roll"]
        assert len(placed) == 3 and len(set(placed)) == 3
        numbers.update(placed)
    assert numbers == set(range(2, 13))


def test_the_conductor_is_offered_only_for_the_colour_that_is_to_move():
    # rulebook: Помощники из Центральной Европы, Начальник поезда (every train of one colour
    # shown on the card just turned stays still)
    from railtable.games.switch_and_signal.rules import DISPATCHER, LOGISTICIAN
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << DISPATCHER)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 3, ("lyon", "marseille"), k=0)
    put(s, 4, "calais")
    top_card(s, MOVE_ANY)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 1)  # brown is to move; black stands still anyway
    assert sorted(s.legal_actions()) == sorted([A.TRAIN + 3, A.TRAIN + 4, A.CONDUCTOR + 1])


def test_a_card_for_the_gray_trains_moves_them_without_asking_the_colour():
    # rulebook: 1. Транспортная инструкция, Передвижение поездов (the card shows the colour
    # to move; only a multicolour train lets the team choose): gray, the last colour
    s = blank()
    put(s, 6, ("lyon", "marseille"), k=0)
    top_card(s, 3)  # deploy one train, then move the gray trains
    s.set_seed(seed_for_deploy(12))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)  # black to Genoa
    # the gray train moved at once (a single train): into Marseille, unloaded, home
    assert s.phase == PH_ACTIONS and where(s, 6) == ("depot",)
    assert where(s, 0) == ("node", "genoa")


def test_each_action_reports_only_its_own_events():
    # the engine contract (docs/developing.md, Events): apply begins a fresh event list
    s = blank()
    put(s, 0, "calais")
    s.apply(A.END)
    first = list(s.events)
    assert any(e["type"] == "draw" for e in first)
    s.apply(s.legal_actions()[0])  # the next decision, whatever it is: no card is drawn
    assert not any(e["type"] == "draw" for e in s.events)


def test_a_free_layout_sets_each_switch_as_chosen():
    # rulebook: ПОДГОТОВКА К ИГРЕ, ВАЖНО! (in later games the team sets the switch discs):
    # a three-way junction has three settings, each one a choice
    from railtable.games.switch_and_signal.rules import PH_SETUP_SWITCH
    s = GAME.new_state(2, 3, {"layout": "free"})
    assert s.phase == PH_SETUP_SWITCH
    assert s.legal_actions() == [A.CONFIG, A.CONFIG + 1, A.CONFIG + 2]
    seen = set()
    for a in s.legal_actions():
        c = s.clone()
        c.apply(a)
        seen.add(tuple(c.observation(None)["switches"]["rennes"]))  # the first junction
    assert len(seen) == 3


def test_the_movement_points_from_calais_to_paris_are_three():
    # rulebook: ПРИМЕР ХОДА ИГРЫ, Б (from Calais the black train reaches Paris with three
    # points: two sections and the city); the board's distance table (a bot aid) agrees
    s = blank()
    b = s.board
    assert b.dist_to[node(s, "paris")][2 * b.node_cell[node(s, "calais")]] == 3


# ------------------------------------------------ found by mutation testing, seed 40

def test_a_deployment_with_every_train_out_still_moves_the_colour_shown():
    # rulebook: Карты отправления (a card first puts a train on the network, then moves the
    # colour it shows; a step that cannot be done is skipped): with no train left in the
    # depot, the black trains still move
    s = blank()
    spots = ["paris", ("lyon", "marseille"), "amsterdam", "nuernberg", "berlin", "marseille",
             ("reims", "strasbourg"), ("dijon", "lyon"), ("brussels", "amsterdam")]
    for t, spot in enumerate(spots):
        put(s, t, spot)
    top_card(s, DEPLOY_THEN_BLACK)
    s.apply(A.END)
    assert s.phase == PH_MOVE_TRAIN
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1, A.TRAIN + 2]


def test_a_pair_for_any_action_needs_two_cards_of_a_kind_only_when_both_are_that_kind():
    # rulebook: Любое действие (any two action cards make any one action): with one card of
    # each kind, every mixed pair may be played and no pair of one kind
    s = blank()
    s.hands[0] = [1, 1, 1]
    put(s, 0, "paris")  # a train on the network, so that moving is possible too
    legal = set(s.legal_actions())
    for purpose in range(3):
        base = A.PLAY + purpose * 7
        assert base in legal
        for k, (x, y) in enumerate(A.PAIRS):
            assert (base + 1 + k in legal) == (x != y), (purpose, x, y)


def test_a_switch_set_by_an_action_card_is_announced():
    # rulebook: Переключение стрелки (an action card moves a junction's discs); the log says
    # which junction and how it is set now
    s = blank()
    s.apply(A.PLAY + 7)
    j = s.board.junction_index[node(s, "tours")]
    s.apply(A.JUNCTION + j)
    k = [k for k in range(6) if k != s.jconf[j]][0]
    s.apply(A.CONFIG + k)
    assert {"type": "switch", "player": 0, "junction": "tours", "setting": k,
            "to": None} in s.events


def test_location_tokens_drawn_instead_of_dice_with_options_from_json():
    # rulebook: Отказ от кубиков отправления (the first trains' starting points come from
    # location tokens drawn, not from the dice), with the options as the lobby sends them:
    # parsed from JSON text
    import json
    opts = json.loads('{"location_tokens": "draw_instead_of_dice"}')
    s = GAME.new_state(2, 3, opts)
    placed = [e for e in s.events if e["type"] == "deploy_roll"]
    assert len(placed) == 3 and all(e["dice"] is None for e in placed)
    assert len({e["number"] for e in placed}) == 3


def test_a_boxed_departure_card_leaves_the_known_cards_known_in_a_determinized_world():
    # rulebook: Жетоны времени (when the last time token goes, the top departure card goes
    # to the box) and Помощники, Стрелочник (the card he puts back lies under the pile, seen
    # by all). Builder: sets the departure pile to two cards, both put back by the
    # switchman (pile, pile_known), and the clock to two tokens
    import random
    s = blank()
    seen = [c for c in range(1, 18) if c not in s.revealed][:2]
    s.pile = list(seen)
    s.pile_known = 2
    s.tokens = 2
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 4)  # stopped at once by the red signal: four points, four tokens lost
    obs = s.observation(None)
    assert obs["departure_pile"] == 1 and obs["time_tokens"] == 7 - 2
    assert [c["id"] for c in obs["departure_pile_bottom"]] == seen[:1]
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.pile == seen[:1]


# ------------------------------------------------ found by mutation testing, seed 41

def test_a_train_standing_in_paris_the_boards_place_0_is_shown_there():
    # rulebook: Подготовка к игре (the trains stand in cities, on lines or in the depot):
    # the observation of a train in place 0 names the city, not the depot
    s = black_trains()
    t0 = s.observation(None)["trains"][0]
    assert (t0["where"], t0["node"]) == ("city", "paris")
    assert s.observation(None)["trains"][2]["where"] == "depot"


def test_the_dispatcher_used_leaves_the_logistician_to_use():
    # rulebook: Помощники из Центральной Европы (each helper once a game: the Dispatcher lets
    # trains pass through cities this turn; the Logistician is another helper)
    s = blank(helpers_used=False)
    s.helpers = 1 << 2  # the Conductor used already
    set_green(s, field_between(s, "amsterdam", "cologne"))
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 3)
    s.apply(A.PLAY + 14)
    assert s.legal_actions() == [A.ACCEPT_ROLL, A.LOGISTICIAN]
    s.apply(A.ACCEPT_ROLL)
    s.apply(A.DISPATCHER)
    used = s.observation(None)["helpers"]
    assert used == {"logistician": False, "dispatcher": True, "conductor": True}


def test_a_train_that_stops_on_the_line_is_announced():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 1-2 (a train moves its points along the track and stops
    # there); the log says where
    s = blank()
    put(s, 0, ("reims", "strasbourg"), k=0)
    set_green(s, track_field(s, "reims", "strasbourg"))
    rig(s, 0, 2)
    s.apply(A.PLAY + 14)
    stops = [e for e in s.events if e["type"] == "stop"]
    assert stops == [{"type": "stop", "train": 0, "cell": s.tpos[0], "to": None}]


def test_a_card_turned_from_a_pile_of_known_cards_leaves_the_rest_known():
    # rulebook: Помощники, Стрелочник (a card he puts back lies under the pile, seen by all)
    # and Карты отправления (each turn the top card is turned over). Builder: sets the pile
    # to two cards both put back by the switchman (pile, pile_known)
    import random
    s = blank()
    seen = [c for c in range(1, 18) if c not in s.revealed][:2]
    s.pile = list(seen)
    s.pile_known = 2
    s.apply(A.END)  # the next turn turns over the top card
    assert s.card == seen[1]
    obs = s.observation(None)
    assert obs["departure_pile"] == 1
    assert [c["id"] for c in obs["departure_pile_bottom"]] == seen[:1]
    for k in range(10):
        assert s.determinize(0, random.Random(k)).pile == seen[:1]


@pytest.mark.parametrize("a, b", [("memphis", "st_louis"), ("charlotte", "richmond")])
def test_north_america_a_track_signal_stands_where_the_board_shows_it(a, b):
    # rulebook: Сигналы (a red signal field stops a train before it) on the North America
    # board, whose track signal between these two junctions stands one section from the
    # first, at the second's end (boards/north_america.json, as printed): a train on the
    # line heading for the second junction stops at once, its points lost
    s = blank(options={"board": "north_america"})
    assert not s.green[track_field(s, a, b)]
    put(s, 0, (a, b), k=0)
    move_card(s, 0, 2)
    assert on(s, 0, a, b, 0) and s.tokens == 7 - 2


# ------------------------------------------------ found by mutation testing, seed 42

def test_the_trains_are_three_of_each_colour_in_order():
    # rulebook: Состав игры (nine trains: three black, three brown, three gray)
    s = blank()
    colours = [t["colour"] for t in s.observation(None)["trains"]]
    assert colours == ["black"] * 3 + ["brown"] * 3 + ["gray"] * 3


def test_the_conductor_used_leaves_the_other_helpers_to_use():
    # rulebook: Помощники из Центральной Европы, Начальник поезда (every train of one colour
    # stays still; each helper once a game)
    s = blank(helpers_used=False)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 1, "calais")
    top_card(s, 9)  # a multicolour train: the team picks black, then may call the conductor
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    s.apply(A.CONDUCTOR + 0)
    used = s.observation(None)["helpers"]
    assert used == {"logistician": False, "dispatcher": False, "conductor": True}


def test_a_departure_card_boxed_when_the_clock_runs_out_is_announced():
    # rulebook: Жетоны времени (the last token gone: the top departure card goes to the box
    # and the clock is full again)
    s = blank()
    left = len(s.pile)
    s.tokens = 2
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 4)
    assert {"type": "departure_boxed", "left": left - 1, "to": None} in s.events
    assert s.observation(None)["time_tokens"] == 7 - 2


# ------------------------------------------------ found by mutation testing, seed 43

@pytest.mark.parametrize("first", [True, False])
def test_the_first_and_the_last_junction_may_be_switched_by_an_action_card(first):
    # rulebook: Переключение стрелки (an action card moves the discs of any one junction):
    # junction 0 (Rennes) and the last of the board
    s = blank()
    j = 0 if first else len(s.board.junctions) - 1
    name = s.board.node_ids[s.board.junctions[j]]
    s.apply(A.PLAY + 7)
    s.apply(A.JUNCTION + j)
    k = [k for k in range(len(s.board.junction_configs[j])) if k != s.jconf[j]][0]
    s.apply(A.CONFIG + k)
    assert s.jconf[j] == k
    assert {"type": "switch", "player": 0, "junction": name, "setting": k,
            "to": None} in s.events


def test_a_deployment_onto_an_occupied_starting_point_is_announced():
    # rulebook: Отправление поездов (an occupied starting point: no train is placed and two
    # time tokens are lost); the log says where
    s = blank()
    put(s, 6, "calais")
    assert s.number_start[6] == node(s, "calais")
    top_card(s, 1)  # deploy 1, then move the black trains
    s.set_seed(seed_for_deploy(6))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)
    assert {"type": "deploy_blocked", "node": "calais", "to": None} in s.events
    assert s.observation(None)["time_tokens"] == 5


def test_the_clock_running_out_on_the_last_card_is_announced():
    # rulebook: КОНЕЦ ИГРЫ (a card must be boxed when none is left: the team loses at once)
    s = blank()
    s.pile = []
    s.tokens = 1
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 2)
    assert {"type": "game_over", "reason": s.result().reason, "to": None} in s.events
    assert s.result().reason == "clock_ran_out"


# ------------------------------------------------ seed 43's leftovers, examined with seed 50

@pytest.mark.parametrize("board", ["central_europe", "north_america"])
def test_no_way_in_the_distance_table_runs_through_a_starting_point(board):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 12 (a train reaching a starting point leaves the network):
    # a train on the last section before any starting point, heading into it, reaches no
    # other place; the distance table the bots plan with says no way (99 or more, as they
    # read it), and the starting point itself one point away. Every starting point of the
    # board: number 2 and number 12 included
    s = blank(options={"board": board})
    b = s.board
    assert len(b.starts) == 11
    for st in b.starts:
        e = b.start_end[st]
        cell, head = b.end_cell[e], -b.end_head[e]  # on the line's first section, inbound
        state = 2 * cell + (head > 0)
        assert b.dist_to[st][state] == 1
        for n in b.dist_to:
            if n != st:
                assert b.dist_to[n][state] >= 99, (b.node_ids[st], b.node_ids[n])


@pytest.mark.parametrize("good", ["yellow", "blue", "white"])
def test_north_america_ten_goods_a_port_takes_one_extra_good_only(good):
    # rulebook: Как усложнить игру (10 goods: one more good to each port) with Особые правила
    # для Северной Америки (a port takes a good it lacks): New York, holding one of each
    # colour and one extra yellow, takes no further good of a colour it has; the train stops
    # there like in a city, keeping its load, no time lost
    s = north_america(([0, 0, 0, 0], [2, 1, 1, 1]), ten_goods=True)
    put(s, 0, ("philadelphia", "new_york"), good=good)
    move_card(s, 0, 2)
    assert where(s, 0) == ("node", "new_york") and s.tgood[0] == GOODS.index(good)
    ny = s.observation(None)["delivered"][1]
    assert ny == {"port": "new_york", "goods": {"yellow": 2, "blue": 1, "red": 1, "white": 1}}
    assert s.tokens == 7 and not s.is_terminal()


@pytest.mark.parametrize("players", [2, 4])
def test_the_result_credits_each_seat_with_its_deliveries_and_counts_the_time_lost(players):
    # rulebook: КОНЕЦ ИГРЫ (the eighth good in the port ends the game: the team wins
    # together); the result shows the team's goods as every seat's score, and per seat the
    # goods it delivered (the last seat here), the tokens lost and the cards left
    s = blank(players=players)
    s.delivered[0] = [2, 2, 2, 0]
    s.goods = [0, 0, 0, 2]
    last = players - 1
    # the last seat first loses three tokens at a red signal, then delivers white twice
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 1, ("reims", "strasbourg"), k=0)
    s.active = last
    cards = len(s.pile)
    move_card(s, 1, 3)
    for t in (3, 6):
        put(s, t, ("lyon", "marseille"), k=0, good="white")
        move_card(s, t, 2)
    r = s.result()
    assert s.is_terminal() and r.winners == tuple(range(players))
    assert r.scores == (8.0,) * players
    for p in range(players):
        assert r.details[p] == {"goods_delivered_team": 8, "goods_delivered": 2 if p == last else 0,
                                "won": True, "time_tokens_lost": 3,
                                "departure_cards_left": cards}


def test_a_second_disc_in_a_city_may_leave_it_but_the_last_may_not():
    # rulebook: Установка семафора (every city keeps at least one signal disc) with Как
    # сделать игру легче (one more signal disc): Paris holding two discs may give one to any
    # red field, even another city's; its last one then moves only within Paris
    s = blank(options={"extra_signal": True})
    calais, reims = field_between(s, "paris", "calais"), field_between(s, "paris", "reims")
    cologne = field_between(s, "amsterdam", "cologne")
    set_green(s, reims)
    assert len(s.observation(None)["signals"]) == 9
    s.apply(A.PLAY + 0)
    s.apply(A.FIELD_FROM + calais)
    red = [f for f in range(s.board.num_fields) if f not in s.observation(None)["signals"]]
    assert sorted(a - A.FIELD_TO for a in s.legal_actions()) == red
    s.apply(A.FIELD_TO + cologne)
    s.apply(A.PLAY + 0)
    s.apply(A.FIELD_FROM + reims)
    paris = set(s.board.city_fields[node(s, "paris")])
    assert {a - A.FIELD_TO for a in s.legal_actions()} == paris - {reims}


def test_the_conductor_may_keep_any_colour_of_a_card_moving_every_train():
    # rulebook: ВНИМАНИЕ! (three multicolour trains: every train on the network moves) and
    # Помощники из Центральной Европы, Начальник поезда (every train of one colour stays
    # still): black and gray are on the network, brown is not
    from railtable.games.switch_and_signal.rules import DISPATCHER, LOGISTICIAN
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << DISPATCHER)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 7, ("lyon", "marseille"), k=0)
    top_card(s, MOVE_ALL)
    s.apply(A.END)
    assert s.legal_actions() == [A.CONDUCTOR + 0, A.CONDUCTOR + 2, A.TRAIN + 0, A.TRAIN + 7]
    rig(s, 0, 2)
    s.apply(A.CONDUCTOR + 2)
    # the gray train stays; the black one, the only one left, moves at once
    assert on(s, 7, "lyon", "marseille", 0) and where(s, 0) == ("node", "amsterdam")
    assert s.phase == PH_ACTIONS


@pytest.mark.parametrize("a, says", [
    (-1, "-1 is not an action of Switch & Signal"),
    (A.NUM_ACTIONS, f"{A.NUM_ACTIONS} is not an action of Switch & Signal"),
    ("1", "'1' is not an action of Switch & Signal"),
    (A.STOP, "'Stop in the city' is not allowed now (the team is deciding: actions)"),
    (A.NUM_ACTIONS - 1, "is not allowed now (the team is deciding: actions)")])
def test_a_refused_action_says_why(a, says):
    # the engine contract (docs/developing.md): an illegal action changes nothing and says
    # whether it is no action of the game at all (below 0, from NUM_ACTIONS on, not a whole
    # number) or one the team may not take now, naming the decision being made
    from railtable.engine.game import IllegalAction
    from .helpers import snapshot
    s = blank()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(a)
    assert says in str(err.value)
    assert snapshot(s) == before


def test_a_refused_action_names_the_decision_being_made():
    # as above, during a move: the team is choosing the line out of Paris
    from railtable.engine.game import IllegalAction
    s = blank()
    put(s, 0, "paris")
    set_green(s, field_between(s, "paris", "reims"))
    rig(s, 0, 2)
    s.apply(A.PLAY + 14)
    with pytest.raises(IllegalAction, match=r"the team is deciding: route\)"):
        s.apply(A.END)


def test_loading_is_offered_in_each_trade_city_with_goods_only():
    # rulebook: Загрузка поезда (an empty train standing in a trade city takes a good of its
    # colour for any one card): each of the four cities; not in an emptied city, not in the
    # port, not on a starting point, not for a loaded train
    s = blank()
    for t, city in enumerate(["amsterdam", "paris", "nuernberg", "berlin"]):
        put(s, t, city)
    put(s, 4, "marseille")
    put(s, 5, "calais")
    legal = s.legal_actions()
    loads = sorted({(a - A.LOAD) // 3 for a in legal if A.LOAD <= a < A.COUPLER})
    assert loads == [0, 1, 2, 3]
    for t, good in enumerate(GOODS):
        c = s.clone()
        c.apply(A.LOAD + 3 * t + 1)
        obs = c.observation(None)
        assert obs["trains"][t]["good"] == good
        assert obs["goods"][TRADE_CITY[good]]["count"] == 1
        assert obs["hands"][0] == {"signal": 3, "switch": 2, "move_train": 3}
        assert not any(A.LOAD + 3 * t <= a < A.LOAD + 3 * t + 3 for a in c.legal_actions())
    s.goods[GOODS.index("blue")] = 0  # Paris emptied
    s._legal = None
    assert sorted({(a - A.LOAD) // 3 for a in s.legal_actions()
                   if A.LOAD <= a < A.COUPLER}) == [0, 2, 3]


def test_no_move_card_may_be_played_with_no_train_on_the_network():
    # rulebook: Передвижение поезда (the card moves a train on the network): with every train
    # in its depot only signals and switches may be played, singly or as a pair
    s = blank()
    legal = s.legal_actions()
    assert not any(A.PLAY + 14 <= a < A.PLAY + 21 for a in legal)
    assert all(A.PLAY + p * 7 + slot in legal for p in (0, 1) for slot in range(7))
    put(s, 8, "paris")
    assert all(A.PLAY + 14 + slot in s.legal_actions() for slot in range(7))


@pytest.mark.parametrize("delivered, good, won", [([3, 3, 3, 0], "white", False),
                                                  ([3, 3, 2, 1], "white", True),
                                                  ([1, 3, 3, 2], "yellow", True),
                                                  ([0, 3, 3, 3], "yellow", False)])
def test_ten_goods_need_two_of_each_colour_as_well(delivered, good, won):
    # rulebook: Как усложнить игру (ten goods: three cubes of each colour, two of each to
    # the port and two more): ten goods in Marseille with a colour short of two do not win
    s = blank(options={"ten_goods": True})
    s.delivered[0] = list(delivered)
    s.goods = [3 - d for d in delivered]
    put(s, 0, ("lyon", "marseille"), k=0, good=good)
    move_card(s, 0, 2)
    assert s.is_terminal() is won and sum(s.delivered[0]) == sum(delivered) + 1


@pytest.mark.parametrize("board", ["central_europe", "north_america"])
def test_every_city_and_port_is_reachable_from_every_starting_point_in_the_distance_table(board):
    # rulebook: Игровое поле (one connected network: a train deployed on any starting point
    # can reach every trade city and port, switches and signals allowing); the bots' distance
    # table finds a way (under 99) from each starting point to each of them, and from each
    # city to each other
    s = blank(options={"board": board})
    b = s.board
    for n in b.cities:
        dist = b.dist_to[n]
        for st in b.starts + [c for c in b.cities if c != n]:
            d = dist[2 * b.node_cell[st]]
            assert 0 < d < 99, (b.node_ids[st], b.node_ids[n], d)


@pytest.mark.parametrize("t, number, start", [(0, 2, "venice"), (8, 12, "genoa")])
def test_a_starting_point_held_by_train_0_or_train_8_blocks_a_deployment(t, number, start):
    # rulebook: Отправление поездов (a starting point already taken: no train is placed and
    # two time tokens are lost): the first and the last train, on starting points 2 and 12
    s = blank()
    put(s, t, start)
    assert s.number_start[number] == node(s, start)
    top_card(s, 2)  # deploy one train, then move the brown trains
    s.set_seed(seed_for_deploy(number))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 1)
    obs = s.observation(None)
    assert obs["time_tokens"] == 5 and obs["trains"][t]["node"] == start
    assert [tr["where"] for tr in obs["trains"][3:6]] == ["depot"] * 3


def test_a_black_train_standing_in_paris_is_not_taken_from_the_depot_again():
    # rulebook: Отправление поездов (a train is taken from the depot of the colour chosen):
    # black train 0 stands in Paris, place 0, so the next black train out is train 1
    s = black_trains()  # train 0 in Paris, train 1 on the line to Marseille
    top_card(s, DEPLOY_THEN_ANY)
    s.set_seed(seed_for_deploy(6))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)
    assert where(s, 0) == ("node", "paris") and where(s, 2) == ("node", "calais")
    assert s.observation(None)["trains"][0]["node"] == "paris"
