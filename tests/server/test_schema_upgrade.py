"""A database written by an earlier Railtable (no table versions, no site id) still opens,
and its games go on."""

import sqlite3

import pytest

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


def _named_private_tables_upgrade(url):
    from sqlalchemy import create_engine, text
    with TestClient(create_app(url, bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human"}])
        tid, key = out["id"], out["seats"][1]["key"]
    # before issue #23: no table names, no private tables, and a free seat's invitation was
    # its token (the same secret let its holder in and was the link)
    engine = create_engine(url)
    with engine.begin() as c:
        c.execute(text("UPDATE seats SET token_hash = invite_hash WHERE name IS NULL"))
        c.execute(text("DROP INDEX ix_tables_name_key"))
        for col in ("name", "name_key", "private"):
            c.execute(text(f"ALTER TABLE tables DROP COLUMN {col}"))
        c.execute(text("ALTER TABLE seats DROP COLUMN invite_hash"))
    engine.dispose()
    with TestClient(create_app(url, bot_delay=0)) as client:
        info = client.get(f"/api/tables/{tid}").json()
        assert (info["name"], info["private"]) == ("", False)
        assert [s["invited"] for s in info["seats"]] == [False, True]  # still reserved
        assert client.post(f"/api/tables/{tid}/join", json={"name": "E"}).status_code == 409
        # the old link's secret now works once, as an invitation
        r = client.post("/api/invitations/accept", json={"table": tid, "key": key, "name": "B"})
        assert r.status_code == 200 and r.json()["seat"] == 1
        assert client.post("/api/invitations/accept",
                           json={"table": tid, "key": key}).status_code == 404
        assert [t["id"] for t in client.get("/api/tables?q=").json()["tables"]] == [tid]


def test_an_sqlite_database_before_table_names_and_invitations_opens(tmp_path):
    _named_private_tables_upgrade(f"sqlite:///{tmp_path / 'old.db'}")


@pytest.mark.cluster
def test_a_postgresql_database_before_table_names_and_invitations_opens():
    from tests.server.cluster import fresh_database
    url, drop = fresh_database()
    try:
        _named_private_tables_upgrade(url)
    finally:
        drop()
