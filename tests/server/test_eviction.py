"""Idle tables leave memory and come back from the database exactly as they were.

The manager's check (`Manager.evict_idle(now)`) is driven directly on the app's event loop
with a `now` far ahead, so no test waits for the idle time to pass (except the one that
checks that the background task runs at all).
"""

import asyncio
import json
import threading
import time

import pytest
from starlette.testclient import TestClient

from railtable.server import create_app
from railtable.server.protocol import TableGone
from railtable.server.storage import NewAction
from tests.server.conftest import hello, make_table, recv_until

IDLE = 3600.0  # long enough that the background check never fires during a test


def app_client(tmp_path, **kwargs):
    kwargs = {"bot_delay": 0, "bot_processes": False, "idle_seconds": IDLE, **kwargs}
    return TestClient(create_app(f"sqlite:///{tmp_path / 'rt.db'}", **kwargs))


@pytest.fixture
def idle_client(tmp_path):
    with app_client(tmp_path) as c:
        yield c


def manager(client):
    return client.app.state.manager


def on_loop(client, fn, *args):
    """Run fn (sync or async) on the app's event loop, as the server's own code runs."""
    return client.portal.call(fn, *args)


def evict(client):
    """One check of the evictor as if every table had been left alone for a long time."""
    mgr = manager(client)
    return on_loop(client, lambda: mgr.evict_idle(time.monotonic() + 10 * IDLE))


def in_memory(client, tid):
    mgr = manager(client)
    return on_loop(client, lambda: tid in mgr.tables)


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


def two_humans(client, decisions=12):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                     options={"decisions": decisions})
    return out["id"], [s["token"] for s in out["seats"]]


def full_state(ws):
    """A fresh full state of this connection (a language switch sends one)."""
    send(ws, type="lang", lang="en")
    m, _ = recv_until(ws, lambda x: x["type"] == "state")
    return m


SAME = ("seq", "status", "current", "legal", "can_undo", "result", "observation", "log")


def view(m):
    return {k: m[k] for k in SAME}


def test_an_idle_table_leaves_memory_and_play_goes_on_exactly(idle_client):
    client = idle_client
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        ms = [hello(a, tokens[0]), hello(b, tokens[1])]
        socks = [a, b]
        for seq in range(3):
            cur = ms[0]["current"]
            plays = [c for c in ms[cur]["legal"] if c["action"]["type"] == "play"]
            send(socks[cur], type="act", seq=seq, id=plays[0]["id"])
            ms = [recv_until(s, lambda x, k=seq + 1: x.get("seq") == k)[0] for s in socks]
            if seq == 1:
                at_two = [full_state(s) for s in socks]
        before = [full_state(s) for s in socks]
        assert before[0]["seq"] == 3 and before[0]["can_undo"] is True
        assert evict(client) == []  # two open connections: not idle
    assert in_memory(client, tid)
    assert evict(client) == [tid]
    assert not in_memory(client, tid)
    assert client.get("/api/health").json()["tables_live"] == 0
    # the seat tokens still work, the table is rebuilt with the same state, seq and logs
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        after = [hello(a, tokens[0]), hello(b, tokens[1])]
        assert [m["seat"] for m in after] == [0, 1]
        assert [view(m) for m in after] == [view(m) for m in before]
        assert in_memory(client, tid)
        # undo still works: seat 0 takes back its last decision
        send(a, type="undo", seq=3)
        back = [recv_until(s, lambda x: x["type"] == "state")[0] for s in (a, b)]
        assert [view(m) for m in back] == [view(m) for m in at_two]
        # and play goes on from seq 2
        send(a, type="act", seq=2, action={"type": "draw"})
        up = [recv_until(s, lambda x: x.get("seq") == 3)[0] for s in (a, b)]
        assert up[0]["current"] == 1
        send(b, type="act", seq=3, action={"type": "draw"})
        up = [recv_until(s, lambda x: x.get("seq") == 4)[0] for s in (a, b)]
        send(a, type="act", seq=3, action={"type": "draw"})  # a stale seq stays refused
        err, _ = recv_until(a, lambda x: x["type"] == "error")
        assert err["code"] == "stale"
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 4


