"""The log tells what the board shows: over seeded random games, every change a player sees
between two positions (a train put on or taken off the network, a good delivered, a time
token lost, a helper used, a card played, the action deck reshuffled) comes with the event
that reports it (the game log and the undo barrier read events, docs/developing.md)."""

import random

import pytest

from railtable.games.switch_and_signal import actions as A

from .helpers import GAME

OPTIONS = [None, {"board": "north_america"}, {"ten_goods": True, "layout": "random"}]


def _total_delivered(o):
    return sum(sum(d["goods"].values()) for d in o["delivered"])


def check_step(before, after, events, over):
    by_type = {}
    for e in events:
        by_type.setdefault(e["type"], []).append(e)
    # rulebook: Отправление поездов - a train put on the network is announced
    for t0, t1 in zip(before["trains"], after["trains"]):
        if t0["where"] == "depot" and t1["where"] != "depot":
            assert any(e["train"] == t1["id"] for e in by_type.get("deploy", [])), (t1, events)
        # ПРАВИЛА ДВИЖЕНИЯ п. 10 and 12 (a port, with a good or without, and a starting point
        # take the train off) and the head-on stop
        if t0["where"] != "depot" and t1["where"] == "depot":
            off = [e["train"] for k in ("start_point", "head_on", "deliver", "port_empty")
                   for e in by_type.get(k, [])]
            assert t1["id"] in off, (t0, events)
    # Доставка грузов: one event per good delivered
    assert _total_delivered(after) - _total_delivered(before) == len(by_type.get("deliver", []))
    # Жетоны времени: the tokens lost are announced (an occupied starting point by its own
    # event), a full clock boxes a departure card
    if not over:
        lost = sum(e["tokens"] for e in by_type.get("time_lost", [])) + \
            2 * len(by_type.get("deploy_blocked", []))  # Отправление поездов: 2 tokens
        boxed = len(by_type.get("departure_boxed", []))
        assert after["time_tokens"] == before["time_tokens"] - lost + boxed * after["clock"]
    # Помощники: a helper used is announced by name
    for name, used in after["helpers"].items():
        if used and not before["helpers"][name]:
            assert any(e["helper"] == name for e in by_type.get("helper", [])), (name, events)
    # Карты действий: the deck grows only by a reshuffle of the discards; cards played go to
    # the discards, announced with the play (or the load)
    reshuffled = after["action_deck"] > before["action_deck"]
    assert reshuffled == bool(by_type.get("reshuffle"))
    if not reshuffled:
        discarded = sum(after["action_discard"].values()) - sum(before["action_discard"].values())
        assert discarded == sum(len(e["cards"]) for e in by_type.get("play", [])) + \
            len(by_type.get("load", []))


@pytest.mark.parametrize("opts", OPTIONS)
def test_every_change_on_the_board_is_in_the_log(opts):
    seen = set()
    for seed in range(40):
        s = GAME.new_state(2 + seed % 3, seed, opts)
        r = random.Random(seed)
        before = s.observation(None)
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1 and A.END in legal and r.random() < 0.9:
                legal.remove(A.END)  # play cards more often than not: longer games
            s.apply(legal[int(r.random() * len(legal))])
            after = s.observation(None)
            check_step(before, after, s.events, s.is_terminal())
            seen.update(e["type"] for e in s.events)
            before = after
    # the random games reached these kinds of change (deliveries and reshuffles come in longer
    # games: the positions of test_turn.py and test_movement.py)
    assert {"deploy", "deploy_blocked", "start_point", "time_lost", "departure_boxed", "helper",
            "play"} <= seen, seen


# -- what each event says, exactly, in hand-built positions (the log's text and the view's
#    last move read these fields; helpers.py builds the positions) ----------------------------

from railtable.games.switch_and_signal.rules import (  # noqa: E402
    CONDUCTOR, COUPLER, DISPATCHER, LOGISTICIAN, STATION_MASTER, SWITCHMAN)

from .helpers import (blank, cell_of, field_between, put, rig, seed_for_deploy,  # noqa: E402
                      set_green, set_switch, top_card, track_field)

YELLOW, BLUE, RED, WHITE = range(4)


def play(s, *actions):
    """Apply the actions in turn; every event they caused, in order, without the audience
    (every event of this game is public: to None, checked here)."""
    out = []
    for a in actions:
        s.apply(a)
        for e in s.events:
            assert e["to"] is None, e
            out.append({k: v for k, v in e.items() if k != "to"})
    return out


