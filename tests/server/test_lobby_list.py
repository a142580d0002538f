"""The lobby's list of tables: pages, filters by game and state, search by name, and the
asker's own tables first (issue #23, point 5)."""

import time

import pytest

from starlette.testclient import TestClient

from railtable.server import create_app
from tests.server.conftest import NO_RATES, make_table


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.cluster)])
def client(request, tmp_path):
    """The lobby on SQLite, and on PostgreSQL (whose LIKE, ordering by a condition and
    case rules differ) where the cluster's services run."""
    drop = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'rt.db'}"
    else:
        from tests.server.cluster import fresh_database
        url, drop = fresh_database()
    try:
        with TestClient(create_app(url, bot_delay=0, limits=NO_RATES)) as c:
            yield c
    finally:
        if drop:
            drop()


def ids(page):
    return [t["id"] for t in page["tables"]]


def body(name, game="toy", open_seat=True):
    second = {"kind": "human", "open": True} if open_seat else {"kind": "bot", "bot": "random"}
    return {"game": game, "name": name, "seats": [{"kind": "human", "name": "Ann"}, second]}


def test_pages_say_how_many_tables_there_are(client):
    made = [client.post("/api/tables", json=body(f"t{i}")).json()["id"] for i in range(25)]
    newest_first = made[::-1]
    first = client.get("/api/tables?limit=10").json()
    assert (first["total"], first["offset"], first["limit"]) == (25, 0, 10)
    assert ids(first) == newest_first[:10]
    seen = []
    for offset in (0, 10, 20):
        seen += ids(client.get(f"/api/tables?limit=10&offset={offset}").json())
    assert seen == newest_first  # every table once, in order
    last = client.get("/api/tables?limit=10&offset=20").json()
    assert len(last["tables"]) == 5 and last["total"] == 25
    assert client.get("/api/tables?offset=25").json()["tables"] == []
    assert len(client.get("/api/tables").json()["tables"]) == 20  # the default page


def test_filters_by_game_and_state(client):
    toy_open = client.post("/api/tables", json=body("a")).json()["id"]
    toy_running = client.post("/api/tables", json=body("b", open_seat=False)).json()["id"]
    branch = client.post("/api/tables", json={
        "game": "branch_line", "seats": [{"kind": "human", "name": "Ann"},
                                         {"kind": "human", "open": True}]}).json()["id"]
    done = make_table(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
                      options={"decisions": 2})["id"]
    deadline = time.monotonic() + 30  # two random bots play their two decisions
    while client.get(f"/api/tables/{done}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    assert set(ids(client.get("/api/tables?game=toy").json())) == {toy_open, toy_running, done}
    assert ids(client.get("/api/tables?game=branch_line").json()) == [branch]
    assert set(ids(client.get("/api/tables?game=toy,branch_line&status=open").json())) \
        == {toy_open, branch}
    assert ids(client.get("/api/tables?status=running").json()) == [toy_running]
    page = client.get("/api/tables?status=finished").json()
    assert ids(page) == [done] and page["total"] == 1
    assert set(ids(client.get("/api/tables?status=open,finished&game=toy").json())) \
        == {toy_open, done}
    # the ended states filter too: a table its creator cancelled leaves the open list
    gone = client.post("/api/tables", json=body("c")).json()
    r = client.post(f"/api/tables/{gone['id']}/cancel", json={"creator": gone["creator"]})
    assert r.status_code == 200
    assert ids(client.get("/api/tables?status=cancelled").json()) == [gone["id"]]
    assert ids(client.get("/api/tables?status=abandoned,expired").json()) == []
    assert gone["id"] not in ids(client.get("/api/tables?status=open").json())
    assert gone["id"] in ids(client.get("/api/tables").json())  # all states by default


def test_search_by_name_in_any_case_and_any_script(client):
    evening = client.post("/api/tables", json=body("Вечерняя игра")).json()["id"]
    percent = client.post("/api/tables", json=body("100% Colt")).json()["id"]
    plain = client.post("/api/tables", json=body("Sunday train")).json()["id"]
    default = make_table(client, [{"kind": "human", "name": "Лёша"}, {"kind": "bot"}])
    assert default["name"] == "Toy — Лёша"  # no name given: the game's and the player's

    def found(q):
        return set(ids(client.get("/api/tables", params={"q": q}).json()))
    assert found("ВЕЧЕРНЯЯ") == found("вечерн") == {evening}
    assert found("%") == {percent}  # a wildcard of SQL is a plain character here
    assert found("_") == set()
    assert found("sunday  TRAIN") == {plain}
    assert found("лёша") == {default["id"]}
    assert found("") == {evening, percent, plain, default["id"]}
    assert found("nothing like it") == set()


def test_my_tables_come_first(client):
    mine = client.post("/api/tables", json={**body("mine"), "cookie": True}).json()["id"]
    others = [client.post("/api/tables", json=body(f"other {i}")).json()["id"] for i in range(5)]
    page = client.get("/api/tables?limit=3").json()
    assert ids(page)[0] == mine and page["tables"][0]["my_seat"] == 0
    assert ids(page)[1:] == others[::-1][:2] and page["mine"] == 1
    # the order holds across pages: nothing is listed twice or left out
    rest = client.get("/api/tables?limit=3&offset=3").json()
    assert ids(page) + ids(rest) == [mine] + others[::-1]
    # filters apply to my tables too
    assert ids(client.get("/api/tables?q=other").json()) == others[::-1]
    client.cookies.clear()  # another browser: newest first, none is its own
    page = client.get("/api/tables").json()
    assert ids(page) == others[::-1] + [mine] and page["mine"] == 0


@pytest.mark.parametrize("query, word", [
    ("status=bogus", "status"), ("status=open,", "status"), ("game=nope", "game"),
    ("limit=0", "limit"), ("limit=101", "limit"), ("limit=%C2%B2", "limit"),
    ("limit=%D9%A3", "limit"), ("offset=-1", "offset"), ("offset=1e3", "offset"),
    ("offset=" + "9" * 5000, "offset"), ("q=" + "x" * 65, "q"), ("q=a%00b", "q"),
    ("q=%1B", "q"),
])
def test_bad_list_queries_are_refused_clearly(client, query, word):
    r = client.get("/api/tables?" + query)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad_request" and word in r.json()["message"]


def test_odd_secrets_and_cookies_are_refused_or_ignored(client):
    make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    for table in ("a\x00b", "x" * 33, 7, None, "../x"):
        r = client.post("/api/invitations/accept", json={"table": table, "key": "k"})
        assert r.status_code == 404 and r.json()["error"] == "bad_invitation", table
    for key in ("", 7, None, "k" * 201, ["k"]):
        out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
        r = client.post("/api/invitations/accept", json={"table": out["id"], "key": key})
        assert r.status_code == 400 and r.json()["error"] == "bad_invitation", key
    # seat cookies of no table, or not named like a table, are ignored by the list
    client.cookies.set("rt_seat_nosuchtable", "x")
    client.cookies.set("rt_seat_a.b", "x")
    page = client.get("/api/tables").json()
    assert page["mine"] == 0 and page["total"] == 6