def test_an_open_websocket_keeps_its_table(idle_client):
    client = idle_client
    tid, tokens = two_humans(client)
    mgr = manager(client)
    table = on_loop(client, lambda: mgr.tables[tid])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)  # a spectator is enough
        assert evict(client) == []
        assert on_loop(client, lambda: mgr.tables.get(tid)) is table
    assert evict(client) == [tid]


def test_the_idle_time_counts_from_when_the_last_connection_left(idle_client):
    client = idle_client
    tid, tokens = two_humans(client)
    mgr = manager(client)

    def long_ago():
        mgr.tables[tid].last_active = time.monotonic() - 10 * IDLE

    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[0])
        on_loop(client, long_ago)  # connected for a long time, then the person leaves
    soon = on_loop(client, lambda: mgr.evict_idle(time.monotonic() + IDLE / 2))
    assert soon == [] and in_memory(client, tid)
    assert evict(client) == [tid]


def test_a_scheduled_bot_move_keeps_its_table(tmp_path):
    with app_client(tmp_path, bot_delay=3600) as client:
        bots = make_table(client, [{"kind": "bot", "bot": "random"},
                                   {"kind": "bot", "bot": "random"}])["id"]
        waits = make_table(client, [{"kind": "human", "name": "Ann"},
                                    {"kind": "bot", "bot": "random"}])["id"]
        mgr = manager(client)
        assert on_loop(client, lambda: mgr.tables[bots].bot_task.done()) is False
        assert evict(client) == [waits]  # a human to move and nobody there: idle
        assert evict(client) == []
        assert in_memory(client, bots)


def test_a_write_not_yet_committed_or_a_held_lock_keeps_its_table(idle_client):
    client = idle_client
    tid, tokens = two_humans(client)
    mgr = manager(client)
    far = time.monotonic() + 10 * IDLE
    gate = threading.Event()

    async def scenario():
        # an action queued for the writer: the table stays until it is committed
        fut = mgr.db.append(NewAction(tid, 0, 0, {"type": "draw"}, True, "running", None,
                                      time.time()))
        queued = mgr.evict_idle(far)
        await fut
        await asyncio.sleep(0)
        # another write of the table on the database thread (as an undo or a join makes)
        call = asyncio.ensure_future(mgr.db.call_for(tid, gate.wait, 30))
        await asyncio.sleep(0.01)
        running = mgr.evict_idle(far)
        gate.set()
        await call
        for _ in range(100):
            if not mgr.db.busy(tid):
                break
            await asyncio.sleep(0.01)
        async with mgr.tables[tid].lock:  # an action or undo going on
            locked = mgr.evict_idle(far)
        return queued, running, locked, mgr.evict_idle(far)

    assert on_loop(client, scenario) == ([], [], [], [tid])
    # the committed action is part of the table rebuilt from the database
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        m = hello(ws, tokens[1])
        assert m["seq"] == 1 and m["current"] == 1


def test_eviction_between_a_sockets_hello_and_its_attach(idle_client):
    # the table is fetched once the hello has come (a private table is told from no table
    # only then); evicted before the socket is attached, the handler gets it afresh
    client = idle_client
    tid, tokens = two_humans(client)
    mgr = manager(client)
    evicted = []
    get = mgr.get

    async def get_then_evict(table_id):
        t = await get(table_id)
        if not evicted:
            evicted.append(mgr.evict_idle(time.monotonic() + 10 * IDLE))
        return t

    mgr.get = get_then_evict
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        m = hello(a, tokens[0])
        assert evicted == [[tid]]
        assert (m["type"], m["seat"], m["seq"]) == ("state", 0, 0)
        # the connection is on the table the manager has now, not on the evicted one
        assert on_loop(client, lambda: len(mgr.tables[tid].conns)) == 1
        with client.websocket_connect(f"/ws/tables/{tid}") as b:
            hello(b, tokens[1])
            send(a, type="act", seq=0, action={"type": "draw"})
            for ws in (a, b):
                up, _ = recv_until(ws, lambda x: x["type"] == "update")
                assert up["seq"] == 1 and up["current"] == 1
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 1


def test_join_gets_the_table_afresh_if_it_was_evicted_meanwhile(idle_client):
    client = idle_client
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}])
    tid = out["id"]
    mgr = manager(client)
    evicted = []
    get = mgr.get

    async def get_then_evict(table_id):
        t = await get(table_id)
        if not evicted:  # the evictor runs while the request reads its body
            evicted.append(mgr.evict_idle(time.monotonic() + 10 * IDLE))
        return t

    mgr.get = get_then_evict
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    assert r.status_code == 200, r.text
    assert evicted == [[tid]]
    assert on_loop(client, lambda: mgr.tables[tid].status) == "running"
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        m = hello(ws, r.json()["token"])
        assert m["seat"] == 1 and m["status"] == "running"


