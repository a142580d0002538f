"""A table's life besides its moves (docs/server.md, "Table lifecycle"): resigning, clocks
and what a timeout does, taking a seat back, cancelling and expiring, each through the HTTP
API and the WebSocket. Time is the clocks' own (`railtable.server.clock.now`), moved forward
by the tests; the sweep that acts on deadlines is called directly."""

import json

import pytest
from starlette.testclient import TestClient

from railtable.engine.record import Record, replay
from railtable.engine.registry import get_game
from railtable.server import clock, create_app
from railtable.server.lifecycle import default_bot, standing
from railtable.server.storage import SeatRow
from tests.server.conftest import hello, make_table, recv_until

T0 = 1_800_000_000.0
TOY_BOT = default_bot(get_game("toy"))  # the toy game has only the random bot


class FakeClock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now(monkeypatch):
    fc = FakeClock()
    monkeypatch.setattr(clock, "now", fc)
    return fc


def app_for(db, **kw):
    kw.setdefault("bot_delay", 0)
    kw.setdefault("sweep_seconds", 0)  # the tests sweep themselves
    kw.setdefault("bot_processes", False)
    return create_app(db, **kw)


@pytest.fixture
def client(tmp_path, now):
    with TestClient(app_for(f"sqlite:///{tmp_path / 'rt.db'}")) as c:
        yield c


def sweep(client) -> int:
    return client.portal.call(client.app.state.manager.sweep)


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


def post_raw(client, url, body):
    """POST JSON as Python writes it: NaN and Infinity literals, lone surrogates escaped."""
    return client.post(url, content=json.dumps(body), headers={"content-type":
                                                                "application/json"})


def two(client, decisions=12, **body):
    r = client.post("/api/tables", json={
        "game": "toy", "options": {"decisions": decisions},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], **body})
    assert r.status_code == 201, r.text
    out = r.json()
    return out["id"], [s["token"] for s in out["seats"]], out


def state_where(ws, pred):
    return recv_until(ws, lambda m: m.get("type") in ("state", "update") and pred(m))[0]


def finished(m):
    return m.get("status") == "finished"


# -- the clock's arithmetic ----------------------------------------------------------------

def seats(*reserves):
    return [SeatRow(i, "human", None, f"P{i}", "h", reserve=r) for i, r in enumerate(reserves)]


def test_a_turn_longer_than_a_move_eats_the_reserve_and_the_next_turn_starts_then():
    c = {"kind": "live", "move": 30, "reserve": 300}
    s = seats(300.0, 300.0)
    first = clock.next_turn(c, s, None, None, None, 0, 100.0)
    assert (first.seat, first.start, first.deadline) == (0, 100.0, 100.0 + 30 + 300)
    # seat 0 takes 50 s: 20 beyond its move come off its reserve; seat 1 starts at 150
    nxt = clock.next_turn(c, s, 0, 100.0, first.deadline, 1, 150.0)
    assert nxt.reserves == {0: 280.0}
    assert (nxt.seat, nxt.start, nxt.deadline) == (1, 150.0, 150.0 + 330)
    # within its move: the reserve stays; the same seat to move again keeps its turn
    assert clock.next_turn(c, s, 1, 150.0, 480.0, 0, 170.0).reserves == {}
    assert clock.next_turn(c, s, 1, 150.0, 480.0, 1, 170.0) == nxt.__class__(1, 150.0, 480.0)
    # nobody to move (the game is over) or a bot to move: no deadline
    assert clock.next_turn(c, s, 1, 150.0, 480.0, None, 170.0).deadline is None
    assert clock.next_turn(None, s, None, None, None, 0, 1.0).deadline is None


