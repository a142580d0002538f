"""Table chat (issue #24, point 6; docs/server.md, "Chat"): the seated players write, and
spectators only where the table allows it; a message is checked, rate-limited, stored and
shown to everyone at the table, the last ones to whoever joins later (after a restart too);
it carries the text and the author's public name and seat, nothing else."""

import pytest
from starlette.testclient import TestClient

from railtable.server import chat, create_app
from tests.server.conftest import NO_RATES, hello, make_table, recv_until
from tests.server.test_accounts import browser, signup

TWO = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def said(ws, text):
    ws.send_json({"type": "chat", "text": text})


def chat_or_error(ws):
    """The next new chat message or error (the history sent on joining is passed over)."""
    return recv_until(ws, lambda m: m.get("type") == "error"
                      or (m.get("type") == "chat" and not m.get("history")))[0]


def test_players_write_and_everyone_at_the_table_reads(client):
    out = make_table(client, TWO)
    tid, tokens = out["id"], [s["token"] for s in out["seats"]]
    with client.websocket_connect(f"/ws/tables/{tid}") as ann, \
            client.websocket_connect(f"/ws/tables/{tid}") as bob, \
            client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        hello(ann, tokens[0])
        hello(bob, tokens[1])
        assert hello(watcher)["seat"] is None
        said(bob, "  Hello,\n\tAnn!  ")
        for ws in (ann, bob, watcher):
            m = chat_or_error(ws)
            assert m["type"] == "chat" and "history" not in m
            [msg] = m["messages"]
            # only the text (white space folded), the seat and its public name, the time
            assert set(msg) == {"id", "seat", "name", "text", "time"}
            assert (msg["seat"], msg["name"], msg["text"]) == (1, "Bob", "Hello, Ann!")
        # the chat is no move: the table has not moved
        ann.send_json({"type": "act", "seq": 0, "id": hello_legal(client, tid, tokens[0])})
        assert recv_until(ann, lambda m: m.get("type") in ("update", "error"))[0]["seq"] == 1


def hello_legal(client, tid, token):
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        return hello(ws, token)["legal"][0]["id"]


def test_markup_is_kept_as_text(client):
    # the page shows it with textContent; the server neither strips nor escapes it
    out = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        said(ws, '<img src=x onerror="alert(1)"> & <b>')
        assert chat_or_error(ws)["messages"][0]["text"] == \
            '<img src=x onerror="alert(1)"> & <b>'


@pytest.mark.parametrize("text, code", [
    ("", "bad_chat"), ("   \n ", "bad_chat"), (None, "bad_chat"), (17, "bad_chat"),
    (["hi"], "bad_chat"), ({"text": "hi"}, "bad_chat"),
    ("x" * (chat.MAX_TEXT + 1), "bad_chat"), ("bell\x07", "bad_chat"),
    ("\u202eevil", "bad_chat"),
])
def test_bad_messages_are_refused_with_a_code(client, text, code):
    out = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        ws.send_json({"type": "chat", "text": text})
        m = chat_or_error(ws)
        assert m["type"] == "error" and m["code"] == code and m["message"]
        said(ws, "still here")  # the connection stays open
        assert chat_or_error(ws)["messages"][0]["text"] == "still here"


def test_the_longest_message_and_a_missing_text(client):
    out = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        said(ws, "я" * chat.MAX_TEXT)
        assert len(chat_or_error(ws)["messages"][0]["text"]) == chat.MAX_TEXT
        ws.send_json({"type": "chat"})
        assert chat_or_error(ws)["code"] == "bad_chat"


def test_spectators_write_only_where_the_table_allows_it(client):
    closed = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{closed['id']}") as ws:
        hello(ws)
        said(ws, "hi all")
        m = chat_or_error(ws)
        assert m["type"] == "error" and m["code"] == "chat_closed"
    r = client.post("/api/tables", json={"game": "toy", "seats": TWO, "spectator_chat": True})
    assert r.status_code == 201 and r.json()["spectator_chat"] is True
    tid = r.json()["id"]
    assert client.get(f"/api/tables/{tid}").json()["spectator_chat"] is True
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        said(ws, "hi all")
        msg = chat_or_error(ws)["messages"][0]
        assert (msg["seat"], msg["name"], msg["text"]) == (None, None, "hi all")
    # a signed-in spectator is shown by the account's name
    signup(client, "Vera")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        recv_until(ws, lambda m: m.get("type") == "chat" and m.get("history"))
        said(ws, "hello")
        msg = chat_or_error(ws)["messages"][0]
        assert (msg["seat"], msg["name"]) == (None, "Vera")


def test_spectator_chat_must_be_true_or_false(client):
    r = client.post("/api/tables", json={"game": "toy", "seats": TWO, "spectator_chat": 1})
    assert r.status_code == 400 and r.json()["error"] == "bad_spectator_chat"


def test_the_last_messages_are_sent_on_joining_and_kept_over_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    extra = 7
    with TestClient(create_app(url, bot_delay=0, limits=NO_RATES)) as client:
        out = make_table(client, TWO)
        tid, token = out["id"], out["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            first = hello(ws, token)
            assert first["type"] == "state"
            for i in range(chat.HISTORY + extra):
                said(ws, f"message {i}")
                chat_or_error(ws)
    with TestClient(create_app(url, bot_delay=0, limits=NO_RATES)) as client:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws)["type"] == "state"
            m = ws.receive_json()  # right after the state
            assert m["type"] == "chat" and m["history"] is True
            assert [x["text"] for x in m["messages"]] == \
                [f"message {i}" for i in range(extra, chat.HISTORY + extra)]
            ids = [x["id"] for x in m["messages"]]
            assert ids == sorted(ids)


def test_a_table_without_messages_sends_no_history(client):
    out = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # nothing came in between


def test_messages_are_rate_limited_per_seat(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0,
                     limits={**NO_RATES, "chat_rate": "3/minute"})
    with TestClient(app) as client:
        out = make_table(client, TWO)
        tid, token = out["id"], out["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token)
            for i in range(3):
                said(ws, f"m{i}")
                assert chat_or_error(ws)["type"] == "chat"
            said(ws, "one too many")
            m = chat_or_error(ws)
            assert m["type"] == "error" and m["code"] == "rate_limited"
            assert "--rate-chat" in m["message"]
        # a new connection of the same seat is the same author
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token)
            said(ws, "again")
            assert chat_or_error(ws)["code"] == "rate_limited"
        # the other seat writes on
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, out["seats"][1]["token"])
            said(ws, "my turn to talk")
            assert chat_or_error(ws)["type"] == "chat"


def test_a_private_tables_chat_is_only_for_its_players(client):
    r = client.post("/api/tables", json={"game": "toy", "private": True,
                                         "spectator_chat": True, "seats": TWO})
    out = r.json()
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        m = hello(ws)  # a stranger: no table at all
        assert m["type"] == "error" and m["code"] == "not_found"
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        said(ws, "just us")
        assert chat_or_error(ws)["messages"][0]["name"] == "Ann"


def test_the_seat_name_is_the_one_shown_not_the_account(client):
    signup(client, "Anastasia")
    with browser(client) as bob:
        r = client.post("/api/tables", json={"game": "toy", "cookie": True, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
        tid = r.json()["id"]
        bob.post(f"/api/tables/{tid}/join", json={"name": "Bob", "cookie": True})
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws)["seat"] == 0
            said(ws, "hi")
            msg = chat_or_error(ws)["messages"][0]
            assert (msg["seat"], msg["name"]) == (0, "Ann")