def test_an_evicted_table_object_refuses_changes(idle_client):
    client = idle_client
    tid, _ = two_humans(client)
    mgr = manager(client)

    async def scenario():
        t = await mgr.get(tid)
        mgr.evict(t)
        refused = []
        for call in (t.act(0, 0, action_id=0), t.undo(0, 0), t.claim("Cy", None, None)):
            try:
                await call
            except TableGone:
                refused.append(True)
        fresh = await mgr.get(tid)
        return refused, fresh is not t, fresh.seq

    assert on_loop(client, scenario) == ([True, True, True], True, 0)


def test_a_finished_table_leaves_memory_once_idle(idle_client):
    client = idle_client
    tid, tokens = two_humans(client, decisions=2)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        hello(a, tokens[0]), hello(b, tokens[1])
        send(a, type="act", seq=0, action={"type": "draw"})
        recv_until(b, lambda x: x.get("seq") == 1)
        send(b, type="act", seq=1, action={"type": "draw"})
        m, _ = recv_until(a, lambda x: x.get("seq") == 2)
        assert m["status"] == "finished"
    assert not in_memory(client, tid)  # nobody watches a finished game: gone at once
    # loaded again by a request (a join, refused), it leaves with the next check
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Cy"}).status_code == 409
    assert in_memory(client, tid)
    assert evict(client) == [tid]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_an_all_bot_table_plays_to_the_end_and_only_then_leaves(idle_client):
    client = idle_client
    tid = make_table(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
                              {"kind": "bot", "bot": "random"}], options={"decisions": 12})["id"]
    mgr = manager(client)
    far = time.monotonic() + 10 * IDLE

    async def watch():
        t = mgr.tables[tid]
        checks = 0
        while t.status != "finished":
            assert tid not in mgr.evict_idle(far), f"evicted at seq {t.seq}"
            checks += 1
            await asyncio.sleep(0.001)
            assert checks < 30_000
        return t.seq

    assert on_loop(client, watch) == 12
    assert not in_memory(client, tid)
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "finished" and info["moves"] == 12


def test_eviction_off(tmp_path):
    with app_client(tmp_path, idle_seconds=0) as client:
        tid, _ = two_humans(client)
        mgr = manager(client)
        assert mgr.idle_seconds is None and mgr._evictor is None
        assert evict(client) == []
        assert in_memory(client, tid)


def test_the_background_check_evicts_idle_tables(tmp_path):
    with app_client(tmp_path, idle_seconds=0.05) as client:
        tid, tokens = two_humans(client)
        deadline = time.monotonic() + 30
        while in_memory(client, tid):
            assert time.monotonic() < deadline, "the idle table was never evicted"
            time.sleep(0.02)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            m = hello(ws, tokens[0])
            assert m["seq"] == 0 and m["seat"] == 0
            send(ws, type="act", seq=0, action={"type": "draw"})
            up, _ = recv_until(ws, lambda x: x["type"] == "update")
            assert up["seq"] == 1


def test_a_restart_rebuilds_only_tables_where_a_bot_may_move(tmp_path):
    with app_client(tmp_path, bot_delay=3600) as client:
        bots = make_table(client, [{"kind": "bot", "bot": "random"},
                                   {"kind": "bot", "bot": "random"}])["id"]
        humans, tokens = two_humans(client)
        open_ = make_table(client, [{"kind": "human", "name": "Ann"},
                                    {"kind": "human"}])["id"]
    with app_client(tmp_path, bot_delay=3600) as client:
        mgr = manager(client)
        live = on_loop(client, lambda: set(mgr.tables))
        assert bots in live and humans not in live and open_ not in live
        assert on_loop(client, lambda: mgr.tables[bots].bot_task.done()) is False
        # the others are rebuilt on demand
        with client.websocket_connect(f"/ws/tables/{humans}") as ws:
            m = hello(ws, tokens[0])
            assert m["seq"] == 0 and m["seat"] == 0 and m["status"] == "running"
        assert client.get(f"/api/tables/{open_}").json()["status"] == "open"
