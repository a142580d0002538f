"""Presence is coalesced (issue #23, point 7): comings and goings are announced as counts at
most every PRESENCE_SECONDS, so a crowd of spectators costs messages linear in its size."""

import asyncio
import json

from railtable.server.connections import Conn
from railtable.server.live import PRESENCE_SECONDS
from tests.server.conftest import hello, make_table, recv_until

CROWD = 1000


class CountingConn(Conn):
    """A spectator's connection that counts what the table sends it."""

    sent_total = 0

    def __init__(self) -> None:
        super().__init__(None, None, "en")
        self.got: list[str] = []

    def send(self, text: str) -> None:
        CountingConn.sent_total += 1
        self.got.append(text)


def crowd(client, join_batches: int) -> dict:
    """CROWD spectators join a table in `join_batches` batches (a pause of more than
    PRESENCE_SECONDS after each), then all leave at once; messages sent per join/leave."""
    out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
    mgr = client.app.state.manager

    async def run() -> dict:
        t = await mgr.get(out["id"])
        CountingConn.sent_total = 0
        conns = [CountingConn() for _ in range(CROWD)]
        per = CROWD // join_batches
        for b in range(join_batches):
            for c in conns[b * per:(b + 1) * per]:
                await t.attach(c)
            await asyncio.sleep(PRESENCE_SECONDS * 1.5)  # let the announcement go out
        joined = CountingConn.sent_total
        last = json.loads(conns[0].got[-1])
        CountingConn.sent_total = 0
        for c in conns:
            t.detach(c)
        await asyncio.sleep(PRESENCE_SECONDS * 1.5)
        return {"join": joined / CROWD, "leave": CountingConn.sent_total / CROWD,
                "last": last, "spectators_after": t.spectators()}

    return client.portal.call(run)


def test_a_thousand_spectators_joining_together_cost_two_messages_each(client):
    r = crowd(client, join_batches=1)
    # each: its own state, and one announcement of the new count (was: everyone told of
    # every join, about 500 messages a join)
    assert r["join"] <= 2.01, r
    assert r["last"]["type"] == "players" and r["last"]["spectators"] == CROWD
    assert r["leave"] == 0 and r["spectators_after"] == 0  # nobody is left to tell


def test_spectators_arriving_in_waves_cost_one_announcement_a_wave(client):
    r = crowd(client, join_batches=10)
    # wave k (100 joins) sends 100 states and one count to the 100 * k present:
    # (1000 + 100 * (1 + ... + 10)) / 1000 = 6.5 a join
    assert r["join"] <= 6.51, r
    assert r["last"]["spectators"] == CROWD


def test_a_spectator_hears_the_count_and_the_players_who_come(client):
    out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
    tid, token = out["id"], out["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as s1, \
            client.websocket_connect(f"/ws/tables/{tid}") as s2:
        first = hello(s1)
        assert first["table"]["spectators"] == 1
        hello(s2)
        m, _ = recv_until(s1, lambda x: x["type"] == "players" and x["spectators"] == 2)
        assert [p["connected"] for p in m["players"]] == [False, False]
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, token)
            m, _ = recv_until(s1, lambda x: x["type"] == "players"
                              and x["players"][0]["connected"])
            assert m["spectators"] == 2
        m, _ = recv_until(s2, lambda x: x["type"] == "players"
                          and not x["players"][0]["connected"])
        assert m["spectators"] == 2