def test_the_standing_puts_forfeited_seats_last_and_out_of_the_winners():
    s = seats(None, None, None)
    s[0].state = "resigned"
    s[2].state = "timeout"  # a bot played the seat, but its player may come back: ranked
    result = {"scores": [50, 20, 30], "winners": [0], "reason": "x"}
    assert standing(result, s, False) == {"order": [2, 1, 0], "winners": [2], "forfeited": [0]}
    s[1].state = "dropped"
    assert standing(result, s, False)["order"] == [2, 0, 1]
    # a cooperative team wins or loses together: leaving it ranks nobody
    s[0].state = "left"
    coop = {"scores": [5, 5, 5], "winners": [0, 1, 2], "reason": "x"}
    assert standing(coop, s, True)["winners"] == [0, 1, 2]
    assert standing(None, s, False) is None


@pytest.mark.parametrize("body, code", [
    ({"clock": {"kind": "blitz", "move": 5}}, "bad_clock"),
    ({"clock": {"kind": "live", "move": 0}}, "bad_clock"),
    ({"clock": {"kind": "live", "move": 1.5}}, "bad_clock"),
    ({"clock": {"kind": "live", "move": 30, "reserve": -1}}, "bad_clock"),
    ({"clock": {"kind": "live", "move": True}}, "bad_clock"),
    ({"clock": {"kind": "turn", "move": 60}}, "bad_clock"),  # a turn-based clock counts hours
    ({"clock": {"kind": "live", "move": 30, "extra": 1}}, "bad_clock"),
    ({"clock": "30s"}, "bad_clock"),
    ({"clock": {"kind": ["live"]}}, "bad_clock"),
    # sent as Infinity and NaN: the request's JSON reader refuses them before the clock
    ({"clock": {"kind": "live", "move": float("inf")}}, "bad_number"),
    ({"clock": {"kind": "live", "move": 30, "reserve": float("nan")}}, "bad_number"),
    ({"clock": {"kind": "live", "move": 10 ** 30}}, "bad_clock"),
    ({"clock": {"kind": "live", "move": 30}, "timeout": "kick"}, "bad_timeout"),
])
def test_a_bad_clock_or_timeout_is_refused_with_what_is_wrong(client, body, code):
    r = post_raw(client, "/api/tables", {"game": "toy", "seats": [{"kind": "human"}] * 2,
                                         **body})
    assert r.status_code == 400 and r.json()["error"] == code, r.text
    assert r.json()["message"]


def test_a_cooperative_game_refuses_drop_as_the_timeout(client):
    r = client.post("/api/tables", json={
        "game": "switch_and_signal", "seats": [{"kind": "human"}] * 2,
        "clock": {"kind": "live", "move": 30}, "timeout": "drop"})
    assert r.status_code == 400 and r.json()["error"] == "bad_timeout"


def test_the_clock_is_shown_with_each_seats_time_left(client, now):
    tid, tokens, out = two(client, clock={"kind": "live", "move": 30, "reserve": 300})
    assert out["creator"]
    info = client.get(f"/api/tables/{tid}").json()
    assert info["clock"] == {"kind": "live", "move": 30, "reserve": 300}
    assert info["timeout"] == "bot"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        st = hello(ws, tokens[0])
        assert st["clock"]["seat"] == 0 and st["clock"]["deadline"] == T0 + 330
        assert st["clock"]["remaining"] == [330, 330]
        now.t += 40  # 10 s beyond the move: off the reserve
        send(ws, type="act", seq=0, id=st["legal"][0]["id"])
        up = state_where(ws, lambda m: m["seq"] == 1)
        assert up["clock"]["seat"] == 1 and up["clock"]["deadline"] == T0 + 40 + 330
        assert up["clock"]["remaining"] == [320, 330]
    # no clock: none shown
    tid2, tokens2, _ = two(client)
    with client.websocket_connect(f"/ws/tables/{tid2}") as ws:
        assert hello(ws, tokens2[0])["clock"] is None


# -- resigning -----------------------------------------------------------------------------

