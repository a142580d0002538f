"""Who may act, what each connection is told, and what happens to bad input."""

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from railtable.engine.record import Record, replay
from tests.server.conftest import hello, make_table, recv_until


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


def test_a_bad_token_is_refused_and_no_token_is_a_spectator(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    tid = out["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        m = hello(ws, "not-a-real-token")
        assert m["type"] == "error" and m["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text('{"type": "act", "seq": 0, "id": 0}')  # no hello first
        assert ws.receive_json()["code"] == "bad_message"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert hello(ws)["code"] == "not_found"
    with client.websocket_connect(f"/ws/tables/{tid}") as spec:
        s = hello(spec)
        assert s["seat"] is None and s["legal"] == []
        assert all(isinstance(h, int) for h in s["observation"]["hands"])
        send(spec, type="act", seq=0, id=0)
        assert recv_until(spec, lambda x: x["type"] == "error")[0]["code"] == "forbidden"
        send(spec, type="undo", seq=0)
        assert recv_until(spec, lambda x: x["type"] == "error")[0]["code"] == "forbidden"
    with client.websocket_connect(f"/ws/tables/{tid}") as b:
        hello(b, out["seats"][1]["token"])  # Bob's token cannot play Ann's turn
        send(b, type="act", seq=0, id=0)
        assert recv_until(b, lambda x: x["type"] == "error")[0]["code"] == "not_your_turn"
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 0


def test_oversized_and_malformed_messages_are_refused_and_play_goes_on(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        m = hello(ws, out["seats"][0]["token"])
        for raw, code in [("x" * 5000, "too_large"),
                          (json.dumps({"type": "act", "seq": 0, "id": 0, "pad": "y" * 5000}),
                           "too_large"),
                          ("{not json", "bad_message"), ("[]", "bad_message"),
                          ("null", "bad_message"), ('{"type": 7}', "bad_message"),
                          ('{"type": "lang", "lang": "xx"}', "bad_message")]:
            ws.send_text(raw)
            err, _ = recv_until(ws, lambda x: x["type"] == "error")
            assert err["code"] == code, raw[:40]
        ws.send_bytes(b"\x00\x01")
        assert recv_until(ws, lambda x: x["type"] == "error")[0]["code"] == "bad_message"
        send(ws, type="act", seq=m["seq"], id=m["legal"][0]["id"])
        up, _ = recv_until(ws, lambda x: x["type"] == "update")
        assert up["seq"] == 1


def _all_messages_of_a_game(client, seats_tokens, tid):
    """Play the toy game to its end (seat 0 draws whenever it can); every message per seat."""
    socks = {}
    got = {"spectator": [], 0: [], 1: []}
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        socks = {0: a, 1: b, "spectator": spec}
        last = {0: hello(a, seats_tokens[0]), 1: hello(b, seats_tokens[1]),
                "spectator": hello(spec)}
        for k, m in last.items():
            got[k].append(m)
        seq = 0
        while last[0]["status"] != "finished":
            cur = last[0]["current"]
            legal = last[cur]["legal"]
            draw = [c for c in legal if c["action"]["type"] == "draw"]
            send(socks[cur], type="act", seq=seq, id=(draw or legal)[0]["id"])
            seq += 1
            for k, ws in socks.items():
                m, seen = recv_until(ws, lambda x: x.get("seq") == seq)
                got[k] += seen
                last[k] = m
    return got


def test_each_connection_sees_only_its_own_observation_and_log(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                     options={"decisions": 10})
    tid = out["id"]
    got = _all_messages_of_a_game(client, [s["token"] for s in out["seats"]], tid)
    record = Record.from_json(client.get(f"/api/tables/{tid}/record").json())
    for who, msgs in got.items():
        seat = None if who == "spectator" else who
        for m in msgs:
            if m["type"] not in ("state", "update"):
                continue
            # exactly what the game says this seat may know, and nothing else
            want = replay(record, upto=m["seq"], record_events=True).observation(seat)
            assert m["observation"] == want
            hands = m["observation"]["hands"]
            for p, h in enumerate(hands):
                assert isinstance(h, list) == (p == seat)
            if seat is None or m["current"] != seat:
                assert m["legal"] == []
            # the private event of a draw ("draw", "to": [drawer]) reaches only the drawer
            texts = [e["text"] for e in m["log"]]
            if seat is None:
                assert "draw" not in texts
            blob = json.dumps(m)
            assert "token" not in blob and "seed" not in m.get("table", {})
    # seat 0 drew and saw its cards; seat 1 and the spectator only saw that it drew
    assert any(e["text"] == "draw" for m in got[0] for e in m.get("log", []))
    assert any(e["text"] == "draw_back" for m in got["spectator"] for e in m.get("log", []))


def test_a_named_seat_link_taken_elsewhere_ends_the_old_tokens_connection(client):
    # the creator's seat link, opened in a browser, gives that browser a fresh token: the
    # token the creator had before no longer holds the seat
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    tid, old = out["id"], out["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as holder:
        assert hello(holder, old)["seat"] == 1
        r = client.post("/api/invitations/accept", json={"table": tid,
                                                         "key": out["seats"][1]["key"]})
        assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["token"] != old
        err, _ = recv_until(holder, lambda x: x["type"] == "error")
        assert err["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(10):
                holder.receive_json()
    with client.websocket_connect(f"/ws/tables/{tid}") as again:
        assert hello(again, old)["code"] == "bad_token"
