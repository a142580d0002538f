"""Live tables over WebSockets on the toy game: turns, bots, stale seqs, undo, replay."""

import json

from railtable.engine.record import Record, replay
from tests.engine.toy_game import GAME
from tests.server.conftest import hello, make_table, recv_until


def two_humans(client, decisions=12):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                     options={"decisions": decisions})
    return out["id"], [s["token"] for s in out["seats"]]


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


def test_two_humans_play_to_the_end_and_replay_matches(client):
    tid, tokens = two_humans(client, decisions=6)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        sa, sb = hello(a, tokens[0]), hello(b, tokens[1], lang="ru")
        assert (sa["type"], sa["seat"], sa["seq"], sa["current"]) == ("state", 0, 0, 0)
        assert sb["seat"] == 1 and sb["legal"] == [] and sb["lang"] == "ru"
        assert isinstance(sa["observation"]["hands"][0], list)
        assert isinstance(sb["observation"]["hands"][0], int)
        socks = [a, b]
        msg = {0: sa, 1: sb}
        seq = 0
        while True:
            cur = msg[0]["current"]
            if cur is None:
                break
            mover = msg[cur]
            choice = mover["legal"][-1]
            assert choice["label"] and choice["action"] == GAME.action_to_json(None, choice["id"])
            send(socks[cur], type="act", seq=seq, id=choice["id"])
            seq += 1
            for p in (0, 1):
                msg[p], _ = recv_until(socks[p], lambda m: m.get("seq") == seq)
                assert msg[p]["type"] == "update"
        assert msg[0]["status"] == msg[1]["status"] == "finished"
        res = msg[0]["result"]
        assert res["reason"] == "decisions_used" and len(res["scores"]) == 2
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "finished" and info["moves"] == 6 and "seed" in info
    record = client.get(f"/api/tables/{tid}/record").json()
    final = replay(Record.from_json(record))
    assert final.is_terminal() and final.result().to_json() == res
    # the replay endpoint rebuilds any step as a spectator sees it
    for k in (0, 3, 6):
        r = client.get(f"/api/tables/{tid}/replay?upto={k}").json()
        want = replay(Record.from_json(record), upto=k)
        assert r["seq"] == k and r["total"] == 6
        assert r["observation"] == want.observation(None)
    assert client.get(f"/api/tables/{tid}/replay?upto=-1").status_code == 400
    assert client.get(f"/api/tables/{tid}/replay?upto=99").json()["seq"] == 6


def test_stale_seq_wrong_turn_and_illegal_moves_change_nothing(client):
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        sa, _ = hello(a, tokens[0]), hello(b, tokens[1])
        recv_until(a, lambda m: m["type"] == "players")
        legal_ids = {c["id"] for c in sa["legal"]}
        illegal = next(i for i in range(1, 7) if i not in legal_ids)
        cases = [
            (a, {"type": "act", "seq": 5, "id": sa["legal"][0]["id"]}, "stale"),
            (a, {"type": "act", "seq": True, "id": sa["legal"][0]["id"]}, "bad_message"),
            (a, {"type": "act", "seq": 0, "id": illegal}, "illegal"),
            (a, {"type": "act", "seq": 0, "id": "0"}, "illegal"),
            (a, {"type": "act", "seq": 0, "id": False}, "illegal"),
            (a, {"type": "act", "seq": 0, "id": 10**30}, "illegal"),
            (a, {"type": "act", "seq": 0, "action": {"type": "play", "card": illegal}}, "illegal"),
            (a, {"type": "act", "seq": 0, "action": {"type": "fly"}}, "illegal"),
            (a, {"type": "act", "seq": 0, "action": [1, 2]}, "illegal"),
            (b, {"type": "act", "seq": 0, "id": 0}, "not_your_turn"),
            (a, {"type": "undo", "seq": 0}, "no_undo"),
            (a, {"type": "dance"}, "bad_message"),
        ]
        for ws, m, code in cases:
            ws.send_text(json.dumps(m))
            err, _ = recv_until(ws, lambda x: x["type"] == "error")
            assert err["code"] == code, (m, err)
        assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
        # the same connection still plays, by the JSON form of an action too
        send(a, type="act", seq=0, action={"type": "draw"})
        up, _ = recv_until(a, lambda x: x["type"] == "update")
        assert up["seq"] == 1 and up["current"] == 1
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 1


