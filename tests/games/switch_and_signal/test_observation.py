"""What the observation tells the team (the view and the text client draw from it) in
hand-built positions: where a train on a line stands and heads, the goal, the departure
card and its step, the trains still to move, the move under way, a lifted signal disc, the
settings of a junction being switched, the starting numbers and the location tokens left.
Positions come from helpers.py; expected values from the rulebook and the printed board."""

import json
import random

import pytest

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.rules import DISPATCHER, LOGISTICIAN, PH_ACTIONS

from .helpers import (GAME, blank, field_between, put, rig, seed_for_deploy, set_green,
                      top_card, where)

CE_NUMBERS = {"venice": 2, "danzig": 3, "milan": 4, "breslau": 5, "calais": 6, "hamburg": 7,
              "bordeaux": 8, "warsaw": 9, "vienna": 10, "brest": 11, "genoa": 12}
NA_NUMBERS = {"seattle": 2, "montreal": 3, "new_orleans": 4, "los_angeles": 5, "houston": 6,
              "detroit": 7, "washington": 8, "el_paso": 9, "winnipeg": 10, "boston": 11,
              "miami": 12}


@pytest.mark.parametrize("a, b, k", [("brussels", "amsterdam", 0), ("amsterdam", "brussels", 0),
                                     ("brest", "rennes", 0), ("rennes", "brest", 0),
                                     ("paris", "calais", 1), ("calais", "paris", 1)])
def test_a_train_on_a_line_is_shown_on_its_section_heading_onward(a, b, k):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 1 (a train runs along the track in the direction it
    # goes): the line, the section (counted from the line's first end on the map) and the
    # place it heads for; both directions of each line
    s = blank()
    put(s, 4, (a, b), k=k)
    t = s.observation(None)["trains"][4]
    line = s.observation(None)["map"]["lines"][t["line"]]
    assert {line["a"], line["b"]} == {a, b}
    assert t["where"] == "track" and t["toward"] == b
    assert t["section"] == (k if line["a"] == a else line["length"] - 1 - k)
    assert t["colour"] == "brown" and t["good"] is None


@pytest.mark.parametrize("options, goal", [
    (None, {"per_colour": 2, "total": 8}),
    ({"ten_goods": True}, {"per_colour": 2, "total": 10}),
    ({"board": "north_america"}, {"per_colour_per_port": 1, "per_port": 4}),
    ({"board": "north_america", "ten_goods": True}, {"per_colour_per_port": 1, "per_port": 5})])
def test_the_goal_shown_is_the_rulebooks(options, goal):
    # rulebook: ЦЕЛЬ ИГРЫ (8 goods to Marseille, two of each colour), Особые правила для
    # Северной Америки (one of each colour to each port) and Как усложнить игру (ten goods)
    assert blank(options=options).observation(None)["goal"] == goal


@pytest.mark.parametrize("options, numbers", [(None, CE_NUMBERS),
                                              ({"board": "north_america"}, NA_NUMBERS)])
def test_the_starting_numbers_are_the_printed_ones(options, numbers):
    # rulebook: ПОДГОТОВКА К ИГРЕ (the starting points carry the numbers 2 to 12)
    assert blank(options=options).observation(None)["starting_numbers"] == numbers


def test_random_starting_numbers_are_shown_as_dealt():
    # rulebook: Варианты игры, Жетоны локаций (the location tokens shuffled onto the starting
    # points): each number 2-12 once, and the first trains stand where their number was
    s = GAME.new_state(2, 7, {"location_tokens": "random_numbers"})
    obs = s.observation(None)
    numbers = obs["starting_numbers"]
    assert sorted(numbers.values()) == list(range(2, 13))
    assert sorted(numbers) == sorted(CE_NUMBERS)
    assert numbers != CE_NUMBERS
    rolls = [e for e in s.events if e["type"] == "deploy_roll"]
    assert rolls and all(numbers[e["node"]] == e["number"] for e in rolls)


def test_the_location_tokens_left_are_counted():
    # rulebook: Отказ от кубиков отправления (eleven location tokens, one drawn for each
    # train put on the network after the first three)
    s = GAME.new_state(2, 3, {"location_tokens": "draw_instead_of_dice"})
    assert s.observation(None)["location_tokens_left"] == 11
    assert blank().observation(None)["location_tokens_left"] is None
    s = blank(options={"location_tokens": "draw_instead_of_dice"})
    top_card(s, 4)  # deploy one train, then a multicolour train
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 1)
    assert s.observation(None)["location_tokens_left"] == 10
    drawn = [e["number"] for e in s.events if e["type"] == "deploy_roll"]
    assert len(drawn) == 1 and drawn[0] not in s.loc_stack


