"""The turn, the clock, action cards, helpers, the end and the variants."""

import pytest

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.rules import (
    CONDUCTOR, COUPLER, DISPATCHER, LOGISTICIAN, PH_ACTIONS, PH_CITY, PH_DEPLOY_COLOUR,
    PH_DEPLOY_PLACE, PH_MOVE_COLOUR, PH_MOVE_TRAIN, PH_REVEAL, PH_ROLL, PH_SETUP_CITY, PH_SETUP_EXTRA,
    PH_SETUP_SWITCH, PH_SETUP_TRACK, STATION_MASTER, SWITCHMAN)

from .helpers import (GAME, blank, cell_of, field_between, move_card, node, on, put, rig,
                      seed_for_deploy, set_green, set_switch, top_card, track_field, where)


# -- the clock (rulebook: Жетоны времени) ------------------------------------------------------

def test_clock_overflow_is_subtracted_from_the_refill():
    # rulebook: Жетоны времени (2 on the clock, 3 to pay: a card is boxed, 6 come back)
    s = blank()
    s.tokens = 2
    pile = len(s.pile)
    before = list(s.pile)
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 3)
    assert len(s.pile) == pile - 1
    assert s.tokens == 6
    boxed = set(before) - set(s.pile)
    assert len(boxed) == 1 and not boxed & set(s.revealed)  # boxed unseen, the top card


def test_clock_emptied_exactly_refills_fully():
    # rulebook: Жетоны времени (the last token removed: box a card, refill the clock)
    s = blank(options={"time_tokens": 9})
    s.tokens = 3
    pile = len(s.pile)
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 3)
    assert (len(s.pile), s.tokens) == (pile - 1, 9)


def test_clock_emptied_on_the_last_turn_loses_at_once():
    # rulebook: КОНЕЦ ИГРЫ (a card must be boxed during the last turn: the team loses at once)
    s = blank()
    s.pile = []
    s.tokens = 1
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    move_card(s, 0, 2)
    assert s.is_terminal()
    r = s.result()
    assert r.reason == "clock_ran_out" and r.winners == ()


def test_last_departure_card_carried_out_loses():
    # rulebook: КОНЕЦ ИГРЫ (the last card's turn ends without all goods: everyone loses)
    s = blank()
    s.pile = []
    s.apply(A.END)
    r = s.result()
    assert s.is_terminal() and r.reason == "departure_cards_exhausted" and r.winners == ()


def test_eighth_good_wins_at_once_for_every_seat():
    # rulebook: КОНЕЦ ИГРЫ (the 8th good reaches the port: the game ends, all win)
    s = blank(players=3)
    s.delivered[0] = [2, 2, 2, 1]
    s.goods = [0, 0, 0, 0]
    put(s, 0, ("lyon", "marseille"), k=0)
    s.tgood[0] = 3
    move_card(s, 0, 2)
    r = s.result()
    assert s.is_terminal() and r.reason == "all_goods_delivered" and r.winners == (0, 1, 2)
    assert r.details[0]["goods_delivered_team"] == 8 and r.details[0]["goods_delivered"] == 1
    assert s.returns() == [1.0, 1.0, 1.0]


# -- departure cards (rulebook: 1. Транспортная инструкция) ---------------------------------

def test_deploy_on_an_occupied_starting_point_costs_two_tokens():
    # rulebook: Отправление поездов (occupied: no train is placed, 2 time tokens are lost)
    s = blank()
    number = 6
    calais = node(s, "calais")
    assert s.number_start[number] == calais
    put(s, 6, "calais")
    top_card(s, 1)  # deploy 1, then move the black trains
    s.set_seed(seed_for_deploy(number))
    s.apply(A.END)
    assert s.phase == PH_DEPLOY_COLOUR
    s.apply(A.DEPLOY_COLOUR + 0)
    assert s.tokens == 5
    assert all(s.tpos[t] < 0 for t in range(3))


def test_start_card_rerolls_occupied_starting_points():
    # rulebook: ВАЖНО! В первый ход (the start card rerolls until a free starting point)
    for seed in range(40):
        s = GAME.new_state(2, seed)
        starts = {s.tpos[t] for t in (0, 3, 6)}
        assert len(starts) == 3 and all(s.board.cell_kind[c] == 2 for c in starts)
        assert s.tokens == 7 and s.revealed == [18]