def test_a_player_who_resigns_is_ranked_last_and_a_bot_plays_the_seat_out(client):
    tid, tokens, _ = two(client, decisions=8)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        sa, _ = hello(a, tokens[0]), hello(b, tokens[1])
        send(a, type="resign")
        st = state_where(a, lambda m: m["type"] == "state")
        me = st["table"]["seats"][0]
        assert me["state"] == "resigned" and me["bot"] == TOY_BOT
        assert st["table"]["players"][0]["state"] == "resigned"
        assert st["legal"] == []  # the bot decides for the seat now
        assert [e["kind"] for e in st["table"]["events"]] == ["resigned"]
        # a resigned player cannot act, nor resign again, nor take the seat back
        send(a, type="act", seq=st["seq"], id=0)
        send(a, type="resign")
        send(a, type="take_back")
        codes = [recv_until(a, lambda m: m.get("type") == "error")[0]["code"]
                 for _ in range(3)]
        assert codes[1:] == ["already_resigned", "forfeited"]
        assert codes[0] in ("bot_seat", "not_your_turn", "stale")
        # Bob plays on against the bot
        m = state_where(b, lambda m: True)
        while not finished(m):
            if m["legal"]:
                send(b, type="act", seq=m["seq"], id=m["legal"][0]["id"])
            m = state_where(b, lambda x: x["seq"] > m["seq"] or finished(x))
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "finished"
    assert info["standing"]["order"][-1] == 0 and info["standing"]["forfeited"] == [0]
    assert 0 not in info["standing"]["winners"] and info["standing"]["winners"] == [1]
    # the record is the game's own: it replays to the stored result
    record = client.get(f"/api/tables/{tid}/record").json()
    assert replay(Record.from_json(record)).result().to_json() == info["result"]


def test_resigning_is_refused_to_spectators_and_before_the_start(client):
    tid, tokens, _ = two(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        send(ws, type="resign")
        err = recv_until(ws, lambda m: m.get("type") == "error")[0]
        assert err["code"] == "forbidden"
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        hello(ws, out["seats"][0]["token"])
        send(ws, type="resign")
        assert recv_until(ws, lambda m: m.get("type") == "error")[0]["code"] == "not_started"
        send(ws, type="take_back")
        assert recv_until(ws, lambda m: m.get("type") == "error")[0]["code"] == "not_started"


def test_when_every_human_has_resigned_the_table_is_abandoned_and_kept(client):
    tid, tokens, _ = two(client)
    for tok in tokens:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, tok)
            send(ws, type="resign")
            state_where(ws, lambda m: m["type"] == "state")
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "abandoned"
    assert [e["kind"] for e in info["events"]] == ["resigned", "resigned", "abandoned"]
    lists = client.get("/api/tables?status=open,running").json()["tables"]
    assert tid not in [t["id"] for t in lists]
    assert tid in [t["id"] for t in
                   client.get("/api/tables?status=abandoned").json()["tables"]]
    assert client.get(f"/api/tables/{tid}/replay").status_code == 200
    assert client.get(f"/api/tables/{tid}/record").status_code == 200