def test_the_turn_the_departure_card_and_its_step_are_shown():
    # rulebook: ХОД ИГРЫ (each turn the next player turns the top departure card and carries
    # out its steps in order: here deploy one train, then move a multicolour train's colour)
    s = blank(players=2)
    s.active = 1
    assert s.observation(None)["turn"] == 2
    top_card(s, 4)
    s.apply(A.END)
    obs = s.observation(None)
    assert obs["turn"] == 3 and obs["current_player"] == 0
    assert obs["departure_card"]["id"] == s.game.data["departure_cards"][4]["id"]
    assert obs["departure_discard"] == [18, 4]
    assert obs["departure_step"] == 0
    s.set_seed(seed_for_deploy(6))
    s.apply(A.DEPLOY_COLOUR + 0)
    assert s.observation(None)["departure_step"] == 1


def test_the_trains_still_to_move_and_the_move_under_way_are_shown():
    # rulebook: Передвижение поездов (every train of the colour moves, in the order the
    # team picks) and Помощники, Логист (the roll may be rerolled: the points are shown)
    s = blank(helpers_used=False)
    s.helpers = (1 << DISPATCHER) | (1 << 2)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    put(s, 2, ("lyon", "marseille"), k=0)
    assert s.observation(None)["pending_trains"] == [] and s.observation(None)["moving"] is None
    top_card(s, 9)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    assert s.observation(None)["pending_trains"] == [0, 2]
    rig(s, 0, 4)
    s.apply(A.TRAIN + 2)
    obs = s.observation(None)
    assert obs["moving"] == {"train": 2, "points": 4}
    assert obs["pending_trains"] == []  # only while the team picks the next train
    s.apply(A.ACCEPT_ROLL)
    # train 2 into Marseille, home; train 0 is the last one: its own roll (a black die)
    assert where(s, 2) == ("depot",)
    moving = s.observation(None)["moving"]
    assert moving["train"] == 0 and moving["points"] in (2, 3, 4, 5)


def test_the_dispatcher_active_is_shown_for_the_turn():
    # rulebook: Помощники из Центральной Европы, Диспетчер (trains pass through cities for
    # the rest of this turn)
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << 2)
    set_green(s, field_between(s, "amsterdam", "cologne"))
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 3)
    s.apply(A.PLAY + 14)
    assert s.observation(None)["dispatcher_active"] is False
    s.apply(A.DISPATCHER)
    assert s.observation(None)["dispatcher_active"] is True
    s.apply(s.legal_actions()[-1])
    assert s.phase == PH_ACTIONS and s.observation(None)["dispatcher_active"] is True
    s.apply(A.END)
    assert s.observation(None)["dispatcher_active"] is False


def test_the_signal_disc_lifted_is_shown_until_it_is_put_down():
    # rulebook: Переключение сигнала (the disc is taken from one field and put on another)
    s = blank()
    f = field_between(s, "paris", "calais")
    assert s.observation(None)["lifted"] is None
    s.apply(A.PLAY + 0)
    s.apply(A.FIELD_FROM + f)
    assert s.observation(None)["lifted"] == f
    s.apply(A.FIELD_TO + field_between(s, "paris", "reims"))
    assert s.observation(None)["lifted"] is None


@pytest.mark.parametrize("junction", ["rennes", "tours"])
def test_the_settings_of_a_junction_being_switched_are_the_ones_played(junction):
    # rulebook: Переключение стрелки (the discs are moved so that two other branches are
    # open): each setting offered names the two neighbours it opens, and playing it opens
    # exactly those
    s = blank()
    b = s.board
    j = b.junction_index[b.node_index[junction]]
    assert s.observation(None)["switching"] is None
    s.apply(A.PLAY + 7)
    s.apply(A.JUNCTION + j)
    sw = s.observation(None)["switching"]
    assert sw["junction"] == junction
    n = len(b.node_ends[b.node_index[junction]])
    assert len(sw["settings"]) == n * (n - 1) // 2
    for a in s.legal_actions():
        c = s.clone()
        c.apply(a)
        assert sorted(c.observation(None)["switches"][junction]) == \
            sorted(sw["settings"][a - A.CONFIG])
        assert c.observation(None)["switching"] is None


def test_an_empty_stack_of_location_tokens_is_shuffled_again():
    # rulebook: Отказ от кубиков отправления (the top location token names the starting
    # point); the project's reading (docs/games/switch_and_signal.md, item 13): an empty
    # stack is made of all eleven again. Builder: sets the stack empty (loc_stack)
    s = blank(options={"location_tokens": "draw_instead_of_dice"})
    s.loc_stack = []
    top_card(s, 4)
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 2)
    drawn = [e for e in s.events if e["type"] == "deploy_roll"]
    assert len(drawn) == 1 and drawn[0]["dice"] is None and 2 <= drawn[0]["number"] <= 12
    assert s.observation(None)["location_tokens_left"] == 10
    assert sorted(s.loc_stack + [drawn[0]["number"]]) == list(range(2, 13))
    assert where(s, 6) == ("node", drawn[0]["node"])