def test_two_train_card_needs_two_colours():
    # rulebook: ВНИМАНИЕ! (the card with two trains: two different colours)
    s = blank()
    top_card(s, 8)
    s.apply(A.END)
    assert s.phase == PH_DEPLOY_COLOUR
    s.set_seed(seed_for_deploy(2))
    s.apply(A.DEPLOY_COLOUR + 0)
    assert A.DEPLOY_COLOUR + 0 not in s.legal_actions()
    assert set(s.legal_actions()) == {A.DEPLOY_COLOUR + 1, A.DEPLOY_COLOUR + 2}


def test_card_moves_every_train_of_its_colour_in_the_team_order():
    # rulebook: Передвижение поездов (all trains of the colour move; the team picks the order)
    s = blank()
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 1, ("lyon", "marseille"), k=0)
    top_card(s, 9)  # a multicolour train (the project's card 9): the team picks black
    s.apply(A.END)
    assert s.phase == PH_MOVE_COLOUR
    s.apply(A.MOVE_COLOUR + 0)
    assert s.phase == PH_MOVE_TRAIN
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1]
    s.apply(A.TRAIN + 1)
    assert where(s, 1) == ("depot",)
    # the other black train moved too (a forced choice is taken at once)
    assert where(s, 0) == ("node", "amsterdam")
    assert s.phase == PH_ACTIONS


def test_two_multicolour_trains_need_two_colours():
    # rulebook: Передвижение поездов (two multicolour trains: two different colours)
    s = blank()
    top_card(s, 16)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 2)
    assert set(s.legal_actions()) == {A.MOVE_COLOUR + 0, A.MOVE_COLOUR + 1}


def test_three_multicolour_trains_move_every_train():
    # rulebook: ВНИМАНИЕ! (three multicolour trains: every train on the network moves)
    s = blank()
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 3, "calais")
    put(s, 6, ("lyon", "marseille"), k=0)
    top_card(s, 17)
    s.apply(A.END)
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 3, A.TRAIN + 6]


# -- action cards (rulebook: 2. Розыгрыш карточек действий) ----------------------------------

def test_signal_card_keeps_a_green_signal_in_every_city():
    # rulebook: Установка семафора (every city always keeps at least one signal disc)
    s = blank()
    s.apply(A.PLAY + 0)
    paris = field_between(s, "paris", "calais")
    s.apply(A.FIELD_FROM + paris)
    targets = {a - A.FIELD_TO for a in s.legal_actions()}
    assert targets == {f for f in s.board.city_fields[node(s, "paris")] if f != paris}
    # a track disc may go to any red field
    s = blank()
    s.apply(A.PLAY + 0)
    tf = track_field(s, "dijon", "lyon")
    s.apply(A.FIELD_FROM + tf)
    assert len(s.legal_actions()) == s.board.num_fields - 8


def test_switch_card_sets_both_discs_of_a_four_way_junction():
    # rulebook: Переключение стрелки (one card moves both discs of a 4-way junction)
    s = blank()
    s.apply(A.PLAY + 7)
    j = s.board.junction_index[node(s, "tours")]
    s.apply(A.JUNCTION + j)
    assert len(s.legal_actions()) == 5  # every other of the 6 settings
    s.apply(A.CONFIG + [k for k in range(6) if k != s.jconf[j]][0])
    assert s.phase == PH_ACTIONS and s.hands[0] == [3, 2, 3]


def test_any_action_for_two_cards():
    # rulebook: Любое действие (any two cards make any of the three actions)
    s = blank()
    s.hands[0] = [0, 2, 1]
    s._legal = None
    legal = s.legal_actions()
    assert A.PLAY + 0 not in legal               # no signal card
    assert A.PLAY + 0 + 1 + 3 in legal            # signal for (switch, switch)
    assert A.PLAY + 0 + 1 + 4 in legal            # signal for (switch, move)
    s.apply(A.PLAY + 0 + 1 + 4)
    assert s.hands[0] == [0, 1, 0]