def move(s, t, roll, active=0):
    """A move-train card played by seat `active` on train t, its die showing `roll`."""
    s.active = active
    rig(s, t // 3, roll)
    ev = play(s, A.PLAY + 14)
    if A.TRAIN + t in s.legal_actions():  # the only train on the network moves at once
        ev += play(s, A.TRAIN + t)
    return ev


@pytest.mark.parametrize("players, active", [(2, 0), (2, 1), (4, 3)])
def test_a_move_card_is_announced_with_its_player_roll_and_stop(players, active):
    # rulebook: 2. Розыгрыш карточек действий, Передвижение поезда (one move card: the
    # train's die is rolled, the train runs; ПРАВИЛА ДВИЖЕНИЯ п. 9: it stops in Amsterdam)
    s = blank(players=players)
    put(s, 0, ("brussels", "amsterdam"), k=0)
    assert move(s, 0, 2, active) == [
        {"type": "play", "player": active, "action": "move_train", "cards": ["move_train"]},
        {"type": "roll", "train": 0, "roll": 2},
        {"type": "stop", "train": 0, "cell": cell_of(s, "amsterdam")}]


@pytest.mark.parametrize("slot, cards", [(1, ["signal", "signal"]), (2, ["signal", "switch"]),
                                         (3, ["signal", "move_train"]),
                                         (4, ["switch", "switch"]),
                                         (5, ["switch", "move_train"]),
                                         (6, ["move_train", "move_train"])])
def test_any_action_for_two_cards_names_both_cards(slot, cards):
    # rulebook: Любое действие (any two action cards make any one action): the pair is
    # named in the log, and both go to the discards
    s = blank()
    put(s, 8, ("brussels", "amsterdam"), k=0)
    rig(s, 2, 1)
    ev = play(s, A.PLAY + 2 * 7 + slot)  # the only train: it moves at once
    assert ev[0] == {"type": "play", "player": 0, "action": "move_train", "cards": cards}
    assert ev[1:] == [{"type": "roll", "train": 8, "roll": 1},
                      {"type": "stop", "train": 8, "cell": cell_of(s, "amsterdam")}]
    assert s.observation(None)["action_discard"] == {k: cards.count(k) for k in
                                                     ("signal", "switch", "move_train")}


def test_a_signal_card_is_announced_with_both_fields():
    # rulebook: Переключение сигнала (one signal disc moves to a red field; a city keeps its
    # green signal): seat 1 moves Paris's disc from the line to Calais to the one to Reims
    s = blank()
    s.active = 1
    f = field_between(s, "paris", "calais")
    g = field_between(s, "paris", "reims")
    assert s.green[f] and not s.green[g]
    ev = play(s, A.PLAY + 0, A.FIELD_FROM + f, A.FIELD_TO + g)
    assert ev == [{"type": "play", "player": 1, "action": "signal", "cards": ["signal"]},
                  {"type": "signal", "player": 1, "from_field": f, "to_field": g}]
    assert g in s.observation(None)["signals"] and f not in s.observation(None)["signals"]


@pytest.mark.parametrize("t, card", [(0, 0), (4, 1), (8, 2)])
def test_loading_is_announced_with_the_train_good_and_card(t, card):
    # rulebook: Загрузка поезда (an empty train in a trade city takes one of its goods for
    # any one card): black 0, brown 4 and gray 8, in Amsterdam (yellow), Paris (blue) and
    # Berlin (white), each paying another kind of card
    city, good = [("amsterdam", YELLOW), ("paris", BLUE), ("berlin", WHITE)][card]
    s = blank()
    s.active = 1
    put(s, t, city)
    ev = play(s, A.LOAD + 3 * t + card)
    assert ev == [{"type": "load", "player": 1, "train": t, "good": good,
                   "card": ("signal", "switch", "move_train")[card]}]
    assert s.observation(None)["trains"][t]["good"] == ("yellow", "blue", "red", "white")[good]


def test_a_red_signal_and_a_closed_switch_are_named_as_the_time_lost():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 7 (a red field) and п. 6 (a switch set against the
    # train): one token for each point left, with its reason
    s = blank()
    set_green(s, track_field(s, "reims", "strasbourg"), False)
    put(s, 0, ("reims", "strasbourg"), k=0)
    assert move(s, 0, 4)[2:] == [{"type": "stop", "train": 0, "cell": s.tpos[0]},
                                 {"type": "time_lost", "tokens": 4, "why": "red_signal"}]
    s = blank()
    set_switch(s, "rennes", "brest", "tours")
    put(s, 3, ("rennes", "paris"), toward="rennes", k=0)
    assert move(s, 3, 3)[2:] == [{"type": "stop", "train": 3, "cell": s.tpos[3]},
                                 {"type": "time_lost", "tokens": 3, "why": "switch"}]


def test_an_occupied_city_and_a_train_ahead_are_named_as_the_time_lost():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 5 (a city holds one train) and п. 8 (no overtaking)
    s = blank()
    put(s, 3, "amsterdam")
    put(s, 0, ("brussels", "amsterdam"), k=0)
    assert move(s, 0, 4)[2:] == [{"type": "stop", "train": 0, "cell": s.tpos[0]},
                                 {"type": "time_lost", "tokens": 4, "why": "occupied"}]
    s = blank()
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("rennes", "paris"), k=0)
    put(s, 6, ("brest", "rennes"), k=0)
    assert move(s, 6, 3)[2:] == [{"type": "stop", "train": 6, "cell": s.tpos[6]},
                                 {"type": "time_lost", "tokens": 2, "why": "train_ahead"}]


def test_a_city_with_no_green_exit_loses_every_point_as_a_red_signal():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 3-4 (no green signal out of the city: no move)
    s = blank()
    put(s, 3, "amsterdam")
    set_green(s, field_between(s, "amsterdam", "brussels"), False)
    assert move(s, 3, 3)[1:] == [{"type": "roll", "train": 3, "roll": 3},
                                 {"type": "stop", "train": 3, "cell": cell_of(s, "amsterdam")},
                                 {"type": "time_lost", "tokens": 3, "why": "red_signal"}]


def test_a_head_on_meeting_is_announced_with_both_trains():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 11 (two tokens a point left; the moving train home)
    s = blank(options={"time_tokens": 10})
    set_switch(s, "rennes", "brest", "paris")
    put(s, 3, ("brest", "rennes"), toward="rennes", k=1)
    put(s, 0, ("rennes", "paris"), toward="rennes", k=0)
    assert move(s, 0, 3)[2:] == [{"type": "head_on", "train": 0, "other": 3, "lost": 3},
                                 {"type": "time_lost", "tokens": 6, "why": "head_on"}]


def test_a_starting_point_reached_is_announced_with_its_name():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 12 (two tokens, the train back to its depot)
    s = blank()
    put(s, 5, ("brest", "rennes"), toward="brest", k=0)
    assert move(s, 5, 4)[2:] == [{"type": "start_point", "train": 5, "node": "brest"},
                                 {"type": "time_lost", "tokens": 2, "why": "starting_point"}]


@pytest.mark.parametrize("good", [None, YELLOW, WHITE])
def test_a_port_reached_is_announced_with_the_good_delivered_or_none(good):
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 10 (the port takes the good, the train goes home, loaded
    # or empty)
    s = blank()
    put(s, 7, ("lyon", "marseille"), k=0,
        good=None if good is None else ("yellow", "blue", "red", "white")[good])
    ev = move(s, 7, 2)[2:]
    if good is None:
        assert ev == [{"type": "port_empty", "train": 7, "node": "marseille"}]
    else:
        assert ev == [{"type": "deliver", "train": 7, "good": good, "node": "marseille"}]


@pytest.mark.parametrize("card", [9, 17])
def test_the_departure_card_turned_is_announced_to_the_next_player(card):
    # rulebook: ХОД ИГРЫ, 1. Транспортная инструкция (the next active player turns the top
    # departure card over for everyone)
    s = blank(players=3)
    s.active = 2
    top_card(s, card)
    ev = play(s, A.END)
    assert {"type": "reveal", "player": 0, "card": card, "reveal": True} in ev
    assert s.observation(None)["departure_card"]["id"] == s.game.data["departure_cards"][card]["id"]


@pytest.mark.parametrize("colour", [0, 1, 2])
def test_the_colour_of_a_multicolour_train_is_announced(colour):
    # rulebook: Карты отправления (a multicolour train: the team names the colour to move)
    s = blank()
    top_card(s, 9)
    s.apply(A.END)
    assert play(s, A.MOVE_COLOUR + colour) == [{"type": "move_colour", "colour": colour}]


@pytest.mark.parametrize("colour, number, city", [(0, 6, "calais"), (2, 12, "genoa"),
                                                   (1, 2, "venice")])
def test_a_train_deployed_is_announced_with_its_starting_point(colour, number, city):
    # rulebook: Отправление поездов (the two dice name the starting point; the first train of
    # the colour chosen from the depot stands there)
    s = blank()
    assert s.number_start[number] == node_of(s, city)
    top_card(s, 4)  # deploy one train, then a multicolour train
    s.set_seed(seed_for_deploy(number))
    s.apply(A.END)
    ev = play(s, A.DEPLOY_COLOUR + colour)
    assert {"type": "deploy", "train": 3 * colour, "node": city} in ev


def node_of(s, name):
    return s.board.node_index[name]


def test_an_empty_action_deck_reshuffled_is_announced_with_its_size():
    # rulebook: 3. Добор карточек действий (the discards shuffled into a new deck)
    s = blank()
    s.deck = []
    s.adiscard = [4, 0, 2]
    s.hands[0] = [0, 0, 0]
    ev = play(s, A.END)
    assert {"type": "reshuffle", "cards": 6} in ev


# -- the helpers (rulebook: Помощники), each announced with what it changed --------------------

def test_the_logistician_is_announced_with_the_new_roll():
    # rulebook: Помощники из Центральной Европы, Логист (the movement die rolled again)
    s = blank(helpers_used=False)
    s.helpers = (1 << DISPATCHER) | (1 << CONDUCTOR)
    put(s, 3, ("brussels", "amsterdam"), k=0)
    rig(s, 1, 4)
    play(s, A.PLAY + 14)
    rig(s, 1, 1)
    assert play(s, A.LOGISTICIAN) == [
        {"type": "helper", "helper": "logistician", "train": 3, "roll": 1},
        {"type": "stop", "train": 3, "cell": cell_of(s, "amsterdam")}]


def test_the_dispatcher_is_announced():
    # rulebook: Помощники из Центральной Европы, Диспетчер
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << CONDUCTOR)
    set_green(s, field_between(s, "amsterdam", "cologne"))
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 3)
    play(s, A.PLAY + 14)
    assert play(s, A.DISPATCHER) == [{"type": "helper", "helper": "dispatcher"}]


