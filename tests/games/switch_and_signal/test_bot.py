"""The team bot: legal, complete games; decisions from what the team may know."""

import random

import pytest

from railtable.bots.base import make_bot
from railtable.games.switch_and_signal import GAME


def test_heuristic_bot_plays_a_whole_game_legally():
    s = GAME.new_state(3, 7, record_events=False)
    bots = [make_bot("heuristic", GAME, p, p) for p in range(3)]
    n = 0
    while not s.is_terminal():
        a = bots[s.current_player()].act(s)
        assert a in s.legal_actions()
        s.apply(a)
        n += 1
    assert s.result().reason in ("all_goods_delivered", "departure_cards_exhausted",
                                 "clock_ran_out")
    # a thinking team loads and delivers goods (a random team almost never does)
    assert sum(map(sum, s.delivered)) + sum(1 for g in s.tgood if g >= 0) >= 2


def test_bot_ignores_hidden_order():
    # the action deck and the departure pile order are hidden: changing them must not change
    # the bot's decision
    s = GAME.new_state(3, 5)
    r = random.Random(3)
    for _ in range(12):
        legal = s.legal_actions()
        s.apply(legal[int(r.random() * len(legal))])
    t = s.clone()
    random.Random(9).shuffle(t.own_deck())   # the clone's own: s keeps its order
    random.Random(9).shuffle(t.own_pile())
    assert sorted(t.deck) == sorted(s.deck)
    a1 = make_bot("heuristic", GAME, s.current_player(), 42).act(s)
    a2 = make_bot("heuristic", GAME, t.current_player(), 42).act(t)
    assert a1 == a2


def _play(bot_name, seed, options=None, players=3):
    s = GAME.new_state(players, seed, options, record_events=False)
    bots = [make_bot(bot_name, GAME, p, 100 + p) for p in range(players)]
    actions = []
    while not s.is_terminal():
        a = bots[s.current_player()].act(s)
        assert a in s.legal_actions()
        s.apply(a)
        actions.append(a)
    return s, actions


def test_greedy_bot_plays_whole_games_on_both_boards_and_in_the_free_layout():
    goods = 0
    for seed, options in ((1, None), (2, {"board": "north_america"}), (3, {"layout": "free"}),
                          (4, {"board": "north_america", "location_tokens": "draw_instead_of_dice"})):
        s, _ = _play("greedy", seed, options)
        assert s.result().reason in ("all_goods_delivered", "departure_cards_exhausted",
                                     "clock_ran_out")
        goods += sum(map(sum, s.delivered))
    # it clears ways and moves trains on purpose: goods reach the port (a random team
    # delivers about 0.01 a game)
    assert goods >= 4


def test_greedy_bot_is_deterministic_given_its_seed():
    s1, a1 = _play("greedy", 11, {"layout": "free"}, players=2)
    s2, a2 = _play("greedy", 11, {"layout": "free"}, players=2)
    assert a1 == a2
    assert s1.result().to_json() == s2.result().to_json()


def test_greedy_bot_loads_at_once():
    from railtable.games.switch_and_signal import actions as A
    from railtable.games.switch_and_signal.bot import GreedyBot
    from tests.games.switch_and_signal.helpers import blank, put
    s = blank()
    put(s, 0, "paris")
    put(s, 3, ("brest", "rennes"), good="white")
    a = GreedyBot(0, 1).act(s)
    assert A.LOAD <= a < A.COUPLER and (a - A.LOAD) // 3 == 0


def test_greedy_bot_clears_the_way_of_a_loaded_train_then_moves_it():
    from railtable.games.switch_and_signal import actions as A
    from railtable.games.switch_and_signal.bot import GreedyBot, way_plan
    from tests.games.switch_and_signal.helpers import blank, put
    s = blank()
    put(s, 0, "paris", good="blue")
    obs, _ = way_plan(s, 0)
    assert obs and obs[0][1] >= 0   # Paris's disc is on the Calais line: its way is red
    bot = GreedyBot(0, 1)
    played = []
    while True:
        a = bot.act(s)
        assert a in s.legal_actions() and a != A.END
        played.append(a)
        if a == A.PLAY + 14:
            break
        s.apply(a)
    # the red field on the way is made green first (one signal card), then a move card is
    # played for the train, whose way is clear now
    assert played[0] == A.PLAY + 0 and played[2] == A.FIELD_TO + obs[0][1]
    assert all(d > 6 for d, *_ in way_plan(s, 0)[0])


