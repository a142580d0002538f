"""Private tables, invitations used once, and seat secrets kept out of addresses and logs
(issue #23, points 2 and 3)."""

import contextlib
import json
import logging
import threading
import time

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from railtable.server import create_app
from tests.server.conftest import hello, make_table, recv_until
from tests.server.util import free_port


def cookie_of(response, table_id):
    """The Set-Cookie header of this table's seat cookie (there is exactly one)."""
    got = [h for h in response.headers.get_list("set-cookie")
           if h.startswith(f"rt_seat_{table_id}=")]
    assert len(got) == 1, response.headers.get_list("set-cookie")
    return got[0]


@contextlib.contextmanager
def stranger(client):
    """Requests from another browser: none of this client's cookies."""
    saved = list(client.cookies.jar)
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.clear()
        for c in saved:
            client.cookies.jar.set_cookie(c)


def private_table(client, **extra):
    """Ann (this client, by cookie) and an invited seat, at a private toy table."""
    r = client.post("/api/tables", json={"game": "toy", "private": True, "cookie": True,
                                         "name": "Кухня", **extra,
                                         "seats": [{"kind": "human", "name": "Ann"},
                                                   {"kind": "human"}]})
    assert r.status_code == 201, r.text
    return r


def test_a_private_table_is_in_no_list_but_its_players(client):
    public = make_table(client, [{"kind": "human", "name": "Bo"}, {"kind": "human", "open": True}])
    out = private_table(client).json()
    assert out["private"] is True and out["seats"][0]["token"] is None  # Ann's is a cookie
    with stranger(client):
        for q in ("", "?status=open", "?game=toy", "?q=%D0%BA%D1%83%D1%85", "?limit=100"):
            page = client.get("/api/tables" + q).json()
            assert out["id"] not in [t["id"] for t in page["tables"]], q
        assert client.get("/api/tables").json()["total"] == 1
    # Ann's browser lists it, first, as hers
    page = client.get("/api/tables").json()
    assert [t["id"] for t in page["tables"]] == [out["id"], public["id"]]
    assert page["tables"][0]["my_seat"] == 0 and "my_seat" not in page["tables"][1]
    assert page["mine"] == 1 and page["total"] == 2