def test_in_the_cooperative_game_a_player_leaves_the_team_and_a_bot_takes_the_seat(client):
    out = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                     game="switch_and_signal")
    tid = out["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, out["seats"][1]["token"])
        send(ws, type="resign")
        st = state_where(ws, lambda m: m["type"] == "state")
    seat = st["table"]["seats"][1]
    assert seat["state"] == "left" and seat["bot"] == "heuristic"
    assert st["table"]["status"] == "running"
    assert [e["kind"] for e in st["table"]["events"]] == ["left"]


# -- timeouts and taking a seat back -------------------------------------------------------

def test_a_timeout_hands_the_seat_to_a_bot_and_its_player_takes_it_back(client, now):
    tid, tokens, _ = two(client, clock={"kind": "live", "move": 5, "reserve": 0})
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        st = hello(a, tokens[0])
        assert st["clock"]["deadline"] == T0 + 5
        now.t += 4
        assert sweep(client) == 0  # not yet
        now.t += 2
        # a move after the deadline is refused, and sets the timeout going
        send(a, type="act", seq=0, id=st["legal"][0]["id"])
        assert recv_until(a, lambda m: m.get("type") == "error")[0]["code"] == "time_out"
        st = state_where(a, lambda m: m["type"] == "state"
                         and m["table"]["seats"][0]["state"] == "timeout")
        assert st["table"]["seats"][0]["bot"] == TOY_BOT
        assert [e["kind"] for e in st["table"]["events"]] == ["timeout"]
        assert sweep(client) == 0  # acted once: nothing is due any more
        # the bot moved for seat 0: Bob's turn, timed from then; Anna cannot undo the
        # bot's decision
        st = state_where(a, lambda m: m["seq"] >= 1)
        assert st["clock"]["seat"] == 1 and st["clock"]["deadline"] == now.t + 5
        assert st["can_undo"] is False
        send(a, type="undo", seq=1)
        assert recv_until(a, lambda m: m.get("type") == "error")[0]["code"] in ("no_undo",
                                                                              "bot_seat")
        send(a, type="take_back")
        st = state_where(a, lambda m: m["type"] == "state"
                         and m["table"]["seats"][0]["state"] is None)
        assert st["table"]["seats"][0]["bot"] is None
        assert [e["kind"] for e in st["table"]["events"]] == ["timeout", "back"]
        send(a, type="take_back")
        assert recv_until(a, lambda m: m.get("type") == "error")[0]["code"] == "not_taken"


def test_drop_as_the_timeout_forfeits_the_seat(client, now):
    tid, tokens, _ = two(client, decisions=4, clock={"kind": "live", "move": 5},
                         timeout="drop")
    now.t += 6
    assert sweep(client) == 1
    info = client.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["state"] == "dropped" and info["seats"][0]["bot"] == "random"
    with client.websocket_connect(f"/ws/tables/{tid}") as b:
        m = hello(b, tokens[1])
        while not finished(m):
            if m["legal"]:
                send(b, type="act", seq=m["seq"], id=m["legal"][0]["id"])
            m = state_where(b, lambda x: x["seq"] > m["seq"] or finished(x))
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, tokens[0])
        send(a, type="take_back")
        assert recv_until(a, lambda m: m.get("type") == "error")[0]["code"] == "finished"
    info = client.get(f"/api/tables/{tid}").json()
    assert info["standing"]["forfeited"] == [0] and info["standing"]["order"][-1] == 0


def test_a_deadline_survives_a_restart_and_the_next_server_acts_on_it(tmp_path, now):
    db = f"sqlite:///{tmp_path / 'rt.db'}"
    with TestClient(app_for(db)) as c1:
        tid, tokens, _ = two(c1, clock={"kind": "turn", "move": 3600, "reserve": 0})
        with c1.websocket_connect(f"/ws/tables/{tid}") as ws:
            deadline = hello(ws, tokens[0])["clock"]["deadline"]
    assert deadline == T0 + 3600
    now.t = deadline + 1
    # a new server, whose own sweep runs at its start
    with TestClient(app_for(db, sweep_seconds=0.05)) as c2:
        with c2.websocket_connect(f"/ws/tables/{tid}") as ws:
            m = hello(ws, tokens[1])
            if m["table"]["seats"][0]["state"] != "timeout":  # the sweep may come later
                state_where(ws, lambda m: m["type"] == "state"
                            and m["table"]["seats"][0]["state"] == "timeout")
        assert [e["kind"] for e in c2.get(f"/api/tables/{tid}").json()["events"]] \
            == ["timeout"]


def test_the_clock_starts_when_the_last_seat_is_taken(client, now):
    r = client.post("/api/tables", json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "open": True}],  # anyone may take it
        "clock": {"kind": "turn", "move": 7200, "reserve": 86400}})
    out = r.json()
    tid = out["id"]
    now.t += 50000  # an open table has no deadline: nothing runs out while it waits
    assert sweep(client) == 0
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        st = hello(ws, out["seats"][0]["token"])
        assert st["clock"]["seat"] == 0
        assert st["clock"]["deadline"] == now.t + 7200 + 86400


