"""The lobby's HTTP API on the toy game."""

import re

from tests.server.conftest import make_table


def test_games_list_titles_options_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert toy["title"] == {"en": "Toy", "ru": "Игрушка"}
    assert (toy["min_players"], toy["max_players"]) == (2, 4)
    assert toy["options"]["properties"]["decisions"]["default"] == 12
    assert "random" in toy["bots"]
    assert toy["has_view"] is False


def test_create_table_gives_a_link_per_human_seat(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                              {"kind": "bot", "bot": "random"}], options={"decisions": 6})
    assert out["status"] == "open"  # seat 1 is still free
    humans = [s for s in out["seats"] if s["kind"] == "human"]
    # each human seat has its invitation link, the key in the fragment (never sent to the
    # server); only the named seat has a token, the creator's own
    assert len(humans) == 2 and all(s["url"] == f"/invite#t={out['id']}&k={s['key']}"
                                    for s in humans)
    assert len({s["key"] for s in humans}) == 2
    assert humans[0]["token"] and humans[1]["token"] is None
    assert out["seats"][2]["token"] is None and out["seats"][2]["url"] is None
    info = client.get(f"/api/tables/{out['id']}").json()
    assert info["options"] == {"decisions": 6}
    assert [s["free"] for s in info["seats"]] == [False, False, False]  # seat 1: invited
    assert [s["invited"] for s in info["seats"]] == [False, True, False]
    assert info["name"] == "Toy — Ann"  # the game's title and the first player's name
    assert "seed" not in info  # the seed tells the deck order: secret until the end
    assert "token" not in str(info) and humans[0]["token"] not in str(info)
    assert all(s["key"] not in str(info) for s in humans)


def test_create_table_refuses_bad_requests(client):
    def bad(body, code, status=400):
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, r.text
        assert r.json()["error"] == code
    two = [{"kind": "human", "name": "A"}, {"kind": "bot"}]
    bad({"game": "nope", "seats": two}, "bad_game")
    bad({"game": 5, "seats": two}, "bad_game")
    bad({"game": "toy", "seats": two[:1]}, "bad_seats")
    bad({"game": "toy", "seats": two * 3}, "bad_seats")
    bad({"game": "toy", "seats": "xx"}, "bad_seats")
    bad({"game": "toy", "seats": [{"kind": "god"}, {"kind": "bot"}]}, "bad_seats")
    bad({"game": "toy", "seats": [{"kind": "human", "name": "x" * 33}, {"kind": "bot"}]},
        "bad_name")
    bad({"game": "toy", "seats": [{"kind": "human", "name": "a\x00b"}, {"kind": "bot"}]},
        "bad_name")
    bad({"game": "toy", "seats": [two[0], {"kind": "bot", "bot": "nobody"}]}, "bad_bot")
    bad({"game": "toy", "seats": [two[0], {"kind": "bot", "bot": "random(x=1)"}]}, "bad_bot")
    bad({"game": "toy", "seats": two, "options": {"decisions": 99}}, "bad_options")
    bad({"game": "toy", "seats": two, "options": {"speed": 1}}, "bad_options")
    as_json = {"content-type": "application/json"}
    r = client.post("/api/tables", content=b"{not json", headers=as_json)
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = client.post("/api/tables", content=b"[1, 2]", headers=as_json)
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    # a cross-site form can post text/plain without a CORS preflight: refused
    body = b'{"game": "toy", "seats": [{"kind": "bot"}, {"kind": "bot"}]}'
    r = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["error"] == "bad_content_type"
    r = client.post("/api/tables", content=b"{" + b" " * 20000 + b"}", headers=as_json)
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert client.get("/api/tables").json()["tables"] == []  # nothing was created