def test_loading_costs_any_card_and_only_empty_trains_load():
    # rulebook: Загрузка поезда (any one card; only an empty train in a trade city with goods)
    s = blank()
    put(s, 0, "paris")
    put(s, 3, "amsterdam", good="blue")
    legal = s.legal_actions()
    assert {a for a in legal if A.LOAD <= a < A.COUPLER} == {A.LOAD + 0, A.LOAD + 1, A.LOAD + 2}
    s.apply(A.LOAD + 2)
    assert s.tgood[0] == 1 and s.goods[1] == 0 and s.hands[0] == [3, 3, 2]
    assert not any(A.LOAD <= a < A.COUPLER for a in s.legal_actions())


@pytest.mark.parametrize("hand,drawn", [(2, 5), (7, 3), (10, 0)])
def test_draw_up_to_the_hand_limit(hand, drawn):
    # rulebook: 3. Добор карточек действий (draw 5, never above 10)
    s = blank()
    s.hands[0] = [hand, 0, 0]
    s.apply(A.END)
    assert sum(s.hands[0]) == hand + drawn


def test_empty_action_deck_is_reshuffled_from_the_discards():
    # rulebook: 3. Добор карточек действий (shuffle the discards into a new deck)
    s = blank()
    s.deck = []
    s.adiscard = [4, 0, 2]
    s.hands[0] = [0, 0, 0]
    s.apply(A.END)
    assert sum(s.hands[0]) == 5 and len(s.deck) == 1 and s.adiscard == [0, 0, 0]


# -- helpers (rulebook: Помощники) -------------------------------------------------------------

def test_logistician_rerolls_a_movement_die_once():
    # rulebook: Помощники из Центральной Европы, Логист
    s = blank(helpers_used=False)
    s.helpers = (1 << DISPATCHER) | (1 << CONDUCTOR)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 5)
    s.apply(A.PLAY + 14)
    assert s.phase == PH_ROLL and s.legal_actions() == [A.ACCEPT_ROLL, A.LOGISTICIAN]
    rig(s, 0, 2)
    s.apply(A.LOGISTICIAN)
    assert s.helpers >> LOGISTICIAN & 1
    assert where(s, 0) == ("node", "amsterdam")
    move_card(s, 0, 3)
    assert s.phase != PH_ROLL  # used once a game


def test_dispatcher_lets_trains_pass_through_cities_this_turn():
    # rulebook: Помощники из Центральной Европы, Диспетчер
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << CONDUCTOR)
    set_green(s, field_between(s, "amsterdam", "cologne"))
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 3)
    s.apply(A.PLAY + 14)
    assert s.phase == PH_CITY and s.legal_actions() == [A.STOP, A.DISPATCHER]
    s.apply(A.DISPATCHER)
    exits = s.legal_actions()
    assert exits[0] == A.STOP and len(exits) == 2  # Cologne (green), not back to Brussels
    s.apply(exits[1])
    assert on(s, 0, "cologne", "frankfurt", 0)  # Amsterdam 1 + Amsterdam-Cologne 1 + 1 section
    assert s.dispatching
    s.apply(A.END)
    assert not s.dispatching


def test_conductor_keeps_every_train_of_one_colour_still():
    # rulebook: Помощники из Центральной Европы, Начальник поезда (all of the colour, or none)
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << DISPATCHER)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 1, "calais")
    top_card(s, 9)  # a multicolour train: the team picks black, then may call the conductor
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert A.CONDUCTOR + 0 in s.legal_actions()
    s.apply(A.CONDUCTOR + 0)
    assert s.phase == PH_ACTIONS
    assert on(s, 0, "brussels", "amsterdam", 0) and where(s, 1) == ("node", "calais")


def test_switchman_sends_the_card_under_the_pile():
    # rulebook: Помощники в Северной Америке, Стрелочник
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER)
    top_card(s, 9)
    nxt = s.pile[-2]
    s.apply(A.END)
    assert s.phase == PH_REVEAL and s.card == 9
    s.apply(A.SWITCHMAN)
    assert s.card == nxt and s.pile[0] == 9 and s.pile_known == 1
    d = s.determinize(0, __import__("random").Random(1))
    assert d.pile[0] == 9


