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
