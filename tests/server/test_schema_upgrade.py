"""The schema is Alembic's (railtable/server/migrations): a new database gets the newest
revision, and a database written by an earlier Railtable (no Alembic, perhaps no table
versions or site id) is stamped as revision 0001 and upgraded, and its games go on. On
SQLite and on PostgreSQL."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, select, text
from starlette.testclient import TestClient

from railtable.server import create_app
from railtable.server.migrations.schema_0001 import schema
from railtable.server.storage import MIGRATIONS, Store, metadata
from tests.server.conftest import hello, make_table, recv_until

HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'rt.db'}"
        return
    from tests.server.cluster import fresh_database
    url, drop = fresh_database()
    yield url
    drop()


def revision(url: str) -> str:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            return MigrationContext.configure(c).get_current_revision()
    finally:
        engine.dispose()


def test_the_revisions_are_one_line_from_the_schema_before_alembic():
    chain = [r.revision for r in ScriptDirectory(str(MIGRATIONS)).walk_revisions()][::-1]
    assert chain[:6] == ["0001_initial", "0002_lifecycle", "0003_private", "0004_accounts",
                         "0005_ratings", "0006_players"] \
        and chain[-1] == HEAD


def test_a_new_database_gets_the_newest_revision_and_matches_the_code(db_url):
    Store(db_url).close()
    assert revision(db_url) == HEAD
    engine = create_engine(db_url)
    try:
        with engine.connect() as c:
            # what the migrations made is what storage.py queries: no difference at all
            assert compare_metadata(MigrationContext.configure(c), metadata) == []
    finally:
        engine.dispose()
    Store(db_url).close()  # a second start changes nothing
    assert revision(db_url) == HEAD


def old_database(url: str, played_on: str, version_column: bool, meta: bool) -> None:
    """Turn `url` into a database as an earlier Railtable left it, holding the tables,
    seats and actions that a current server wrote to `played_on`."""
    src, dst = create_engine(played_on), create_engine(url)
    old = schema()
    try:
        with dst.begin() as c:
            old.create_all(c)
            with src.connect() as s:
                for name in ("tables", "seats", "actions"):
                    # the actions' ids are left to the database (its sequence on PostgreSQL)
                    rows = [{k: v for k, v in r._mapping.items() if k != "id" or name != "actions"}
                            for r in s.execute(old.tables[name].select())]
                    c.execute(old.tables[name].insert(), rows)
            if not version_column:
                c.execute(text("ALTER TABLE tables DROP COLUMN version"))
            if not meta:
                c.execute(text("DROP TABLE meta"))
    finally:
        src.dispose()
        dst.dispose()


@pytest.mark.parametrize("version_column, meta", [(False, False), (True, True)],
                         ids=["before-table-versions", "before-alembic"])
def test_an_older_database_is_stamped_upgraded_and_its_game_goes_on(db_url, tmp_path,
                                                                    version_column, meta):
    played = f"sqlite:///{tmp_path / 'played.db'}"
    with TestClient(create_app(played, bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"},
                                  {"kind": "human", "name": "B"}])
        tid, tokens = out["id"], [s["token"] for s in out["seats"]]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws, tokens[0])
            ws.send_json({"type": "act", "seq": 0, "id": st["legal"][0]["id"]})
            recv_until(ws, lambda m: m.get("type") == "update" and m["seq"] == 1)
    old_database(db_url, played, version_column, meta)
    assert revision(db_url) is None
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        info = client.get(f"/api/tables/{tid}").json()
        assert info["moves"] == 1 and info["clock"] is None
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws, tokens[1])
            assert st["seq"] == 1 and st["legal"]
            ws.send_json({"type": "act", "seq": 1, "id": st["legal"][0]["id"]})
            assert recv_until(ws, lambda m: m.get("type") in ("update", "error"))[0] \
                .get("seq") == 2
        # the lifecycle works on the old table too: seat 0 resigns
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, tokens[0])
            ws.send_json({"type": "resign"})
            m, _ = recv_until(ws, lambda m: m.get("type") == "state"
                              and m["table"]["seats"][0]["state"] == "resigned")
    assert revision(db_url) == HEAD
    engine = create_engine(db_url)
    try:
        with engine.connect() as c:
            moves, version = c.execute(text("SELECT moves, version FROM tables WHERE id = :t"),
                                       {"t": tid}).one()
            assert moves >= 2 and version >= 2
            assert c.execute(text("SELECT count(*) FROM meta WHERE key = 'site'")).scalar() == 1
            assert c.execute(text("SELECT kind FROM table_events WHERE table_id = :t"),
                             {"t": tid}).scalars().all()[:1] == ["resigned"]
            assert {"clock", "deadline", "creator_hash"} <= {
                col["name"] for col in inspect(c).get_columns("tables")}
    finally:
        engine.dispose()


def test_a_database_before_table_names_and_invitations_opens(db_url):
    from alembic import command

    from railtable.server.storage import alembic_config
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human"}])
        tid, key = out["id"], out["seats"][1]["key"]
    # as revision 0002 left it, before issue #23: no table names, no private tables, and a
    # free seat's invitation was its token (the same secret let its holder in and was the
    # link)
    engine = create_engine(db_url)
    try:
        with engine.begin() as c:
            command.downgrade(alembic_config(c), "0003_private")  # before accounts (#24)
            c.execute(text("UPDATE seats SET token_hash = invite_hash WHERE name IS NULL"))
            c.execute(text("DROP INDEX ix_tables_name_key"))
            for col in ("name", "name_key", "private"):
                c.execute(text(f"ALTER TABLE tables DROP COLUMN {col}"))
            c.execute(text("ALTER TABLE seats DROP COLUMN invite_hash"))
            c.execute(text("UPDATE alembic_version SET version_num = '0002_lifecycle'"))
    finally:
        engine.dispose()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert revision(db_url) == HEAD
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


def test_a_database_before_accounts_upgrades_and_its_game_goes_on(db_url):
    from alembic import command

    from railtable.server.storage import alembic_config
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        r = client.post("/api/tables", json={"game": "toy", "cookie": True, "seats": [
            {"kind": "human", "name": "A"}, {"kind": "human", "open": True}]})
        tid = r.json()["id"]
        seat_cookie = dict(client.cookies)
        client.cookies.clear()  # B, from another browser
        r = client.post(f"/api/tables/{tid}/join", json={"name": "B"})
        tokens = [None, r.json()["token"]]
        for k, v in seat_cookie.items():
            client.cookies.set(k, v)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws)  # A, by the cookie
            ws.send_json({"type": "act", "seq": 0, "id": st["legal"][0]["id"]})
            recv_until(ws, lambda m: m.get("type") == "update" and m["seq"] == 1)
    # back to what revision 0003 (issue #23) left: no accounts, no sessions, no seat owners
    engine = create_engine(db_url)
    try:
        with engine.begin() as c:
            command.downgrade(alembic_config(c), "0003_private")
        with engine.connect() as c:
            names = set(inspect(c).get_table_names())
            assert "accounts" not in names and "sessions" not in names
            assert "account_id" not in {col["name"] for col in inspect(c).get_columns("seats")}
    finally:
        engine.dispose()
    assert revision(db_url) == "0003_private"
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert revision(db_url) == HEAD
        info = client.get(f"/api/tables/{tid}").json()
        assert info["moves"] == 1 and info["status"] == "running"
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws, tokens[1])
            assert st["seq"] == 1 and st["seat"] == 1 and st["legal"]
            ws.send_json({"type": "act", "seq": 1, "id": st["legal"][0]["id"]})
            assert recv_until(ws, lambda m: m.get("type") in ("update", "error"))[0] \
                .get("seq") == 2
        # A's browser signs up: the old seat becomes the account's, found from elsewhere
        for k, v in seat_cookie.items():
            client.cookies.set(k, v)
        r = client.post("/api/account/signup", json={"name": "Alice", "password": "p" * 8})
        assert r.status_code == 201
        session = client.cookies["rt_session"]
        client.cookies.clear()
        client.cookies.set("rt_session", session)
        assert client.get(f"/api/tables/{tid}").json()["my_seat"] == 0


def test_a_database_before_ratings_upgrades_and_its_tables_stay_unrated(db_url):
    from alembic import command

    from railtable.server.storage import alembic_config
    from tests.server.test_accounts import browser, signup
    from tests.server.test_ratings import best, draw_first, play, seat_table
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        signup(client, "Ann")
        with browser(client) as bob:
            signup(bob, "Bob")
            tid, _ = seat_table([client, bob])
            bob_cookies = dict(bob.cookies)
    # back to what revision 0004 (accounts) left: no ratings, no `rated` column
    engine = create_engine(db_url)
    try:
        with engine.begin() as c:
            command.downgrade(alembic_config(c), "0004_accounts")
        with engine.connect() as c:
            names = set(inspect(c).get_table_names())
            assert "ratings" not in names and "rating_history" not in names
            assert "rated" not in {col["name"] for col in inspect(c).get_columns("tables")}
            assert c.execute(text("SELECT count(*) FROM seats WHERE account_id IS NOT NULL")
                             ).scalar_one() == 2
    finally:
        engine.dispose()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert revision(db_url) == HEAD
        assert client.post("/api/account/signin", json={
            "name": "Ann", "password": "correct horse battery"}).status_code == 200
        with browser(client) as bob:
            for k, v in bob_cookies.items():
                bob.cookies.set(k, v)
            # the old table plays to its end, unrated: whether undo was used is not known
            assert client.get(f"/api/tables/{tid}").json()["rated"] is False
            assert client.get(f"/api/tables/{tid}").json()["unrated"] == "unknown"
            info = play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
            assert info["status"] == "finished"
            assert bob.get("/api/account").json()["account"]["ratings"] == []
        assert client.get("/api/leaderboard/toy").json()["total"] == 0


def test_a_finished_game_in_a_database_of_revision_0003_survives_the_upgrade(db_url,
                                                                             tmp_path):
    """A database as the Railtable before accounts and ratings (issue #24) made it: built
    by the migrations up to 0003, holding a finished game (played by a current server and
    copied column by column), is upgraded to the newest revision and the game reads back
    whole: its info, record and replay."""
    from alembic import command
    from sqlalchemy import MetaData

    from railtable.server.storage import alembic_config
    played = f"sqlite:///{tmp_path / 'played.db'}"
    with TestClient(create_app(played, bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"},
                                  {"kind": "human", "name": "B"}], options={"decisions": 4})
        tid, tokens = out["id"], [s["token"] for s in out["seats"]]
        for seq in range(4):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                st = hello(ws, tokens[seq % 2])
                ws.send_json({"type": "act", "seq": seq, "id": st["legal"][-1]["id"]})
                recv_until(ws, lambda m: m.get("type") == "update" and m["seq"] == seq + 1)
        before = client.get(f"/api/tables/{tid}").json()
        record = client.get(f"/api/tables/{tid}/record").json()
        replayed = client.get(f"/api/tables/{tid}/replay").json()
    assert before["status"] == "finished" and len(record["actions"]) == 4
    engine, src = create_engine(db_url), create_engine(played)
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(c), "0003_private")
        old = MetaData()
        old.reflect(engine)
        with engine.begin() as c, src.connect() as s:
            for name in ("tables", "seats", "actions", "table_events"):
                # the columns revision 0003 has; the events' and actions' own ids are left
                # to the database
                keep = [col.name for col in old.tables[name].columns
                        if not (col.name == "id" and name != "tables")]
                now = metadata.tables[name]
                rows = [dict(r._mapping) for r in s.execute(
                    select(*(now.c[k] for k in keep)))]
                if rows:
                    c.execute(old.tables[name].insert(), rows)
    finally:
        engine.dispose()
        src.dispose()
    assert revision(db_url) == "0003_private"
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert revision(db_url) == HEAD
        info = client.get(f"/api/tables/{tid}").json()
        for key in ("status", "result", "moves", "standing", "seed", "options", "name"):
            assert info[key] == before[key], key
        assert [s["name"] for s in info["seats"]] == ["A", "B"]
        assert info["rated"] is False and info["unrated"] == "unknown"
        assert client.get(f"/api/tables/{tid}/record").json() == record
        assert client.get(f"/api/tables/{tid}/replay").json()["result"] == \
            replayed["result"] == record["result"]
        listed = client.get("/api/tables?status=finished").json()["tables"]
        assert [t["id"] for t in listed] == [tid]


def test_a_database_of_revision_0005_learns_who_won_its_finished_tables(db_url):
    """Revision 0006 fills `seats.won` of the finished tables with an account's seat from
    their stored results (a resigned winner is no winner), so profiles count them."""
    from alembic import command

    from railtable.server.storage import alembic_config
    from tests.server.test_accounts import browser, signup
    from tests.server.test_ratings import best, draw_first, play, seat_table
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        signup(client, "Ann")
        with browser(client) as bob:
            signup(bob, "Bob")
            won, _ = seat_table([client, bob])
            play({0: client, 1: bob}, won, {0: best, 1: draw_first})
            forfeited, _ = seat_table([client, bob])
            with client.websocket_connect(f"/ws/tables/{forfeited}") as ws:
                hello(ws)
                ws.send_json({"type": "resign"})
                recv_until(ws, lambda m: m.get("type") == "state"
                           and m["table"]["seats"][0]["state"] == "resigned")
            play({1: bob}, forfeited, {1: draw_first})
        before = client.get("/api/players/Ann").json()["games"]
    assert before == [{"game": "toy", "played": 2, "won": 1, "title": before[0]["title"],
                       "rating": before[0]["rating"]}]
    engine = create_engine(db_url)
    try:
        with engine.begin() as c:
            command.downgrade(alembic_config(c), "0005_ratings")
        with engine.connect() as c:
            assert "won" not in {col["name"] for col in inspect(c).get_columns("seats")}
    finally:
        engine.dispose()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert revision(db_url) == HEAD
        assert client.get("/api/players/Ann").json()["games"] == before
        tables = {t["id"]: t["won"] for t in client.get("/api/players/Bob").json()["tables"]}
        assert tables == {won: False, forfeited: True}