def test_station_master_keeps_one_train_still():
    # rulebook: Помощники в Северной Америке, Дежурная по станции
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << COUPLER)
    put(s, 0, "seattle")
    put(s, 1, "miami")
    top_card(s, 9)  # a multicolour train: the team picks black
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert {A.HOLD + 0, A.HOLD + 1} <= set(s.legal_actions())
    s.apply(A.HOLD + 1)
    # the other black train must still move (a forced choice, taken at once)
    assert where(s, 0) != ("node", "seattle")
    assert where(s, 1) == ("node", "miami") and s.helpers >> STATION_MASTER & 1


def test_coupler_chooses_the_starting_point():
    # rulebook: Помощники в Северной Америке, Сцепщик
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << STATION_MASTER)
    put(s, 6, "boston")
    top_card(s, 3)  # deploy 1, move gray
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)
    assert s.phase == PH_DEPLOY_PLACE
    boston = s.board.starts.index(node(s, "boston"))
    assert A.COUPLER + boston not in s.legal_actions()
    denver_side = s.board.starts.index(node(s, "seattle"))
    s.apply(A.COUPLER + denver_side)
    assert where(s, 0) == ("node", "seattle") and s.helpers >> COUPLER & 1


# -- set-up and variants -----------------------------------------------------------------------

def test_first_game_layout():
    # rulebook: ПОДГОТОВКА К ИГРЕ п. 1-8 (26 switch discs, 8 signals: 1 per city + 3 on tracks)
    s = GAME.new_state(2, 1)
    b = s.board
    assert b.switch_discs == 26
    assert sum(s.green) == 8 and all(n == 1 for n in s.city_discs)
    assert sum(1 for f in b.track_fields if s.green[f]) == 3
    assert s.goods == [2, 2, 2, 2] and s.tokens == 7
    assert len(s.pile) == 15 and sum(map(sum, s.hands)) == 10


@pytest.mark.parametrize("removed", [0, 1, 3, 4, 6])
def test_departure_cards_removed(removed):
    # rulebook: ПОДГОТОВКА К ИГРЕ п. 8 and Регулировка уровня сложности
    s = GAME.new_state(2, 3, {"removed_departure_cards": removed})
    assert len(s.pile) == 18 - removed


@pytest.mark.parametrize("tokens", [8, 9, 10])
def test_more_time_tokens(tokens):
    # rulebook: Как сделать игру легче (8, 9 or 10 time tokens)
    s = GAME.new_state(2, 3, {"time_tokens": tokens})
    assert s.clock_max == tokens


def test_extra_signal_is_placed_by_the_team():
    # rulebook: Как сделать игру легче (one more signal disc at set-up)
    s = GAME.new_state(2, 3, {"extra_signal": True})
    assert s.phase == PH_SETUP_EXTRA and len(s.legal_actions()) == s.board.num_fields - 8
    s.apply(s.legal_actions()[0])
    assert sum(s.green) == 9 and s.card == 18


def test_free_layout_follows_the_placement_rules():
    # rulebook: ПОДГОТОВКА К ИГРЕ, ВАЖНО! (later games: 1 switch disc per 3-way junction, 2 per
    # 4-way, 1 signal per city, 3 on the tracks)
    s = GAME.new_state(2, 3, {"layout": "free"})
    b = s.board
    for j in range(len(b.junctions)):
        assert s.phase == PH_SETUP_SWITCH
        assert len(s.legal_actions()) == (3 if len(b.node_ends[b.junctions[j]]) == 3 else 6)
        s.apply(s.legal_actions()[-1])
    for c in b.cities:
        assert s.phase == PH_SETUP_CITY
        assert {a - A.FIELD_TO for a in s.legal_actions()} == set(b.city_fields[c])
        s.apply(s.legal_actions()[0])
    for _ in range(3):
        assert s.phase == PH_SETUP_TRACK
        assert all(a - A.FIELD_TO in b.track_fields for a in s.legal_actions())
        s.apply(s.legal_actions()[0])
    assert sum(s.green) == 8 and s.card == 18


