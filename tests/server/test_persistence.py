"""A server process killed with SIGKILL comes back with every table where it was."""

import json
from contextlib import ExitStack

import httpx
from websockets.sync.client import connect

from tests.server.util import ServerProcess


def ws_url(srv, tid):
    return srv.url.replace("http://", "ws://") + f"/ws/tables/{tid}"


def recv_until(ws, pred):
    for _ in range(200):
        m = json.loads(ws.recv(timeout=30))
        if pred(m):
            return m
    raise AssertionError("no matching message")


def open_seats(stack, srv, tid, tokens):
    socks = [stack.enter_context(connect(ws_url(srv, tid), open_timeout=30)) for _ in tokens]
    states = []
    for ws, tok in zip(socks, tokens):
        ws.send(json.dumps({"type": "hello", "token": tok, "lang": "en"}))
        states.append(recv_until(ws, lambda m: m["type"] == "state"))
    return socks, states


def play(socks, states, moves):
    for _ in range(moves):
        seq = states[0]["seq"]
        cur = states[0]["current"]
        choice = states[cur]["legal"][-1]["id"]
        socks[cur].send(json.dumps({"type": "act", "seq": seq, "id": choice}))
        states = [recv_until(ws, lambda m, s=seq: m.get("seq") == s + 1) for ws in socks]
    return states


def test_sigkill_and_restart_continue_the_same_game(tmp_path):
    db = tmp_path / "persist.db"
    srv = ServerProcess(db).start()
    try:
        r = httpx.post(srv.url + "/api/tables", json={
            "game": "toy", "options": {"decisions": 10},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
        assert r.status_code == 201
        tid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        with ExitStack() as stack:
            socks, states = open_seats(stack, srv, tid, tokens)
            states = play(socks, states, 5)
            before = [s["observation"] for s in states]
    finally:
        srv.kill()
    srv2 = ServerProcess(db).start()  # the same database file, a fresh process
    try:
        with ExitStack() as stack:
            socks, states = open_seats(stack, srv2, tid, tokens)
            assert [s["seq"] for s in states] == [5, 5]
            assert [s["observation"] for s in states] == before
            states = play(socks, states, 5)
            assert states[0]["status"] == "finished" and states[0]["result"] is not None
        info = httpx.get(srv2.url + f"/api/tables/{tid}").json()
        assert info["status"] == "finished" and info["moves"] == 10
    finally:
        srv2.stop()