def test_join_a_free_seat_by_name_and_by_invitation(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True},
                              {"kind": "human"}])
    tid = out["id"]
    assert out["seats"][1]["url"] is None  # an open seat has no link: anyone may take it
    assert [t["id"] for t in client.get("/api/tables?status=open").json()["tables"]] == [tid]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["token"]
    # seat 2 waits for its invitation: not for the lobby
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Eve"})
    assert r.status_code == 409 and r.json()["error"] == "no_seat"
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Eve", "seat": 2})
    assert r.status_code == 409 and r.json()["error"] == "no_seat"
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Cid", "token": out["seats"][2]["key"]})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert r.json()["token"] != out["seats"][2]["key"]  # a fresh secret
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "running"
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "Cid"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Dan"})
    assert r.status_code == 409 and r.json()["error"] == "no_seat"
    assert client.get("/api/tables?status=open").json()["tables"] == []
    assert [t["id"] for t in client.get("/api/tables?status=running").json()["tables"]] == [tid]
    assert client.post("/api/tables/nope/join", json={"name": "X"}).status_code == 404


def test_record_is_published_only_when_finished(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    r = client.get(f"/api/tables/{out['id']}/record")
    assert r.status_code == 403


def test_pages_and_game_assets(client):
    for path in ("/", "/table/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<!doctype html>" in r.text.lower()
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/games/toy/view.js").status_code == 404  # the toy game has no view
    assert client.get("/games/toy/rules.py").status_code == 404  # only view.js and i18n.json
    assert client.get("/games/nope/view.js").status_code == 404
    assert client.get("/games/..%2F..%2Fengine/view.js").status_code == 404


def test_a_file_the_browser_holds_is_not_sent_again(client):
    # a page load revalidates the no-cache files: an unchanged one is answered 304, empty
    for path in ("/games/ticket_to_ride/view.js", "/games/colt_express/i18n.json", "/"):
        first = client.get(path)
        assert first.status_code == 200 and first.content
        etag = first.headers["etag"]
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag
        # a weak validator, one of a list, and "*" match too
        for header in (f"W/{etag}", f'"other", {etag}', "*"):
            assert client.get(path, headers={"If-None-Match": header}).status_code == 304
        # another version of the file is sent whole
        other = client.get(path, headers={"If-None-Match": '"not-this-one"'})
        assert other.status_code == 200 and other.content == first.content
    assert client.get("/games/nope/view.js", headers={"If-None-Match": "*"}).status_code == 404


def test_pages_and_their_files_are_revalidated_on_every_load(client):
    # no-cache on each: after a deploy no page runs with modules of the release before
    paths = ["/", "/leaderboard/ticket_to_ride", "/games/steamland/view.js",
             "/games/steamland/i18n.json"]
    page = client.get("/").text
    modules = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert modules, "the lobby page loads its modules and style from /static/"
    for path in paths + modules:
        first = client.get(path)
        assert first.status_code == 200, path
        assert first.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304, path
        assert again.headers["cache-control"] == "no-cache", path


def test_a_table_of_other_rules_is_refused_clearly(tmp_path):
    import sqlalchemy as sa
    from starlette.testclient import TestClient

    from railtable.server import create_app
    db = f"sqlite:///{tmp_path / 'rt.db'}"
    with TestClient(create_app(db, bot_delay=0)) as client:
        seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
        tid = make_table(client, seats)["id"]
    eng = sa.create_engine(db)
    with eng.begin() as c:
        c.exec_driver_sql("UPDATE tables SET rules_version = 'old' WHERE id = ?", (tid,))
    eng.dispose()
    with TestClient(create_app(db, bot_delay=0)) as client:  # starts although one table is stale
        r = client.get(f"/api/tables/{tid}")
        assert r.status_code == 409 and r.json()["error"] == "unavailable"
        assert "rules version" in r.json()["message"]
        assert client.post(f"/api/tables/{tid}/join", json={"name": "C"}).status_code == 409


def test_an_in_memory_database_works():
    from starlette.testclient import TestClient

    from railtable.server import create_app
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}])
        assert client.get(f"/api/tables/{out['id']}").json()["status"] == "running"
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [out["id"]]