def test_ten_goods_game():
    # rulebook: Как усложнить игру (3 goods per trade city; 2 of each colour + 2 more)
    s = blank(options={"ten_goods": True})
    assert s.goods == [3, 3, 3, 3]
    s.delivered[0] = [3, 2, 2, 1]
    s.goods = [0, 1, 1, 2]
    put(s, 0, ("lyon", "marseille"), k=0)
    s.tgood[0] = 0
    move_card(s, 0, 2)
    assert not s.is_terminal()  # 9 goods, white still short
    s.delivered[0] = [4, 2, 2, 1]
    put(s, 0, ("lyon", "marseille"), k=0, good="white")
    move_card(s, 0, 2)
    assert s.is_terminal() and s.won


def test_random_starting_numbers():
    # rulebook: Переменные отправные точки (location tokens shuffled onto the locations)
    maps = set()
    for seed in range(5):
        s = GAME.new_state(2, seed, {"location_tokens": "random_numbers"})
        assert sorted(s.number_start) == list(range(2, 13))
        assert sorted(s.number_start.values()) == sorted(s.board.starts)
        maps.add(tuple(sorted(s.number_start.items())))
    assert len(maps) > 1


def test_location_tokens_instead_of_dice():
    # rulebook: Отказ от кубиков отправления (3 tokens for the start card, then a face-down stack)
    s = GAME.new_state(2, 4, {"location_tokens": "draw_instead_of_dice"})
    assert len({s.tpos[t] for t in (0, 3, 6)}) == 3
    assert sorted(s.loc_stack) == sorted(set(s.loc_stack)) and len(s.loc_stack) == 11
    s = blank(options={"location_tokens": "draw_instead_of_dice"})
    top_card(s, 1)
    want = s.loc_stack[-1]
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 1)
    assert s.tpos[3] == s.board.node_cell[s.number_start[want]] and len(s.loc_stack) == 10


# -- North America (rulebook: Особые правила для Северной Америки) -----------------------------

def test_north_america_setup():
    s = GAME.new_state(2, 2, {"board": "north_america"})
    b = s.board
    assert len(b.ports) == 2 and sum(s.green) == 9 and all(n == 1 for n in s.city_discs)
    assert b.switch_discs <= 30 and len(b.starts) == 11


def test_north_america_one_good_of_each_colour_to_each_port():
    s = blank(options={"board": "north_america"})
    ny = s.board.port_index[node(s, "new_york")]
    s.delivered[ny][1] = 1
    put(s, 0, ("philadelphia", "new_york"), good="blue")
    assert s.green[field_between(s, "new_york", "philadelphia")]
    assert not s.green[field_between(s, "new_york", "buffalo")]
    move_card(s, 0, 2)
    # New York already has its blue good: the train stops there like in a city (it could
    # pass through on the other line, toward Buffalo, were it green) and keeps its load
    assert where(s, 0) == ("node", "new_york") and s.tokens == 7
    assert s.delivered[ny][1] == 1 and s.tgood[0] == 1


def test_north_america_trains_pass_through_cities_on_green():
    s = blank(options={"board": "north_america"})
    set_green(s, field_between(s, "dallas", "oklahoma_city"))
    set_green(s, field_between(s, "dallas", "memphis"))
    put(s, 0, ("oklahoma_city", "dallas"))
    move_card(s, 0, 3)
    assert s.phase == PH_CITY and A.STOP in s.legal_actions()
    s.apply([a for a in s.legal_actions() if a >= A.ROUTE][0])
    assert s.tpos[0] >= s.board.num_node_cells and s.tokens == 7


def test_north_america_empty_train_stops_in_a_port():
    s = blank(options={"board": "north_america"})
    # rulebook: an empty train may stop in a port without losing time
    set_green(s, field_between(s, "san_francisco", "sacramento"))
    put(s, 0, ("sacramento", "san_francisco"))
    move_card(s, 0, 2)
    assert where(s, 0) == ("node", "san_francisco") and s.tokens == 7 and s.tgood[0] < 0


def test_north_america_delivery_to_a_port():
    s = blank(options={"board": "north_america"})
    put(s, 0, ("philadelphia", "new_york"), good="red")
    move_card(s, 0, 2)
    ny = s.board.port_index[node(s, "new_york")]
    assert where(s, 0) == ("depot",) and s.delivered[ny] == [0, 0, 1, 0]