def _board_file(board):
    import json
    from pathlib import Path
    import railtable.games.switch_and_signal as pkg
    with open(Path(pkg.__file__).parent / "boards" / f"{board}.json", encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("board", ["central_europe", "north_america"])
def test_the_map_shown_is_the_printed_board(board):
    # rulebook: Игровое поле (the places, the lines with their sections, the signal fields
    # at every city's lines and on the track): the observation's map is the board file's
    data = _board_file(board)
    m = blank(options={"board": board}).observation(None)["map"]
    # (a starting point's number is shown apart: starting_numbers)
    assert m["nodes"] == [{k: v for k, v in n.items() if k != "number"} for n in data["nodes"]]
    assert m["lines"] == data["lines"]
    lines = {(ln["a"], ln["b"]): i for i, ln in enumerate(data["lines"])}
    kinds = {n["id"]: n["kind"] for n in data["nodes"]}
    want = set()
    for i, ln in enumerate(data["lines"]):
        for end, at in ((ln["a"], 0), (ln["b"], ln["length"])):
            if kinds[end] in ("trade_city", "port"):
                want.add((i, at, end))
    for a, b, bound in data["track_signals"]:
        if (a, b) in lines:
            want.add((lines[(a, b)], bound, None))
        else:
            i = lines[(b, a)]
            want.add((i, data["lines"][i]["length"] - bound, None))
    got = [(f["line"], f["at"], f["city"]) for f in m["fields"]]
    assert len(got) == len(want) and set(got) == want


@pytest.mark.parametrize("board", ["central_europe", "north_america"])
def test_the_first_game_layout_is_the_printed_one(board):
    # rulebook: ПОДГОТОВКА К ИГРЕ п. 1-2 (for the first game the switch and signal discs lie
    # as the picture shows): every junction open between the two lines shown, a green signal
    # at each city toward the line shown and on the three track fields shown
    data = _board_file(board)
    fg = data["first_game"]
    obs = GAME.new_state(2, 1, {"board": board}).observation(None)
    assert {j: sorted(v) for j, v in obs["switches"].items()} == \
        {j: sorted(v) for j, v in fg["switches"].items()}
    m = obs["map"]
    green = set()
    for f in obs["signals"]:
        fl = m["fields"][f]
        ln = m["lines"][fl["line"]]
        if fl["city"] is not None:
            green.add((fl["city"], ln["b"] if fl["city"] == ln["a"] else ln["a"]))
        else:
            green.add(tuple(sorted((ln["a"], ln["b"]))))
    want = set(fg["city_signals"].items()) | {tuple(sorted(p)) for p in fg["track_signals"]}
    assert green == want


def test_the_free_layout_shows_each_junction_being_set_in_turn():
    # rulebook: ПОДГОТОВКА К ИГРЕ, ВАЖНО! (later games: the team sets the switch discs):
    # the junction being set and its settings, the first junction then the next, to the last
    s = GAME.new_state(2, 3, {"layout": "free"})
    b = s.board
    for j, n in enumerate(b.junctions):
        sw = s.observation(None)["switching"]
        assert sw["junction"] == b.node_ids[n]
        assert len(sw["settings"]) == len(s.legal_actions())
        c = s.clone()
        c.apply(A.CONFIG + len(sw["settings"]) - 1)
        assert sorted(c.observation(None)["switches"][b.node_ids[n]]) == sorted(sw["settings"][-1])
        s.apply(A.CONFIG)
    assert s.observation(None)["switching"] is None


@pytest.mark.parametrize("card", [0, 17])
def test_the_first_and_the_last_departure_card_are_shown_when_turned(card):
    # rulebook: 1. Транспортная инструкция (the card turned lies face up for everyone):
    # card 0 and card 17 of the eighteen
    s = blank()
    top_card(s, card)
    s.apply(A.END)
    obs = s.observation(None)
    assert obs["departure_card"] == GAME.data["departure_cards"][card]
    assert obs["departure_discard"][-1] == card


def test_location_tokens_chosen_in_the_lobby_as_json_play_as_the_same_option():
    # rulebook: Отказ от кубиков отправления. The lobby and the server send options as JSON
    # text; a value read from it is the same option as the one written in Python, so the
    # first trains take the first tokens drawn either way (same seed, same game).
    sent = json.loads('{"location_tokens": "draw_instead_of_dice"}')
    a = GAME.new_state(3, 5, sent)
    b = GAME.new_state(3, 5, {"location_tokens": "draw_instead_of_dice"})
    rng = random.Random(5)
    for _ in range(40):
        assert a.observation(0) == b.observation(0)
        if a.is_terminal():
            break
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