def test_a_private_table_is_not_found_without_a_seat(client):
    out = private_table(client).json()
    tid = out["id"]
    assert client.get(f"/api/tables/{tid}").json()["my_seat"] == 0
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws)["seat"] == 0  # Ann's cookie
    nothing = client.get("/api/tables/nosuchtable")
    with stranger(client):
        for path in (f"/api/tables/{tid}", f"/api/tables/{tid}/replay",
                     f"/api/tables/{tid}/record"):
            r = client.get(path)
            assert (r.status_code, r.json()) == (404, nothing.json()), path
        r = client.post(f"/api/tables/{tid}/join", json={"name": "Eve"})
        assert (r.status_code, r.json()) == (404, nothing.json())
        r = client.post(f"/api/tables/{tid}/join", json={"name": "Eve", "token": "guess"})
        assert (r.status_code, r.json()) == (404, nothing.json())
        for token in (None, "guess"):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                m = hello(ws, token)
                assert (m["code"], m["message"]) == ("not_found", "no such table")
                with pytest.raises(WebSocketDisconnect) as e:
                    ws.receive_json()
                assert e.value.code == 4404
        # a forged cookie for the table holds no seat: still nothing there
        client.cookies.set(f"rt_seat_{tid}", "forged")
        assert client.get(f"/api/tables/{tid}").status_code == 404
        assert out["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_an_invited_seat_is_never_taken_from_the_lobby(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    tid = out["id"]
    with stranger(client):
        info = client.get(f"/api/tables/{tid}").json()
        assert info["seats"][1]["free"] is False and info["seats"][1]["invited"] is True
        for body in ({"name": "Eve"}, {"name": "Eve", "seat": 1}):
            r = client.post(f"/api/tables/{tid}/join", json=body)
            assert r.status_code == 409 and r.json()["error"] == "no_seat"
        # nor through the table's socket: no token is a spectator
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws)["seat"] is None
        r = client.post("/api/invitations/accept", json={"table": tid, "key": out["seats"][1]["key"],
                                                         "name": "Bob", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == 1 and "token" not in r.json()
        assert client.get(f"/api/tables/{tid}").json()["status"] == "running"


def test_an_invitation_link_works_once_and_then_the_cookie_is_the_seat(client):
    out = private_table(client).json()
    tid, key = out["id"], out["seats"][1]["key"]
    with stranger(client):  # Bob's browser
        r = client.post("/api/invitations/accept", json={"table": tid, "key": key,
                                                         "cookie": True})
        assert r.status_code == 200, r.text
        assert r.json() == {"table": tid, "url": f"/table/{tid}", "seat": 1, "name": None}
        bob = dict(client.cookies)
        # Bob names his seat at the table (the cookie says which); the game starts
        r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == 1
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            m = hello(ws)
            assert (m["seat"], m["status"]) == (1, "running")
    with stranger(client):  # Eve got the link too: it no longer works, nor shows the table
        r = client.post("/api/invitations/accept", json={"table": tid, "key": key,
                                                         "cookie": True})
        assert r.status_code == 404 and r.json()["error"] == "bad_invitation"
        assert not client.cookies
        r2 = client.post("/api/invitations/accept", json={"table": "nosuchtable", "key": key})
        assert (r2.status_code, r2.json()) == (404, r.json())  # no table: the same answer
        assert client.get(f"/api/tables/{tid}").status_code == 404
    # Ann's browser, trying Bob's link by mistake, keeps Ann's seat
    r = client.post("/api/invitations/accept", json={"table": tid, "key": key})
    assert r.status_code == 404
    assert client.get(f"/api/tables/{tid}").json()["my_seat"] == 0
    assert bob  # Bob's browser still holds seat 1
    with stranger(client):
        for name, value in bob.items():
            client.cookies.set(name, value)
        assert client.get(f"/api/tables/{tid}").json()["my_seat"] == 1


def test_an_unused_link_in_a_browser_that_holds_another_seat_is_kept(client):
    out = private_table(client).json()
    tid, key = out["id"], out["seats"][1]["key"]
    r = client.post("/api/invitations/accept", json={"table": tid, "key": key, "cookie": True})
    assert r.status_code == 409 and r.json()["error"] == "seat_held"
    assert "set-cookie" not in r.headers
    with stranger(client):  # the link still works for the player it is meant for
        assert client.post("/api/invitations/accept",
                           json={"table": tid, "key": key}).json()["seat"] == 1


def test_seat_cookie_flags(client, tmp_path):
    r = private_table(client)
    tid = r.json()["id"]
    flags = [f.strip().lower() for f in cookie_of(r, tid).split(";")]
    assert "httponly" in flags and "samesite=strict" in flags and "path=/" in flags
    assert "secure" not in flags  # plain http: a Secure cookie would never come back
    assert any(f.startswith("max-age=") for f in flags)
    # the same answers over https carry Secure
    app = create_app(f"sqlite:///{tmp_path / 'tls.db'}", bot_delay=0)
    with TestClient(app, base_url="https://testserver") as tls:
        r = private_table(tls)
        assert "secure" in [f.strip().lower() for f in cookie_of(r, r.json()["id"]).split(";")]
        r = make_table(tls, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
        r = tls.post("/api/invitations/accept", json={"table": r["id"], "key": r["seats"][1]["key"],
                                                      "cookie": True})
        assert "secure" in [f.strip().lower() for f in cookie_of(r, r.json()["table"]).split(";")]


def test_a_socket_from_another_sites_page_is_refused_when_the_cookie_would_count(client,
                                                                              monkeypatch):
    tid = private_table(client).json()["id"]
    with client.websocket_connect(f"/ws/tables/{tid}",
                                  headers={"origin": "https://evil.example"}) as ws:
        m = hello(ws)
        assert m["type"] == "error" and m["code"] == "bad_origin"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    for good in ("http://testserver", "https://TestServer:8443"):  # this host, any port
        with client.websocket_connect(f"/ws/tables/{tid}", headers={"origin": good}) as ws:
            assert hello(ws)["seat"] == 0, good
    for bad in ("http://testserver.evil.example", "null", "file://", "http://[bad"):
        with client.websocket_connect(f"/ws/tables/{tid}", headers={"origin": bad}) as ws:
            assert hello(ws)["code"] == "bad_origin", bad
    # a proxy that hides the browser's host: its public origin is named in RAILTABLE_ORIGINS
    monkeypatch.setenv("RAILTABLE_ORIGINS", "https://games.example.org")
    with client.websocket_connect(f"/ws/tables/{tid}",
                                  headers={"origin": "https://games.example.org"}) as ws:
        assert hello(ws)["seat"] == 0
    # without the cookie nothing is at stake: a public table may be watched from anywhere
    public = make_table(client, [{"kind": "human", "name": "Bo"}, {"kind": "bot"}])
    with stranger(client):
        with client.websocket_connect(f"/ws/tables/{public['id']}",
                                      headers={"origin": "https://evil.example"}) as ws:
            assert hello(ws)["seat"] is None


class Captured(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def test_no_secret_reaches_the_access_log(tmp_path):
    """A real uvicorn with its access log on: a table created with an invitation, the link
    accepted, the seat named and played over the WebSocket. No token or key in any line."""
    import asyncio

    import uvicorn
    import websockets

    port = free_port()
    app = create_app(f"sqlite:///{tmp_path / 'log.db'}", bot_delay=0)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info",
                            access_log=True, lifespan="on")
    server = uvicorn.Server(config)
    captured = Captured()
    loggers = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error", "uvicorn",
                                              "railtable", "")]
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for lg in loggers:  # uvicorn configures its loggers when it starts: add ours after
        lg.addHandler(captured)
    base = f"http://127.0.0.1:{port}"
    secrets_seen = []
    try:
        deadline = time.monotonic() + 30
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started
        with httpx.Client(base_url=base) as ann, httpx.Client(base_url=base) as bob:
            out = ann.post("/api/tables", json={
                "game": "toy", "private": True, "cookie": True, "options": {"decisions": 2},
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]}).json()
            tid, key = out["id"], out["seats"][1]["key"]
            secrets_seen.append(key)
            assert ann.get("/invite").status_code == 200  # the page; its key stays behind #
            r = bob.post("/api/invitations/accept", json={"table": tid, "key": key,
                                                          "cookie": True})
            assert r.status_code == 200
            secrets_seen += [v for v in list(ann.cookies.values()) + list(bob.cookies.values())]
            assert bob.post(f"/api/tables/{tid}/join", json={"name": "Bob",
                                                             "cookie": True}).status_code == 200
            assert bob.get(f"/api/tables/{tid}").json()["my_seat"] == 1
            ann.get("/api/tables?status=running&q=toy")
            cookie = "; ".join(f"{k}={v}" for k, v in bob.cookies.items())

            async def play():
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}",
                                              additional_headers={"cookie": cookie,
                                                                  "origin": base}) as ws:
                    await ws.send(json.dumps({"type": "hello", "lang": "en"}))
                    m = json.loads(await ws.recv())
                    assert m["seat"] == 1
            asyncio.run(play())
    finally:
        server.should_exit = True
        thread.join(30)
        for lg in loggers:
            lg.removeHandler(captured)
    text = "\n".join(captured.lines)
    assert len(secrets_seen) == 3 and all(len(s) > 20 for s in secrets_seen)
    # the log is really there: each request of the scenario left its line
    for path in ("POST /api/tables", "GET /invite", "POST /api/invitations/accept",
                 f"POST /api/tables/{tid}/join", f"/ws/tables/{tid}"):
        assert path in text, path
    for s in secrets_seen:
        assert s not in text