def test_cell_helpers_sanity():
    s = blank()
    assert s.board.cell_kind[cell_of(s, "paris")] == 0


def test_difficulty_levels_are_valid_and_ordered():
    # rulebook: Регулировка уровня сложности (easier: extra signal, fewer cards removed, more
    # tokens; harder: more cards removed, 10 goods)
    levels = GAME.difficulty_levels()
    names = [n for n, _ in levels]
    assert "standard" in names and len(set(names)) == len(names)
    opts = [GAME.parse_options(o) for _, o in levels]
    assert opts[names.index("standard")] == GAME.Options()
    removed = [o.removed_departure_cards for o in opts]
    tokens = [o.time_tokens for o in opts]
    assert removed == sorted(removed) and tokens == sorted(tokens, reverse=True)
    assert opts[0].extra_signal and not opts[-1].extra_signal and opts[-1].ten_goods


def test_every_place_on_both_boards_has_a_name_in_both_languages_and_no_name_is_stale():
    import json
    from pathlib import Path
    folder = Path(__file__).parents[3] / "railtable" / "games" / "switch_and_signal"
    i18n = json.loads((folder / "i18n.json").read_text(encoding="utf-8"))
    places = {n["id"] for board in ("central_europe", "north_america")
              for n in json.loads((folder / "boards" / f"{board}.json").read_text())["nodes"]}
    for lang in ("ru", "en"):
        assert set(i18n[lang]["nodes"]) == places, lang


@pytest.mark.parametrize("board", ["central_europe", "north_america"])
def test_random_layout_may_draw_every_setting_and_signal_field(board):
    # rulebook: ПОДГОТОВКА К ИГРЕ, ВАЖНО! (later games: the team lays the discs out under the
    # placement rules); layout="random", the project's addition, draws such a layout
    # (docs/games/switch_and_signal.md): over 60 games every
    # setting of every junction (the first and the last included) and every signal field of
    # every city and of the track turns up, and each layout is legal
    opts = {"board": board, "layout": "random"}
    b = GAME.boards[board]
    settings, fields = set(), set()
    for seed in range(60):
        s = GAME.new_state(2, seed, opts)
        obs = s.observation(None)
        for j, open_ in obs["switches"].items():
            settings.add((j, tuple(sorted(open_))))
        fields.update(obs["signals"])
        assert all(n == 1 for n in s.city_discs)
        assert sum(1 for f in b.track_fields if s.green[f]) == 3
    want = {(b.node_ids[n], tuple(sorted(b.node_ids[b.end_far_node[b.node_ends[n][i]]]
                                         for i in conf)))
            for j, n in enumerate(b.junctions) for conf in b.junction_configs[j]}
    assert settings == want
    assert fields == set(range(b.num_fields))


def test_random_layout_with_the_extra_signal_lays_nine_discs():
    # rulebook: Как сделать игру легче (one more signal disc) with the random layout: the
    # ninth disc lies on a field still red, anywhere, and the game starts with the start card
    fields = set()
    for seed in range(30):
        s = GAME.new_state(2, seed, {"layout": "random", "extra_signal": True})
        obs = s.observation(None)
        assert len(obs["signals"]) == 9 and obs["departure_card"]["id"] == "start"
        fields.update(obs["signals"])
    assert len(fields) == s.board.num_fields


def test_a_blocked_deployment_on_the_last_card_that_empties_the_clock_ends_the_game():
    # rulebook: Отправление поездов (an occupied starting point costs two time tokens) and
    # КОНЕЦ ИГРЫ (a departure card to box and none left: the team loses at once): the rest
    # of the card (moving the black trains) is not carried out
    s = blank()
    put(s, 6, "calais")
    put(s, 1, ("brussels", "amsterdam"), k=0)
    s.pile = [1]  # deploy one train, then move the black trains
    s.tokens = 2
    s.set_seed(seed_for_deploy(6))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)
    obs = s.observation(None)
    assert s.is_terminal() and obs["phase"] == "over" and s.legal_actions() == []
    assert s.result().reason == "clock_ran_out" and s.result().winners == ()
    assert on(s, 1, "brussels", "amsterdam", 0)
    assert [e["type"] for e in s.events][-2:] == ["deploy_blocked", "game_over"]


