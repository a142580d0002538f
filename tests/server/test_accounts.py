"""Accounts (issue #24, points 1 and 2): sign up, sign in, sign out, change the password;
the session cookie; cross-site forms refused; seats bound to accounts, found from any
browser, and never usable by another account."""

import contextlib
import logging

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from railtable.server import create_app
from tests.server.conftest import NO_RATES, hello, recv_until

PASSWORD = "correct horse battery"
NO_LIMITS = {**NO_RATES, "signin_rate": "none"}


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'rt.db'}"


@pytest.fixture
def app(db_url):
    return create_app(db_url, bot_delay=0, limits=NO_LIMITS)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


@contextlib.contextmanager
def browser(running, **kw):
    """Another browser: a client of the same running server with cookies of its own."""
    other = TestClient(running.app, **kw)
    other.portal = running.portal  # the server's event loop (one lifespan, one manager)
    yield other


def signup(client, name="Ann", password=PASSWORD):
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r


def signin(client, name="Ann", password=PASSWORD):
    return client.post("/api/account/signin", json={"name": name, "password": password})


def table_with_my_seat(client, name="Ann"):
    """A two-seat toy table: my seat (a cookie) and one open to anyone."""
    r = client.post("/api/tables", json={"game": "toy", "cookie": True, "seats": [
        {"kind": "human", "name": name}, {"kind": "human", "open": True}]})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def session_cookie(response) -> list[str]:
    got = [h for h in response.headers.get_list("set-cookie") if h.startswith("rt_session=")]
    assert len(got) == 1
    return [f.strip().lower() for f in got[0].split(";")]


def test_sign_up_in_and_out(client):
    assert client.get("/api/account").json() == {"account": None}
    r = signup(client)
    assert r.json() == {"account": {"name": "Ann"}}
    assert client.get("/api/account").json() == {"account": {"name": "Ann", "ratings": []}}
    r = client.post("/api/account/signout", json={})
    assert r.status_code == 200 and r.json() == {"account": None}
    assert client.get("/api/account").json() == {"account": None}
    # any case of the name signs in
    r = signin(client, "aNN")
    assert r.status_code == 200 and r.json() == {"account": {"name": "Ann"}}
    assert client.get("/api/account").json()["account"]["name"] == "Ann"


def test_a_session_ended_by_sign_out_no_longer_signs_in(client):
    signup(client)
    sid = client.cookies["rt_session"]
    client.post("/api/account/signout", json={})
    client.cookies.set("rt_session", sid)  # the old cookie, kept by hand
    assert client.get("/api/account").json() == {"account": None}


def test_wrong_password_and_unknown_name_get_the_same_answer(client):
    signup(client)
    client.cookies.clear()
    wrong = signin(client, "Ann", "not the password")
    nobody = signin(client, "Bob", PASSWORD)
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json() and wrong.json()["error"] == "bad_credentials"
    assert "set-cookie" not in wrong.headers
    assert client.get("/api/account").json() == {"account": None}


