"""The team bot: legal, complete games; decisions from what the team may know."""

import random

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
    random.Random(9).shuffle(t.deck)
    random.Random(9).shuffle(t.pile)
    assert sorted(t.deck) == sorted(s.deck)
    a1 = make_bot("heuristic", GAME, s.current_player(), 42).act(s)
    a2 = make_bot("heuristic", GAME, t.current_player(), 42).act(t)
    assert a1 == a2