def test_the_games_evaluation_is_the_teams_chance_and_rises_with_goods_delivered():
    s = GAME.new_state(3, 4, record_events=False)
    bots = [make_bot("greedy", GAME, p, p) for p in range(3)]
    for _ in range(30):
        s.apply(bots[s.current_player()].act(s))
    v = GAME.evaluate(s)
    assert len(v) == 3 and len(set(v)) == 1 and 0.0 < v[0] < 1.0  # one team, one value
    t = s.clone()
    t.own_delivered()[0][1] += 1   # the clone's own: s plays on as it was
    assert GAME.evaluate(t)[0] > v[0]
    while not s.is_terminal():
        s.apply(bots[s.current_player()].act(s))
    assert GAME.evaluate(s) == [1.0 if s.won else 0.0] * 3


def test_a_search_with_a_playout_horizon_plays_legally():
    s = GAME.new_state(3, 2, record_events=False)
    bots = [make_bot("mcts(iterations=4,horizon=3)", GAME, p, p) for p in range(3)]
    for _ in range(6):
        a = bots[s.current_player()].act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_the_way_tables_list_what_each_shortest_route_crosses():
    # the heuristic reads the signal fields and switches of a shortest way from tables made
    # once per board; they must list exactly what walking the route step by step meets
    from railtable.games.switch_and_signal.bot import _way, route_tables, way_tables
    for board in ("central_europe", "north_america"):
        b = GAME.new_state(3, 1, {"board": board}, record_events=False).board
        routes, ways = route_tables(b), way_tables(b)
        assert ways.keys() == routes.keys()
        crossing = 0
        for n, table in routes.items():
            for si in range(len(table)):
                steps = list(_way(table, si))
                fields = tuple(f for fs, _, _ in steps for f in fs)
                juncs = tuple((j, k) for _, j, k in steps if j >= 0)
                assert ways[n][si] == (fields, juncs)
                crossing += bool(juncs)
        assert crossing > 0  # the routes do pass switches



def test_an_empty_train_leaves_goods_to_nearer_empty_trains():
    # the heuristic's claims: an empty train heads for a trade city only while fewer empty
    # trains are nearer to it (ties to the lower train) than the city has goods left; with
    # none left to it, any city with goods. Checked against that rule written out, in the
    # positions of a whole game
    from railtable.games.switch_and_signal.bot import _state_index, _targets

    def claimed(s, t):
        b = s.board
        mine = [c for c in range(4) if s.goods[c] > 0]
        out = []
        for c in mine:
            dist = b.dist_to[b.trade_of_colour[c]]
            d = dist[_state_index(s, t)]
            nearer = sum(1 for u in range(9) if u != t and s.tpos[u] >= 0 and s.tgood[u] < 0
                         and (dist[_state_index(s, u)], u) < (d, t))
            if nearer < s.goods[c]:
                out.append(b.trade_of_colour[c])
        return out or [b.trade_of_colour[c] for c in mine]

    s = GAME.new_state(3, 11, record_events=False)
    bots = [make_bot("greedy", GAME, p, p) for p in range(3)]
    checked = 0
    while not s.is_terminal():
        for t in range(9):
            if s.tpos[t] >= 0 and s.tgood[t] < 0:
                assert _targets(s, t) == claimed(s, t)
                checked += 1
        s.apply(bots[s.current_player()].act(s))
    assert checked > 100


# -- the farsighted bot (docs/bots.md, "Switch & Signal: the farsighted bot") ------------

def _clear_paris_to_marseille_via_tours(s):
    from tests.games.switch_and_signal.helpers import field_between, set_green, set_switch
    set_green(s, field_between(s, "paris", "tours"))
    set_green(s, field_between(s, "marseille", "clermont"))
    set_switch(s, "tours", "paris", "clermont")
    set_switch(s, "clermont", "tours", "marseille")


def test_onward_obstacles_count_what_stands_between_a_trade_city_and_the_port():
    from railtable.games.switch_and_signal.bot import onward_obstacles
    from tests.games.switch_and_signal.helpers import (blank, field_between, node, set_green,
                                                       set_switch)
    s = blank()
    paris = node(s, "paris")
    _clear_paris_to_marseille_via_tours(s)
    assert onward_obstacles(s, paris) == 0
    t = s.clone()
    set_switch(t, "tours", "rennes", "paris")   # a switch set against the way on
    assert onward_obstacles(t, paris) == 1
    u = s.clone()
    set_green(u, field_between(u, "marseille", "clermont"), False)   # the port's field red
    assert onward_obstacles(u, paris) == 1


