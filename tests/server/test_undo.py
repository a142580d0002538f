"""The undo policy: own decisions back to the last roll, reveal, private event or other
player's decision."""

import json

import pytest

from railtable.engine.registry import games, register
from tests.server.barrier_game import GAME
from tests.server.conftest import hello, make_table, recv_until

PLAIN, ROLL, REVEAL, END = 0, 1, 2, 3


@pytest.fixture
def table(client):
    register(GAME)  # for this test only: other tests may list every game
    try:
        yield from _table(client)
    finally:
        games().pop(GAME.id, None)


def _table(client):
    out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
                     game=GAME.id, options={"decisions": 20})
    with client.websocket_connect(f"/ws/tables/{out['id']}") as a, \
            client.websocket_connect(f"/ws/tables/{out['id']}") as b:
        hello(a, out["seats"][0]["token"])
        hello(b, out["seats"][1]["token"])
        yield Driver(client, out["id"], a, b)


class Driver:
    def __init__(self, client, tid, a, b):
        self.client, self.tid, self.socks, self.seq = client, tid, [a, b], 0

    def act(self, seat, action):
        self.socks[seat].send_text(json.dumps({"type": "act", "seq": self.seq, "id": action}))
        self.seq += 1
        return [recv_until(ws, lambda m: m.get("seq") == self.seq)[0] for ws in self.socks]

    def undo(self, seat):
        self.socks[seat].send_text(json.dumps({"type": "undo", "seq": self.seq}))
        m, _ = recv_until(self.socks[seat], lambda x: x["type"] in ("state", "error"))
        if m["type"] == "error":
            return m["code"]
        self.seq = m["seq"]
        recv_until(self.socks[1 - seat], lambda x: x["type"] == "state")
        return m

    def moves(self):
        return self.client.get(f"/api/tables/{self.tid}").json()["moves"]


def test_own_decisions_walk_back_until_a_roll(table):
    table.act(0, ROLL)
    table.act(0, PLAIN)
    ms = table.act(0, PLAIN)
    assert ms[0]["can_undo"] and not ms[1]["can_undo"]
    assert table.undo(1) == "no_undo"
    assert table.undo(0)["seq"] == 2
    m = table.undo(0)
    assert m["seq"] == 1 and m["can_undo"] is False  # the roll changed the seed: a barrier
    assert table.undo(0) == "no_undo"
    assert table.moves() == 1


def test_a_reveal_is_a_barrier_and_so_is_another_players_decision(table):
    ms = table.act(0, REVEAL)
    assert ms[0]["can_undo"] is False and table.undo(0) == "no_undo"
    table.act(0, END)
    ms = table.act(1, PLAIN)
    assert ms[0]["can_undo"] is False  # seat 1 decided since seat 0's last decision
    assert table.undo(0) == "no_undo"
    assert table.undo(1)["seq"] == 2
    assert table.moves() == 2


def test_undo_of_a_turn_end_gives_the_turn_back(table):
    table.act(0, PLAIN)
    ms = table.act(0, END)
    assert ms[0]["current"] == 1 and ms[0]["can_undo"]
    m = table.undo(0)
    assert m["current"] == 0 and m["legal"] and m["seq"] == 1
