"""Profiles and "your turn" (issue #24, points 4 and 5): GET /api/players/{name} counts the
finished tables played and won per game, gives each rated game's rating history and a page of
the player's tables (private ones only to the player), within limits; the lobby lists first
the tables where it is the asker's move, from any browser of the account."""

import pytest

from tests.server.conftest import hello, recv_until
from tests.server.test_accounts import browser, signup
from tests.server.test_ratings import best, draw_first, play, seat_table


def profile(client, name, **query):
    r = client.get(f"/api/players/{name}", params=query)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_profile_counts_games_and_links_them(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        won_by_ann, _ = seat_table([client, bob])
        play({0: client, 1: bob}, won_by_ann, {0: best, 1: draw_first})
        won_by_bob, _ = seat_table([client, bob])
        play({0: client, 1: bob}, won_by_bob, {0: draw_first, 1: best})
        unrated, _ = seat_table([client, bob], rated=False)
        play({0: client, 1: bob}, unrated, {0: best, 1: draw_first})
        running, _ = seat_table([client, bob])
        ann = profile(bob, "ann")  # any case of the name, by anyone
    assert ann["name"] == "Ann"
    [toy] = ann["games"]
    assert (toy["game"], toy["played"], toy["won"]) == ("toy", 3, 2)
    assert toy["rating"]["games"] == 2  # the unrated table counts as played, not rated
    hist = ann["history"]["toy"]
    assert hist["complete"] is True and len(hist["points"]) == 2
    assert [p["table"] for p in hist["points"]] == [won_by_ann, won_by_bob]
    assert hist["points"][0]["mu"] > hist["start"]["mu"] > hist["points"][1]["mu"]
    assert hist["points"][1]["mu"] == pytest.approx(toy["rating"]["mu"])
    # the latest first, each with its replay
    assert [t["id"] for t in ann["tables"]] == [running, unrated, won_by_bob, won_by_ann]
    assert ann["total"] == 4
    by_id = {t["id"]: t for t in ann["tables"]}
    assert by_id[won_by_ann]["won"] is True and by_id[won_by_bob]["won"] is False
    assert by_id[running]["won"] is None and by_id[running]["status"] == "running"
    assert by_id[won_by_ann]["url"] == f"/replay/{won_by_ann}"
    assert by_id[won_by_ann]["rating"]["mu"] == pytest.approx(hist["points"][0]["mu"])
    assert by_id[unrated]["rating"] is None and by_id[unrated]["rated"] is False
    assert [p["account"] for p in by_id[won_by_ann]["players"]] == ["Ann", "Bob"]
    assert client.get(by_id[won_by_ann]["url"]).status_code == 200
    # pages of tables
    page = profile(client, "Ann", limit=2, offset=2)
    assert [t["id"] for t in page["tables"]] == [won_by_bob, won_by_ann]
    assert (page["limit"], page["offset"], page["total"]) == (2, 2, 4)


def test_the_history_returned_is_limited(client):
    from railtable.server import app as app_module
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        ids = []
        for _ in range(3):
            tid, _ = seat_table([client, bob])
            play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
            ids.append(tid)
    store = client.app.state.manager.db.store
    got = store.player("ann", None, 20, 0, 2)  # the server's HISTORY_POINTS set to 2
    hist = got["history"]["toy"]
    assert hist["complete"] is False and [p["table"] for p in hist["points"]] == ids[1:]
    assert app_module.HISTORY_POINTS == 200 and app_module.MAX_PROFILE_PAGE == 50


def test_private_tables_show_only_on_ones_own_profile(client):
    signup(client, "Ann")
    r = client.post("/api/tables", json={"game": "toy", "private": True, "cookie": True,
                                         "seats": [{"kind": "human", "name": "Ann"},
                                                   {"kind": "human", "name": "Bo"}]})
    tid = r.json()["id"]
    assert [t["id"] for t in profile(client, "Ann")["tables"]] == [tid]
    with browser(client) as stranger:
        out = profile(stranger, "Ann")
        assert out["tables"] == [] and out["total"] == 0


@pytest.mark.parametrize("url, status, code", [
    ("/api/players/nobody", 404, "unknown_player"),
    ("/api/players/" + "x" * 200, 404, "unknown_player"),
    ("/api/players/Ann?limit=0", 400, "bad_request"),
    ("/api/players/Ann?limit=51", 400, "bad_request"),
    ("/api/players/Ann?offset=-1", 400, "bad_request"),
    ("/api/players/Ann?limit=%D9%A3", 400, "bad_request"),
])
def test_bad_profile_requests_say_what_is_wrong(client, url, status, code):
    signup(client, "Ann")
    r = client.get(url)
    assert r.status_code == status and r.json()["error"] == code, r.text


def test_a_new_account_has_an_empty_profile(client):
    signup(client, "Ann")
    out = profile(client, "Ann")
    assert (out["games"], out["history"], out["tables"], out["total"]) == ([], {}, [], 0)


def test_the_lobby_lists_first_the_tables_where_it_is_my_move(client):
    signup(client, "Ann")
    with browser(client) as bob, browser(client) as laptop:
        signup(bob, "Bob")
        waiting, _ = seat_table([client, bob])  # Ann moves first here
        theirs, _ = seat_table([bob, client])  # Bob first
        client.post("/api/tables", json={"game": "toy", "seats": [  # not Ann's at all
            {"kind": "human", "name": "X"}, {"kind": "human", "name": "Y"}]})
        lobby = client.get("/api/tables").json()
        assert lobby["my_turn"] == 1 and lobby["mine"] == 2
        assert [t["id"] for t in lobby["tables"][:2]] == [waiting, theirs]
        assert [t.get("my_turn") for t in lobby["tables"]] == [True, False, None]
        # from another browser of the account too; and once Ann has moved, Bob's turn
        assert laptop.post("/api/account/signin", json={
            "name": "Ann", "password": "correct horse battery"}).status_code == 200
        assert laptop.get("/api/tables").json()["tables"][0]["my_turn"] is True
        with client.websocket_connect(f"/ws/tables/{waiting}") as ws:
            st = hello(ws)
            ws.send_json({"type": "act", "seq": 0, "id": best([a["id"] for a in
                                                              st["legal"]])})
            recv_until(ws, lambda m: m.get("type") == "update")
        assert laptop.get("/api/tables").json()["my_turn"] == 0
        bob_lobby = bob.get("/api/tables").json()
        assert bob_lobby["my_turn"] == 2
        assert {t["id"] for t in bob_lobby["tables"][:2]} == {waiting, theirs}
        # an undo gives the move back
        with client.websocket_connect(f"/ws/tables/{waiting}") as ws:
            hello(ws)
            ws.send_json({"type": "undo", "seq": 1})
            recv_until(ws, lambda m: m.get("type") == "state" and m["seq"] == 0)
        assert laptop.get("/api/tables").json()["my_turn"] == 1


def test_a_guests_tables_where_it_is_its_move_come_first_too(client):
    r = client.post("/api/tables", json={"game": "toy", "cookie": True, "seats": [
        {"kind": "human", "name": "Gus"}, {"kind": "human", "name": "Other"}]})
    tid = r.json()["id"]
    client.post("/api/tables", json={"game": "toy", "seats": [  # newer, not Gus's
        {"kind": "human", "name": "X"}, {"kind": "human", "name": "Y"}]})
    lobby = client.get("/api/tables").json()
    assert lobby["my_turn"] == 1 and lobby["tables"][0]["id"] == tid
    assert lobby["tables"][0]["my_turn"] is True


def test_a_seat_a_bot_plays_is_not_my_move(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        tid, _ = seat_table([client, bob])
        assert client.get("/api/tables").json()["my_turn"] == 1
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws)
            ws.send_json({"type": "resign"})
            recv_until(ws, lambda m: m.get("type") == "state"
                       and m["table"]["seats"][0]["state"] == "resigned")
        assert client.get("/api/tables").json()["my_turn"] == 0


def test_seats_name_their_accounts_for_everyone(client):
    signup(client, "Ann")
    with browser(client) as guest:
        tid, _ = seat_table([client, guest])
        info = guest.get(f"/api/tables/{tid}").json()
        assert [s["account"] for s in info["seats"]] == ["Ann", None]
        # the guest signs up: its seat becomes its account's, and the table says so
        signup(guest, "Gus")
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws)
            assert [p["account"] for p in st["table"]["players"]] == ["Ann", "Gus"]
        assert [s["account"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == \
            ["Ann", "Gus"]