@pytest.mark.parametrize("colour", [0, 2])
def test_the_conductor_is_announced_with_the_colour_kept_still(colour):
    # rulebook: Помощники из Центральной Европы, Начальник поезда
    s = blank(helpers_used=False)
    s.helpers = (1 << LOGISTICIAN) | (1 << DISPATCHER)
    put(s, 3 * colour, ("brussels", "amsterdam"), k=0)
    put(s, 3 * colour + 1, "calais")
    top_card(s, 9)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + colour)
    assert play(s, A.CONDUCTOR + colour) == [
        {"type": "helper", "helper": "conductor", "colour": colour}]


def test_the_switchman_is_announced_with_the_card_put_under():
    # rulebook: Помощники в Северной Америке, Стрелочник
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER)
    top_card(s, 9)
    s.apply(A.END)
    ev = play(s, A.SWITCHMAN)
    assert ev[0] == {"type": "helper", "helper": "switchman", "card": 9}
    assert ev[1]["type"] == "reveal" and ev[1]["card"] == s.card != 9


@pytest.mark.parametrize("held", [0, 1])
def test_the_station_master_is_announced_with_the_train_kept_still(held):
    # rulebook: Помощники в Северной Америке, Дежурная по станции
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << COUPLER)
    put(s, 0, "seattle")
    put(s, 1, "miami")
    top_card(s, 9)
    s.apply(A.END)
    s.apply(A.MOVE_COLOUR + 0)
    ev = play(s, A.HOLD + held)
    assert ev[0] == {"type": "helper", "helper": "station_master", "train": held}


def test_the_coupler_is_announced_with_the_starting_point_chosen():
    # rulebook: Помощники в Северной Америке, Сцепщик
    s = blank(options={"board": "north_america"}, helpers_used=False)
    s.helpers = (1 << SWITCHMAN) | (1 << STATION_MASTER)
    top_card(s, 3)
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 1)
    seattle = s.board.starts.index(node_of(s, "seattle"))
    ev = play(s, A.COUPLER + seattle)
    assert ev[:2] == [{"type": "helper", "helper": "coupler", "node": "seattle"},
                      {"type": "deploy", "train": 3, "node": "seattle"}]


def test_the_end_by_the_last_departure_card_is_announced():
    # rulebook: КОНЕЦ ИГРЫ (the last departure card's turn over without every good in the
    # port: the team loses); the log says why, after the last draw
    s = blank()
    s.pile = []
    ev = play(s, A.END)
    assert [e["type"] for e in ev] == ["draw", "game_over"]
    assert ev[-1] == {"type": "game_over", "reason": "departure_cards_exhausted"}
    assert s.result().reason == "departure_cards_exhausted"
