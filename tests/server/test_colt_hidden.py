"""Colt Express over the server: no connection is told a hand, a face-down card or a purse
value it may not know."""

import json
import random

import pytest

from railtable.engine.record import Record, replay
from railtable.games.colt_express import GAME
from tests.server.conftest import hello, make_table, recv_until


def private_texts(record, n):
    """Per seat, the log lines of events addressed only to other seats."""
    texts = {p: set() for p in range(n)}
    public = set()

    def on_step(i, a, st):
        for e in st.events:
            t = GAME.event_text(e, "en")
            to = e.get("to")
            if to is None:
                public.add(t)
            else:
                for p in (to if isinstance(to, list) else [to]):
                    if isinstance(p, int) and 0 <= p < n:
                        texts[p].add(t)

    replay(record, record_events=True, on_step=on_step)
    return texts, public


def test_colt_messages_hide_hands_face_down_cards_and_purses(client):
    n = 3
    out = make_table(client, [{"kind": "human", "name": f"P{i}"} for i in range(n)],
                     game="colt_express")
    tid, tokens = out["id"], [s["token"] for s in out["seats"]]
    rng = random.Random(11)
    got = {k: [] for k in [0, 1, 2, None]}
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b, \
            client.websocket_connect(f"/ws/tables/{tid}") as c, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        socks = {0: a, 1: b, 2: c, None: spec}
        last = {k: hello(ws, tokens[k] if k is not None else None) for k, ws in socks.items()}
        for k in socks:
            got[k].append(last[k])
        seq = 0
        while last[0]["status"] != "finished":
            cur = last[0]["current"]
            assert last[cur]["legal"], "the seat to move is offered its choices"
            send = {"type": "act", "seq": seq, "id": rng.choice(last[cur]["legal"])["id"]}
            socks[cur].send_text(json.dumps(send))
            seq += 1
            for k, ws in socks.items():
                m, seen = recv_until(ws, lambda x: x.get("seq") == seq)
                got[k] += seen
                last[k] = m
            assert seq < 1000
    record = Record.from_json(client.get(f"/api/tables/{tid}/record").json())
    private, public = private_texts(record, n)
    faced_down = 0
    for who, msgs in got.items():
        for m in msgs:
            if m["type"] not in ("state", "update"):
                continue
            st = replay(record, upto=m["seq"])
            o = m["observation"]
            assert o == st.observation(who)  # what the game lets this seat know, no more
            over = st.is_terminal()
            if who is None:
                assert o["hand"] is None
            for p in o["players"]:
                assert isinstance(p["hand"], int) and isinstance(p["deck"], int)
            for i, card in enumerate(o["pile"]):
                # a face-down card is turned over when Stealin' resolves it
                unrevealed = not card["resolved"] and o["resolving"] != i
                if card["face_down"] and card["seat"] != who and unrevealed and not over:
                    assert card["card"] is None
                    faced_down += 1
            purses = [x for b in o["bandits"] for x in b["purses"]] + \
                     [x for spot in o["loot"] for x in spot["purses"]]
            for x in purses:
                if x["value"] is not None and not over:
                    everyone = (1 << n) - 1
                    mask = st.known[x["id"]]
                    assert mask == everyone if who is None else mask >> who & 1
            if who is not None and m["current"] != who:
                assert m["legal"] == []
            texts = {e["text"] for e in m["log"]}
            others = set().union(*(private[p] for p in range(n) if p != who)) - public
            if who is not None:
                others -= private[who]
            assert not texts & others, texts & others
            assert "token" not in json.dumps(m)
    assert faced_down > 0, "the game had face-down cards to hide"