def test_bot_seats_act_by_themselves(client):
    out = make_table(client, [{"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Ann"},
                              {"kind": "bot", "bot": "random"}],
                     options={"decisions": 9})
    token = out["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        m = hello(ws, token)
        while m["status"] != "finished":
            if m.get("legal"):
                send(ws, type="act", seq=m["seq"], id=m["legal"][0]["id"])
            m, _ = recv_until(ws, lambda x: x["type"] in ("update", "state"))
        assert m["seq"] == 9 and m["result"] is not None


def test_undo_takes_back_own_decision_until_a_barrier(client):
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        sa, sb = hello(a, tokens[0]), hello(b, tokens[1])
        before_a, before_b = sa["observation"], sb["observation"]
        card = next(c for c in sa["legal"] if c["action"]["type"] == "play")
        send(a, type="act", seq=0, id=card["id"])  # playing a card reveals nothing new
        up, _ = recv_until(a, lambda x: x["type"] == "update")
        assert up["can_undo"] is True
        upb, _ = recv_until(b, lambda x: x["type"] == "update")
        assert upb["can_undo"] is False  # seat 1 did not decide: nothing of theirs to undo
        send(b, type="undo", seq=1)
        err, _ = recv_until(b, lambda x: x["type"] == "error")
        assert err["code"] == "no_undo"
        send(a, type="undo", seq=1)
        back, _ = recv_until(a, lambda x: x["type"] == "state")
        backb, _ = recv_until(b, lambda x: x["type"] == "state")
        assert back["seq"] == backb["seq"] == 0
        assert back["observation"] == before_a and backb["observation"] == before_b
        assert back["log"] == [] and back["current"] == 0
        assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
        # drawing shows seat 0 a hidden card (an event "to": [0]): a barrier
        send(a, type="act", seq=0, action={"type": "draw"})
        up, _ = recv_until(a, lambda x: x["type"] == "update")
        assert up["can_undo"] is False
        send(a, type="undo", seq=1)
        err, _ = recv_until(a, lambda x: x["type"] == "error")
        assert err["code"] == "no_undo"
        # once seat 1 has decided, seat 0 can no longer undo its earlier decision either
        upb, _ = recv_until(b, lambda x: x["type"] == "update")
        play = next(c for c in upb["legal"] if c["action"]["type"] == "play")
        send(b, type="act", seq=1, id=play["id"])
        up, _ = recv_until(a, lambda x: x["type"] == "update")
        assert up["can_undo"] is False
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 2


def test_a_restarted_app_continues_the_same_tables(tmp_path):
    from starlette.testclient import TestClient

    from railtable.server import create_app
    db = f"sqlite:///{tmp_path / 'rt.db'}"
    with TestClient(create_app(db, bot_delay=0)) as client:
        tid, tokens = two_humans(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as a, \
                client.websocket_connect(f"/ws/tables/{tid}") as b:
            ms = [hello(a, tokens[0]), hello(b, tokens[1])]
            socks = [a, b]
            for seq in range(4):
                cur = ms[0]["current"]
                send(socks[cur], type="act", seq=seq, id=ms[cur]["legal"][0]["id"])
                ms = [recv_until(s, lambda x: x.get("seq") == seq + 1)[0] for s in socks]
            obs = [m["observation"] for m in ms]
    with TestClient(create_app(db, bot_delay=0)) as client:
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            m = hello(a, tokens[0])
            assert m["seq"] == 4 and m["observation"] == obs[0]
            assert len(m["log"]) > 0