def test_a_train_emptying_the_clock_on_the_last_card_ends_the_game_before_the_next_train():
    # rulebook: КОНЕЦ ИГРЫ (the team loses at once when a departure card must be boxed and
    # none is left): the second black train of the card does not move
    s = blank()
    s.pile = [9]  # the last card: a multicolour train
    s.tokens = 2
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    put(s, 1, ("brussels", "amsterdam"), k=0)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1]
    rig(s, 0, 3)
    s.apply(A.TRAIN + 0)
    assert s.is_terminal() and s.observation(None)["phase"] == "over"
    assert s.result().reason == "clock_ran_out"
    assert on(s, 1, "brussels", "amsterdam", 0)


# -- each helper once a game (rulebook: Помощники: a helper used is turned face down) -------

def test_the_conductor_is_not_offered_once_used():
    # rulebook: Помощники из Центральной Европы, Начальник поезда (once a game)
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << DISPATCHER) | (1 << CONDUCTOR)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 1, "calais")
    top_card(s, 9)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1]


def test_the_station_master_is_not_offered_once_used():
    # rulebook: Помощники в Северной Америке, Дежурная по станции (once a game)
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << COUPLER) | (1 << STATION_MASTER)
    put(s, 0, "seattle")
    put(s, 1, "miami")
    top_card(s, 9)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1]


def test_the_coupler_is_not_offered_once_used():
    # rulebook: Помощники в Северной Америке, Сцепщик (once a game): the dice decide
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << STATION_MASTER) | (1 << COUPLER)
    top_card(s, 3)
    s.set_seed(seed_for_deploy(2))
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 0)
    assert where(s, 0) == ("node", "seattle")
    assert not any(e["type"] == "helper" for e in s.events)


def test_the_switchman_is_not_offered_once_used():
    # rulebook: Помощники в Северной Америке, Стрелочник (once a game)
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER) | (1 << SWITCHMAN)
    top_card(s, 9)
    s.apply(A.END)
    assert s.card == 9 and s.phase == PH_MOVE_COLOUR


@pytest.mark.parametrize("name, low, high", [("time_tokens", 7, 10),
                                             ("removed_departure_cards", 0, 6)])
def test_the_difficulty_options_stay_within_the_rulebooks_range(name, low, high):
    # rulebook: Регулировка уровня сложности (7 time tokens, up to 10 to make it easier; 3
    # departure cards removed, none to six): both ends allowed, one beyond refused
    from railtable.engine.game import OptionsError
    for v in (low, high):
        GAME.new_state(2, 1, {name: v})
    for v in (low - 1, high + 1):
        with pytest.raises(OptionsError):
            GAME.new_state(2, 1, {name: v})
    s = GAME.new_state(2, 1)
    assert (s.opts.time_tokens, s.opts.removed_departure_cards) == (7, 3)
    assert (s.opts.extra_signal, s.opts.ten_goods) == (False, False)


def test_difficulty_levels_are_the_documented_ones():
    # rulebook: Регулировка уровня сложности (easier: an extra signal disc, 1 or 0 cards
    # removed, 8-10 time tokens; harder: 1-3 more cards removed, 10 goods); the levels as
    # docs/games/switch_and_signal.md tabulates them
    got = {name: GAME.parse_options(o) for name, o in GAME.difficulty_levels()}
    want = {"easiest": (0, 10, True, False), "easier": (1, 8, True, False),
            "easy": (2, 7, True, False), "standard": (3, 7, False, False),
            "harder": (4, 7, False, False), "hard": (5, 7, False, False),
            "hardest": (6, 7, False, True)}
    assert list(got) == list(want)
    assert {n: (o.removed_departure_cards, o.time_tokens, o.extra_signal, o.ten_goods)
            for n, o in got.items()} == want
    assert all(o.board == "central_europe" and o.layout == "first_game" for o in got.values())


