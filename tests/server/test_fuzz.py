"""Random and hostile client messages never break a table: only legal moves of the seat to
move, at the table's seq, are accepted; everything else is an error and changes nothing."""

import json
import random

from railtable.engine.record import Record, replay
from tests.server.conftest import hello, make_table, recv_until

JUNK = [None, True, -1, 0, 1, 6, 7, 2**40, 1.5, "0", "", [], {}, [0], {"type": "draw"},
        {"type": "play", "card": 3}, {"type": "play", "card": "3"}, {"type": "play"},
        {"type": "play", "card": None}, "x" * 50]


def random_message(rng, seq, legal_ids):
    # (no pings: a ping marks the end of each step's replies)
    kind = rng.choice(["act", "act", "act", "undo", "lang", "nonsense", "raw"])
    if kind == "raw":
        return rng.choice(["", "{", "[]", "42", '"act"', "{}", '{"type": null}'])
    msg = {"type": kind}
    if kind in ("act", "undo"):
        msg["seq"] = rng.choice([seq, seq, seq - 1, seq + 1, rng.choice(JUNK)])
    if kind == "act":
        if rng.random() < 0.5:
            msg["id"] = rng.choice(legal_ids + JUNK) if legal_ids else rng.choice(JUNK)
        else:
            msg["action"] = rng.choice(JUNK)
    if kind == "lang":
        msg["lang"] = rng.choice(["ru", "en", "de", None, 1])
    return json.dumps(msg)


def test_random_messages_from_every_connection(client):
    rng = random.Random(2024)
    out = make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
                     options={"decisions": 30})
    tid, tokens = out["id"], [s["token"] for s in out["seats"]]
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        socks = [a, b, spec]
        last = [hello(a, tokens[0]), hello(b, tokens[1]), hello(spec)]
        seq, accepted = 0, 0
        for _ in range(400):
            cur = last[2]["current"]
            if cur is not None and rng.random() < 0.3:  # a proper move now and then
                who = cur
                text = json.dumps({"type": "act", "seq": seq,
                                   "id": rng.choice(last[cur]["legal"])["id"]})
            else:
                who = rng.randrange(3)
                ids = [c["id"] for c in last[who]["legal"]]
                text = random_message(rng, seq, ids)
            socks[who].send_text(text)
            socks[who].send_text('{"type": "ping"}')  # every reply before the pong is ours
            m, seen = recv_until(socks[who], lambda x: x["type"] == "pong")
            for x in seen:
                if x["type"] in ("state", "update"):
                    last[who] = x
            if any(x["type"] in ("state", "update") and x["seq"] != seq for x in seen):
                new_seq = [x["seq"] for x in seen if x["type"] in ("state", "update")][-1]
                accepted += new_seq > seq
                seq = new_seq
                for k in range(3):  # the others hear of it too
                    if k != who:
                        last[k], _ = recv_until(socks[k], lambda x, s=seq: x.get("seq") == s
                                                and x["type"] in ("update", "state"))
    info = client.get(f"/api/tables/{tid}").json()
    assert info["moves"] == seq and info["status"] == "finished" and accepted >= 30
    final = replay(Record.from_json(client.get(f"/api/tables/{tid}/record").json()))
    assert final.observation(None) == last[2]["observation"]
    assert final.result().to_json() == last[0]["result"]