def test_a_name_is_taken_whatever_its_case(client):
    signup(client, "Ann")
    r = client.post("/api/account/signup", json={"name": "ANN", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"


@pytest.mark.parametrize("name, password, code", [
    ("An", PASSWORD, "bad_account_name"),
    ("A" * 33, PASSWORD, "bad_account_name"),
    ("An\x00n", PASSWORD, "bad_account_name"),
    (17, PASSWORD, "bad_account_name"),
    ("Ann", "short", "bad_password"),
    ("Ann", "x" * 129, "bad_password"),
    ("Ann", None, "bad_password"),
])
def test_limits_of_names_and_passwords(client, name, password, code):
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 400 and r.json()["error"] == code, r.text
    assert r.json()["message"]


def test_the_longest_and_shortest_allowed(client):
    signup(client, "Zoë", "x" * 8)
    signup(client, "B" * 32, "y" * 128)


def test_sign_in_attempts_are_limited_per_name_and_per_address(db_url):
    app = create_app(db_url, bot_delay=0, limits={**NO_RATES, "signin_rate": "3/minute"})
    with TestClient(app) as c:
        signup(c)
        c.cookies.clear()
        codes = [signin(c, "Ann", "wrong password").status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        r = signin(c, "Ann", PASSWORD)  # even the right password, once the limit is hit
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert "--rate-signin" in r.json()["message"]


def test_sign_in_attempts_for_one_name_are_limited_from_any_address(db_url):
    app = create_app(db_url, bot_delay=0, limits={**NO_RATES, "signin_rate": "2/minute"})
    with TestClient(app, client=("10.0.0.1", 1)) as a, \
            browser(a, client=("10.0.0.2", 1)) as b, browser(a, client=("10.0.0.3", 1)) as c:
        signup(a, "Ann")
        assert signin(a, "Ann", "wrong password").status_code == 401
        assert signin(b, "Ann", "wrong password").status_code == 401
        r = signin(c, "ann", PASSWORD)
        assert r.status_code == 429 and "user name" in r.json()["message"]
        # another name from that address is not held back
        assert signin(c, "Bob", PASSWORD).status_code == 401


def test_the_session_cookie_flags(client, app):
    flags = session_cookie(signup(client))
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert any(f.startswith("max-age=") and int(f[8:]) > 0 for f in flags)
    assert "secure" not in flags  # plain http: a Secure cookie would never come back
    with browser(client, base_url="https://testserver") as c:
        assert "secure" in session_cookie(signup(c, "Bob"))


def test_a_forged_cross_site_form_is_refused(client):
    signup(client)
    tid = table_with_my_seat(client)
    forged = {"name": "Eve", "password": "evil password"}
    for path in ("/api/account/signout", "/api/account/password",
                 f"/api/tables/{tid}/join", "/api/tables"):
        # what a form on another site sends: its own Origin, a form body, our cookies
        r = client.post(path, data=forged, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"] == "bad_origin", (path, r.text)
        # even a JSON body (had a browser allowed it) is refused by its Origin
        r = client.post(path, json=forged, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    # a script on another site would need a CORS preflight to post JSON: never granted
    r = client.options("/api/account/signout", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert r.status_code >= 400 and "access-control-allow-origin" not in r.headers
    # a form body from this site's own origin is still no JSON: refused for its type
    r = client.post("/api/account/signout", data={"x": "1"},
                    headers={"Origin": "http://testserver"})
    assert r.status_code == 415 and r.json()["error"] == "bad_content_type"
    assert client.get("/api/account").json() == {"account": {"name": "Ann", "ratings": []}}
    # the same request from this site's page goes through
    r = client.post("/api/account/signout", json={}, headers={"Origin": "http://testserver"})
    assert r.status_code == 200


def test_change_password_needs_the_old_one_and_signs_out_other_browsers(client, app):
    signup(client)
    with browser(client) as other:
        assert signin(other).status_code == 200
        r = client.post("/api/account/password", json={"old": "wrong password",
                                                      "new": "a new password"})
        assert r.status_code == 401 and r.json()["error"] == "bad_credentials"
        r = client.post("/api/account/password", json={"old": PASSWORD, "new": "short"})
        assert r.status_code == 400 and r.json()["error"] == "bad_password"
        r = client.post("/api/account/password", json={"old": PASSWORD,
                                                      "new": "a new password"})
        assert r.status_code == 200
        assert client.get("/api/account").json()["account"]["name"] == "Ann"  # still in
        assert other.get("/api/account").json() == {"account": None}  # signed out
        assert signin(other).status_code == 401
        assert signin(other, password="a new password").status_code == 200
    client.cookies.clear()
    r = client.post("/api/account/password", json={"old": PASSWORD, "new": "another one!"})
    assert r.status_code == 401 and r.json()["error"] == "not_signed_in"


def test_a_seat_taken_signed_in_is_found_and_played_from_another_browser(client, app):
    signup(client)
    tid = table_with_my_seat(client)
    with browser(client) as guest:  # a guest takes the open seat: the game starts
        r = guest.post(f"/api/tables/{tid}/join", json={"name": "Gus", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == 1
    with browser(client) as laptop:
        assert laptop.get(f"/api/tables/{tid}").json()["my_seat"] is None
        assert signin(laptop).status_code == 200
        assert not [k for k in laptop.cookies if k.startswith("rt_seat_")]  # no seat cookie
        lobby = laptop.get("/api/tables").json()
        assert lobby["mine"] == 1 and lobby["tables"][0]["id"] == tid
        assert lobby["tables"][0]["my_seat"] == 0
        assert laptop.get(f"/api/tables/{tid}").json()["my_seat"] == 0
        # joining from here answers with the account's seat, the seat's token stays put
        r = laptop.post(f"/api/tables/{tid}/join", json={"name": "Ann", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == 0 and "token" not in r.json()
        with laptop.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws)
            assert st["seat"] == 0 and st["legal"]
            ws.send_json({"type": "act", "seq": 0, "id": st["legal"][0]["id"]})
            m, _ = recv_until(ws, lambda m: m.get("type") in ("update", "error"))
            assert m["type"] == "update" and m["seq"] == 1


def test_one_account_never_acts_at_another_accounts_seat(client, app):
    signup(client)  # Ann
    tid = table_with_my_seat(client)
    ann_seat = {k: v for k, v in client.cookies.items() if k.startswith("rt_seat_")}
    with browser(client) as bob, browser(client) as carol:
        signup(bob, "Bob")
        r = bob.post(f"/api/tables/{tid}/join", json={"name": "Bob", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == 1
        signup(carol, "Carol")
        # their browsers get Ann's seat cookie (a shared computer, a copied cookie)
        for k, v in ann_seat.items():
            bob.cookies.set(k, v)
            carol.cookies.set(k, v)
        assert bob.get(f"/api/tables/{tid}").json()["my_seat"] == 1  # his own, not Ann's
        assert carol.get("/api/tables").json()["mine"] == 0  # Ann's cookie is not Carol's
        with bob.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws)
            assert st["seat"] == 1 and st["current"] == 0 and st["legal"] == []
            # Ann's move, sent by Bob with Ann's seat cookie: refused, nothing moves
            ws.send_json({"type": "act", "seq": 0, "id": 1})
            m, _ = recv_until(ws, lambda m: m.get("type") in ("error", "update"))
            assert m["type"] == "error" and m["code"] == "not_your_turn"
        assert bob.get(f"/api/tables/{tid}").json()["moves"] == 0
        r = bob.post(f"/api/tables/{tid}/join", json={"name": "Bob", "cookie": True})
        assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
        assert carol.get(f"/api/tables/{tid}").json()["my_seat"] is None
        with carol.websocket_connect(f"/ws/tables/{tid}") as ws:
            m = hello(ws)
            assert m["type"] == "error" and m["code"] == "not_your_seat"
        r = carol.post(f"/api/tables/{tid}/join", json={"name": "Carol", "cookie": True})
        assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
    # Ann's own seat still works for her, by her cookie; she moves first
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        st = hello(ws)
        assert st["seat"] == 0 and st["legal"]


def test_a_guest_keeps_its_seats_when_it_signs_up_or_in(client, app):
    tid = table_with_my_seat(client, "Gus")  # as a guest
    signup(client, "Gus")
    with browser(client) as phone:
        signin(phone, "gus")
        assert phone.get(f"/api/tables/{tid}").json()["my_seat"] == 0
    # a guest with an existing account signs in: its new seat joins the account's
    client.post("/api/account/signout", json={})
    assert not [k for k in client.cookies if k.startswith("rt_seat_")]  # the seat left too
    tid2 = table_with_my_seat(client, "Gus")
    assert signin(client, "Gus").status_code == 200
    with browser(client) as phone:
        signin(phone, "Gus")
        mine = {t["id"]: t["my_seat"] for t in phone.get("/api/tables").json()["tables"]
                if "my_seat" in t}
        assert mine == {tid: 0, tid2: 0}


def test_a_private_table_is_seen_by_its_account_from_another_browser(client, app):
    signup(client)
    r = client.post("/api/tables", json={"game": "toy", "private": True, "cookie": True,
                                         "seats": [{"kind": "human", "name": "Ann"},
                                                   {"kind": "human"}]})
    tid = r.json()["id"]
    with browser(client) as stranger:
        assert stranger.get(f"/api/tables/{tid}").status_code == 404
        signin(stranger)
        assert stranger.get(f"/api/tables/{tid}").json()["my_seat"] == 0


def test_no_password_or_session_id_in_clear_in_the_database_or_the_logs(client, db_url,
                                                                        caplog):
    caplog.set_level(logging.DEBUG)
    signup(client)
    sid = client.cookies["rt_session"]
    client.post("/api/account/password", json={"old": PASSWORD, "new": "a new password"})
    signin(client, "Ann", "wrong password")
    engine = create_engine(db_url)
    try:
        with engine.connect() as c:
            dump = "\n".join(str(tuple(r)) for name in ("accounts", "sessions")
                             for r in c.execute(text(f"SELECT * FROM {name}")))
            stored = c.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    finally:
        engine.dispose()
    assert stored.startswith("$argon2id$")
    for secret in (PASSWORD, "a new password", "wrong password", sid,
                   client.cookies["rt_session"]):
        assert secret not in dump
        assert secret not in caplog.text