def test_north_america_offers_none_of_the_central_european_helpers():
    # rulebook: Помощники в Северной Америке (this side has its own three helpers: switchman,
    # station master, coupler): with none used, a move has no reroll (logistician), no
    # colour kept still (conductor) and a city passed without a dispatcher
    s = blank(options={"board": "north_america"}, helpers_used=False)
    set_green(s, field_between(s, "dallas", "oklahoma_city"))
    set_green(s, field_between(s, "dallas", "memphis"))
    put(s, 0, ("oklahoma_city", "dallas"), k=0)
    put(s, 1, "miami")
    top_card(s, 10)
    s.apply(A.END)
    s.apply(A.ACCEPT_CARD)  # the switchman not called: the card (a multicolour train) stands
    s.apply(A.MOVE_COLOUR + 0)
    assert s.legal_actions() == [A.TRAIN + 0, A.TRAIN + 1, A.HOLD + 0, A.HOLD + 1]
    rig(s, 0, 3)
    s.apply(A.TRAIN + 0)
    assert s.phase == PH_CITY  # rolled and run at once: no reroll offered
    legal = s.legal_actions()
    assert A.STOP in legal and A.DISPATCHER not in legal and A.LOGISTICIAN not in legal
    assert all(a == A.STOP or a >= A.ROUTE for a in legal)


def test_central_europe_offers_none_of_the_north_american_helpers():
    # rulebook: Помощники из Центральной Европы (logistician, dispatcher, conductor): with
    # none used, a departure card is carried out (no switchman), a deployment is rolled (no
    # coupler) and trains to move may not be held (no station master)
    s = blank(helpers_used=False)
    put(s, 1, ("brussels", "amsterdam"), k=0)
    put(s, 2, ("lyon", "marseille"), k=0)
    top_card(s, 1)  # deploy one train, then move the black trains
    s.set_seed(seed_for_deploy(6))
    s.apply(A.END)
    assert s.phase == PH_DEPLOY_COLOUR
    s.apply(A.DEPLOY_COLOUR + 0)
    assert where(s, 0) == ("node", "calais")
    assert s.legal_actions() == [A.CONDUCTOR + 0, A.TRAIN + 0, A.TRAIN + 1, A.TRAIN + 2]


def test_a_loss_beyond_a_full_clock_boxes_a_card_each_time_it_empties():
    # rulebook: Жетоны времени (each time the last token goes, the top departure card goes to
    # the box and the clock is filled again) with ПРАВИЛА ДВИЖЕНИЯ п. 11 (two tokens a point
    # left): a head-on meeting with 5 points left costs 10; with 2 on the clock: 2, then a
    # full 7, then 1 of the next 7
    s = blank()
    s.tokens = 2
    pile = len(s.pile)
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("brest", "rennes"), toward="rennes", k=1)
    put(s, 0, ("rennes", "paris"), toward="rennes", k=0)
    move_card(s, 0, 5)
    assert [e["type"] for e in s.events].count("departure_boxed") == 2
    obs = s.observation(None)
    assert obs["departure_pile"] == pile - 2 and obs["time_tokens"] == 6
    assert s.result().details[0]["time_tokens_lost"] == 10 and not s.is_terminal()


def test_two_to_four_players():
    # rulebook: Состав игры (for 2-4 players) and ПОДГОТОВКА К ИГРЕ п. 9 (five action cards
    # dealt to each player)
    for n in (2, 3, 4):
        s = GAME.new_state(n, 1)
        assert [sum(h.values()) for h in s.observation(None)["hands"]] == [5] * n
    from railtable.engine.game import OptionsError
    for n in (1, 5):
        with pytest.raises(OptionsError, match="2-4 players"):
            GAME.new_state(n, 1)


def test_the_coupler_used_leaves_the_other_helpers_to_use():
    # rulebook: Помощники в Северной Америке, Сцепщик (each helper once a game; the coupler's
    # use turns only his own card)
    s = blank(options={"board": "north_america"}, helpers_used=False)
    top_card(s, 3)  # deploy one train, then move the gray trains
    s.apply(A.END)
    s.apply(A.ACCEPT_CARD)
    s.apply(A.DEPLOY_COLOUR + 0)
    s.apply(A.COUPLER + s.board.starts.index(node(s, "seattle")))
    assert s.observation(None)["helpers"] == {"switchman": False, "station_master": False,
                                              "coupler": True}