def test_farsighted_evaluation_sees_the_goods_onward_way_and_the_heuristic_does_not():
    from railtable.games.switch_and_signal.bot import (ONWARD, W_OBSTACLE, evaluate,
                                                       onward_costs)
    from tests.games.switch_and_signal.helpers import blank, node, put, set_switch
    s = blank()
    _clear_paris_to_marseille_via_tours(s)
    put(s, 0, ("calais", "paris"), k=1)   # an empty black train one section from Paris
    blocked = s.clone()
    set_switch(blocked, "tours", "rennes", "paris")
    assert onward_costs(blocked, ONWARD)[node(s, "paris")] == ONWARD * W_OBSTACLE
    # the heuristic values only the train's way to Paris, which the switch does not touch
    assert evaluate(blocked) == evaluate(s)
    # the farsighted bot sees that a good loaded in Paris would find its way on shut
    assert evaluate(blocked, ONWARD) < evaluate(s, ONWARD)


def test_farsighted_bot_is_the_heuristic_with_the_onward_weight():
    from railtable.bots.spec import SpecError
    from railtable.games.switch_and_signal.bot import ONWARD
    _, plain = _play("heuristic", 5, players=2)
    _, zero = _play("farsighted(onward=0)", 5, players=2)
    _, far = _play("farsighted", 5, players=2)
    _, weighted = _play(f"heuristic(onward={ONWARD})", 5, players=2)
    assert zero == plain
    assert weighted == far
    assert far != plain   # the onward weight changes decisions
    for spec in ("farsighted(onward=-1)", "heuristic(samples=0)", "farsighted(x=1)"):
        with pytest.raises(SpecError):
            make_bot(spec, GAME, 0)


@pytest.mark.parametrize("bot", ["farsighted", "finisher"])
def test_farsighted_bot_plays_whole_games_on_both_boards(bot):
    for seed, options in ((3, None), (4, {"board": "north_america"})):
        s, _ = _play(bot, seed, options)
        assert s.result().reason in ("all_goods_delivered", "departure_cards_exhausted",
                                     "clock_ran_out")
        assert sum(map(sum, s.delivered)) + sum(1 for g in s.tgood if g >= 0) >= 2


def test_finisher_is_the_farsighted_bot_until_the_last_two_turns_then_greedy():
    from railtable.bots.spec import SpecError
    from railtable.games.switch_and_signal.bot import ENDGAME, GreedyBot
    assert ENDGAME == 2 and GAME.guide_bot == "finisher"
    _, zero = _play("finisher(endgame=0)", 6)
    far_state, far = _play("farsighted", 6)
    assert zero == far
    # the same game with the finisher: the farsighted bot's moves while two or more
    # departure cards are left, then every decision the greedy policy's
    s = GAME.new_state(3, 6, record_events=False)
    bots = [make_bot("finisher", GAME, p, 100 + p) for p in range(3)]
    shadows = [GreedyBot(p, 100 + p) for p in range(3)]
    moves, late = [], 0
    while not s.is_terminal():
        p = s.current_player()
        a = bots[p].act(s)
        if len(s.pile) < ENDGAME:
            assert a == shadows[p].act(s)
            late += 1
        else:
            assert not late and a == far[len(moves)]
        moves.append(a)
        s.apply(a)
    assert late > 5 and moves != far
    for spec in ("finisher(endgame=-1)", "finisher(endgame=1.5)", "heuristic(endgame=True)"):
        with pytest.raises(SpecError):
            make_bot(spec, GAME, 0)


def test_greedy_bot_finishes_a_card_play_it_did_not_start():
    # a search's playout or a fresh bot can start after a card was paid for: the rest of
    # the play aims at the same obstacle or train the greedy policy would have chosen,
    # not at the first field or junction listed
    from railtable.games.switch_and_signal import actions as A
    from railtable.games.switch_and_signal.bot import GreedyBot
    from railtable.games.switch_and_signal.rules import PH_ACTIONS
    checked = set()
    for seed in range(1, 40):
        s = GAME.new_state(3, seed, record_events=False)
        bots = [GreedyBot(p, p) for p in range(3)]
        while not s.is_terminal():
            p = s.current_player()
            a = bots[p].act(s)
            if s.phase == PH_ACTIONS and A.PLAY <= a < A.LOAD:
                purpose = (a - A.PLAY) // 7
                plan = list(bots[p].plan)
                c = s.clone()
                c.apply(a)
                for want in plan:
                    legal = c.legal_actions()
                    if len(legal) > 1:
                        fresh = GreedyBot(p, 99)
                        got = fresh.act(c)
                        if purpose == 2:  # a move card: the train that gains most
                            assert got in legal
                        else:
                            assert got == want, (seed, purpose, plan)
                        checked.add(purpose)
                    c.apply(want)
            s.apply(a)
        if checked == {0, 1, 2}:
            break
    assert checked == {0, 1, 2}