def test_a_cookie_whose_seat_was_taken_over_is_a_spectator_who_may_take_an_open_seat(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}])
    tid, ann = out["id"], out["seats"][0]
    # this browser adopts Ann's API token as its cookie (a seat's own token is kept as is)
    r = client.post("/api/invitations/accept", json={"table": tid, "key": ann["token"],
                                                     "cookie": True})
    assert r.status_code == 200 and client.get(f"/api/tables/{tid}").json()["my_seat"] == 0
    with stranger(client):  # Ann's link, opened elsewhere, moves her seat there
        assert client.post("/api/invitations/accept",
                           json={"table": tid, "key": ann["key"]}).json()["seat"] == 0
    # the cookie here holds nothing now: a spectator, who may take the open seat
    assert client.get(f"/api/tables/{tid}").json()["my_seat"] is None
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws)["seat"] is None
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Cy", "cookie": True})
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert client.get(f"/api/tables/{tid}").json()["my_seat"] == 1


def test_an_api_client_reads_its_private_table_with_its_token(client):
    r = client.post("/api/tables", json={"game": "toy", "private": True, "options": {"decisions": 2},
                                         "seats": [{"kind": "human", "name": "Ann"},
                                                   {"kind": "bot", "bot": "random"}]})
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    assert client.get(f"/api/tables/{tid}").status_code == 404
    auth = {"authorization": f"Bearer {token}"}
    assert client.get(f"/api/tables/{tid}", headers=auth).json()["my_seat"] == 0
    assert client.get(f"/api/tables/{tid}/replay", headers=auth).status_code == 200
    assert client.get(f"/api/tables/{tid}/record", headers=auth).status_code == 403  # running
    assert client.get(f"/api/tables/{tid}", headers={"authorization": "Bearer nope"}) \
        .status_code == 404
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # the hello's token
        assert hello(ws, token)["seat"] == 0
