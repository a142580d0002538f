"""A bot thinks in a worker: while it thinks, the server answers everyone else."""

import json
import os

import httpx
from websockets.sync.client import connect

from tests.server.util import ServerProcess


def test_the_server_answers_while_a_bot_thinks(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_GAMES", os.environ["RAILTABLE_GAMES"]
                       + ",tests.server.barrier_game")
    go = tmp_path / "go"
    with ServerProcess(tmp_path / "bot.db") as srv:
        r = httpx.post(srv.url + "/api/tables", json={
            "game": "barrier_test", "seats": [{"kind": "bot", "bot": f"waiting(path={go})"},
                                              {"kind": "human", "name": "Ann"}]})
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["seats"][1]["token"]
        url = srv.url.replace("http://", "ws://") + f"/ws/tables/{tid}"
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            first = json.loads(ws.recv(timeout=30))
            assert first["seq"] == 0 and first["current"] == 0  # the bot is thinking
            # the event loop is free: pings, the lobby and other tables still answer
            for _ in range(3):
                ws.send('{"type": "ping"}')
                while json.loads(ws.recv(timeout=30))["type"] != "pong":
                    pass
            assert httpx.get(srv.url + "/api/health", timeout=30).status_code == 200
            other = httpx.post(srv.url + "/api/tables", timeout=30, json={
                "game": "toy", "seats": [{"kind": "human", "name": "A"},
                                         {"kind": "human", "name": "B"}]})
            assert other.status_code == 201
            go.touch()  # now the bot decides
            while True:
                m = json.loads(ws.recv(timeout=60))
                if m["type"] == "update":
                    break
            assert m["seq"] == 1
