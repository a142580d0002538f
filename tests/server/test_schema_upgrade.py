"""A database written by an earlier Railtable (no table versions, no site id) still opens,
and its games go on."""

import sqlite3

from starlette.testclient import TestClient

from railtable.server import create_app
from tests.server.conftest import hello, make_table, recv_until


def test_an_older_sqlite_database_opens_and_its_game_goes_on(tmp_path):
    db = tmp_path / "old.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
        tid, tokens = out["id"], [s["token"] for s in out["seats"]]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws, tokens[0])
            ws.send_json({"type": "act", "seq": 0, "id": st["legal"][0]["id"]})
            recv_until(ws, lambda m: m.get("type") == "update" and m["seq"] == 1)
    # what the schema looked like before table versions and the site id
    with sqlite3.connect(db) as c:
        c.execute("ALTER TABLE tables DROP COLUMN version")
        c.execute("DROP TABLE meta")
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0)) as client:
        assert client.get(f"/api/tables/{tid}").json()["moves"] == 1
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws, tokens[1])
            assert st["seq"] == 1 and st["legal"]
            ws.send_json({"type": "act", "seq": 1, "id": st["legal"][0]["id"]})
            assert recv_until(ws, lambda m: m.get("type") in ("update", "error"))[0] \
                .get("seq") == 2
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT moves, version FROM tables WHERE id = ?", (tid,)).fetchone() \
            == (2, 1)
        assert c.execute("SELECT count(*) FROM meta WHERE key = 'site'").fetchone() == (1,)