# -- cancelling and expiring ---------------------------------------------------------------

def test_the_creator_cancels_a_table_before_it_starts(client):
    r = client.post("/api/tables", json={"game": "toy", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
    out = r.json()
    tid, secret = out["id"], out["creator"]
    for body, status, code in [({}, 403, "not_creator"),
                               ({"creator": "x" * 30}, 403, "not_creator"),
                               # the body's reader refuses a lone surrogate first
                               ({"creator": "\ud800"}, 400, "bad_unicode"),
                               ({"creator": ["x"]}, 403, "not_creator"),
                               ({"creator": out["seats"][0]["token"]}, 403, "not_creator")]:
        r = post_raw(client, f"/api/tables/{tid}/cancel", body)
        assert (r.status_code, r.json()["error"]) == (status, code)
    assert client.post("/api/tables/nope/cancel", json={"creator": secret}).status_code == 404
    r = client.post(f"/api/tables/{tid}/cancel", json={"creator": secret})
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    r = client.post(f"/api/tables/{tid}/cancel", json={"creator": secret})
    assert (r.status_code, r.json()["error"]) == (409, "finished")
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    assert (r.status_code, r.json()["error"]) == (409, "finished")
    assert tid not in [t["id"] for t in
                       client.get("/api/tables?status=open").json()["tables"]]
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "cancelled" and info["events"][0]["kind"] == "cancelled"
    assert client.get(f"/api/tables/{tid}/replay").status_code == 200


def test_a_private_table_is_no_table_to_a_stranger_who_cancels(client):
    out = client.post("/api/tables", json={"game": "toy", "private": True, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human"}]}).json()
    tid = out["id"]
    for body in ({}, {"creator": "x" * 30}, {"creator": out["seats"][1]["key"]}):
        r = client.post(f"/api/tables/{tid}/cancel", json=body)
        assert (r.status_code, r.json()["error"]) == (404, "not_found"), body
    # a seat's holder learns that only the creator may; the creator cancels
    r = client.post(f"/api/tables/{tid}/cancel", json={},
                    headers={"Authorization": f"Bearer {out['seats'][0]['token']}"})
    assert (r.status_code, r.json()["error"]) == (403, "not_creator")
    r = client.post(f"/api/tables/{tid}/cancel", json={"creator": out["creator"]})
    assert r.status_code == 200 and r.json()["status"] == "cancelled"


def test_a_started_table_cannot_be_cancelled(client):
    tid, _, out = two(client)
    r = client.post(f"/api/tables/{tid}/cancel", json={"creator": out["creator"]})
    assert (r.status_code, r.json()["error"]) == (409, "started")


def test_an_open_table_expires_after_the_operators_time(tmp_path, now):
    with TestClient(app_for(f"sqlite:///{tmp_path / 'rt.db'}", open_seconds=3600)) as c:
        out = make_table(c, [{"kind": "human", "name": "Ann"},
                             {"kind": "human", "open": True}])
        tid, tid2 = out["id"], two(c)[0]
        now.t += 3599
        assert sweep(c) == 0
        now.t += 2
        assert sweep(c) == 1
        assert c.get(f"/api/tables/{tid}").json()["status"] == "expired"
        assert c.get(f"/api/tables/{tid2}").json()["status"] == "running"  # it had started
        r = c.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
        assert r.status_code == 409


def test_every_lifecycle_refusal_has_a_russian_and_an_english_text_in_the_page():
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    codes = set()
    for name in ("lifecycle.py", "clock.py"):
        codes |= set(re.findall(r'ActionError\("([a-z_]+)"',
                                (root / "railtable/server" / name).read_text()))
    codes.add("time_out")  # live.py's, for a move after the deadline
    js = (root / "railtable/web/common.js").read_text()
    en, ru = js.split("\n  ru: {", 1)
    assert codes >= {"bad_clock", "already_resigned", "not_creator", "started"}
    for code in sorted(codes):
        assert f'"err.{code}"' in en and f'"err.{code}"' in ru, code
