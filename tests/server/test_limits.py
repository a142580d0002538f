"""Limits a hostile client meets (issue #23, point 4): bot strength, the shared bot pool,
no bot process left behind, and rates of table creation and messages."""

import asyncio
import json
import secrets
import signal
import time

import httpx
import psutil
import pytest
from starlette.testclient import TestClient

from railtable.server import create_app
from railtable.server.limits import Limits, RateLimiter
from tests.server.cluster import check_redis
from tests.server.conftest import NO_RATES, hello, make_table, recv_until
from tests.server.util import ServerProcess

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]


def bot_table(client, spec, game="toy"):
    return client.post("/api/tables", json={"game": game, "seats": [
        {"kind": "bot", "bot": spec}, {"kind": "human", "name": "A"}]})


@pytest.mark.parametrize("spec, code, words", [
    ("mcts(ms=1000000000)", "bot_limit", ["5000 ms", "--bot-max-ms"]),
    ("mcts(jobs=64)", "bot_limit", ["limit of 1 search processes", "--bot-max-jobs"]),
    ("mcts(iterations=1000000000)", "bot_limit", ["100000 iterations",
                                                  "--bot-max-iterations"]),
    ("mcts(steps=100000000000)", "bot_limit", ["--bot-max-steps"]),
    ("mcts(ms=nan)", "bad_bot", ["ms=nan is not a finite number"]),
    ("mcts(ms=inf)", "bad_bot", ["ms=inf is not a finite number"]),
    ("mcts(ms=-inf)", "bad_bot", ["not a finite number"]),
    ("mcts(ms=1e999)", "bad_bot", ["not a finite number"]),
    ("mcts(ms=0)", "bad_bot", ["more than 0"]),
    ("mcts(ms=fast)", "bad_bot", ["number of milliseconds"]),
    ("mcts(jobs=1.5)", "bad_bot", ["jobs=1.5 must be a whole number"]),
    ("mcts(jobs=0)", "bad_bot", ["at least 1"]),
    ("mcts(iterations=true)", "bad_bot", ["whole number of iterations"]),
    ("mcts(c=1e9)", "bot_limit", ["c=1000000000.0", "limit of 100"]),
    ("mcts(horizon=100000)", "bot_limit", ["limit of 100"]),
    ("mcts(ms=\ud800)", "bad_unicode", ["lone surrogate"]),
    ("mcts(ms=10", "bad_bot", ["not a bot spec"]),
])
def test_a_bot_over_the_limits_is_refused_naming_the_limit(client, spec, code, words):
    r = client.post("/api/tables", content=json.dumps({"game": "toy", "seats": [
        {"kind": "bot", "bot": spec}, {"kind": "human"}]}),
        headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["error"] == code, body
    for w in words:
        assert w in body["message"], body["message"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing was created


def test_the_largest_allowed_bots_are_accepted_and_work_alone_gets_the_clock(client):
    r = bot_table(client, "mcts(ms=5000,iterations=100000,steps=10000000,jobs=1)")
    assert r.status_code == 201, r.text
    r = bot_table(client, "mcts(iterations=200)")
    assert r.status_code == 201, r.text
    info = client.get(f"/api/tables/{r.json()['id']}").json()
    assert info["seats"][0]["bot"] == "mcts(iterations=200,ms=5000)"


def test_the_limits_are_the_servers_settings(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'a.db'}", bot_delay=0, bot_processes=False,
                     limits={**NO_RATES, "bot_ms": 100, "bot_jobs": 2})
    with TestClient(app) as client:
        r = bot_table(client, "mcts(ms=200)")
        assert r.status_code == 400 and "limit of 100 ms" in r.json()["message"]
        assert bot_table(client, "mcts(ms=100,jobs=2)").status_code == 201
        r = bot_table(client, "mcts(jobs=3)")
        assert r.status_code == 400 and "limit of 2 search processes" in r.json()["message"]


def test_bad_limits_are_refused_when_the_server_starts(tmp_path):
    with pytest.raises(ValueError, match="bot_ms"):
        Limits(bot_ms=0)
    with pytest.raises(ValueError, match="create_rate"):
        Limits(create_rate="often")
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "railtable.server", "--bot-max-jobs", "0",
                        "--db", f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "bot_jobs" in r.stderr


def test_the_command_line_defaults_are_the_limits_defaults():
    from typer.main import get_command

    from railtable.cli import app
    params = {p.name: p.default for p in get_command(app).commands["serve"].params}
    d = Limits()
    assert (params["bot_max_ms"], params["bot_max_iterations"], params["bot_max_steps"],
            params["bot_max_jobs"], params["rate_tables"], params["rate_messages"],
            params["rate_signin"], params["rate_chat"]) == (
        d.bot_ms, d.bot_iterations, d.bot_steps, d.bot_jobs, d.create_rate, d.message_rate,
        d.signin_rate, d.chat_rate)


# -- the shared pool -----------------------------------------------------------------------

def test_one_pending_bot_move_per_table_so_tables_take_turns(tmp_path):
    """One bot worker for three all-bot tables: each table waits for at most one move of
    each other table (the pool's queue holds one move per table), so no table runs ahead."""
    app = create_app(f"sqlite:///{tmp_path / 'f.db'}", bot_delay=0, bot_processes=False,
                     bot_workers=1, limits=NO_RATES)
    order: list[str] = []
    with TestClient(app) as client:
        mgr = app.state.manager
        publish = mgr.broker.publish

        def logged(table_id, version):
            order.append(table_id)
            publish(table_id, version)
        mgr.broker.publish = logged
        submitted: list = []
        pool_submit = mgr.bots.pool.submit

        def submit(fn, *a, **k):
            submitted.append(fn)
            return pool_submit(fn, *a, **k)
        mgr.bots.pool.submit = submit
        ids = [client.post("/api/tables", json={
            "game": "toy", "seats": [{"kind": "bot", "bot": "random"}] * 2,
            "options": {"decisions": 40}}).json()["id"] for _ in range(3)]
        for _ in range(600):
            if all(client.get(f"/api/tables/{i}").json()["status"] == "finished" for i in ids):
                break
            time.sleep(0.05)
        assert all(client.get(f"/api/tables/{i}").json()["moves"] == 40 for i in ids)
    assert len(order) == 120 and len(submitted) >= 120
    # while all three play (the last table created has started), no table makes more than
    # a few moves in a row (a move may commit while another table's is still being stored;
    # a table that starved the others would make all 40 of its moves in one run)
    start = order.index(ids[2])
    end = min(max(i for i, t in enumerate(order) if t == tid) for tid in ids)
    window = order[start:end]
    for tid in ids:
        since = 0
        for t in window:
            since = since + 1 if t == tid else 0
            assert since <= 3, (tid, window)


def test_a_bot_over_its_budget_is_stopped_and_the_pool_serves_others(tmp_path, monkeypatch,
                                                                     caplog):
    """One bot process; a bot that would think forever (whatever it was allowed to ask for)
    is stopped at the budget, a random move is played for it, and another table's bots
    play their game to the end meanwhile."""
    import os
    monkeypatch.setenv("RAILTABLE_GAMES", os.environ["RAILTABLE_GAMES"]
                       + ",tests.server.barrier_game")
    from railtable.engine.registry import games, register
    from tests.server.barrier_game import GAME
    register(GAME)  # here, and through the environment in the bot process
    try:
        run_stuck_and_other(tmp_path, caplog)
    finally:
        games().pop(GAME.id, None)  # other tests may list every game


def run_stuck_and_other(tmp_path, caplog):
    app = create_app(f"sqlite:///{tmp_path / 'b.db'}", bot_delay=0, bot_budget=1.0,
                     bot_workers=1, limits={**NO_RATES, "bot_ms": 100})
    with TestClient(app) as client:
        stuck = client.post("/api/tables", json={"game": "barrier_test", "seats": [
            {"kind": "bot", "bot": f"waiting(path={tmp_path / 'never'})"},
            {"kind": "human", "name": "A"}]}).json()["id"]
        other = client.post("/api/tables", json={"game": "toy", "options": {"decisions": 6},
                                                 "seats": [{"kind": "bot", "bot": "random"}] * 2}
                            ).json()["id"]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if client.get(f"/api/tables/{other}").json()["status"] == "finished" \
                    and client.get(f"/api/tables/{stuck}").json()["moves"] >= 1:
                break
            time.sleep(0.1)
        assert client.get(f"/api/tables/{other}").json()["status"] == "finished"
        assert client.get(f"/api/tables/{stuck}").json()["moves"] >= 1  # a random move
    assert f"table {stuck}: bot waiting" in caplog.text and "overran its" in caplog.text
    assert f"table {other}:" not in caplog.text  # its bots made every move themselves


# -- no bot process left ----------------------------------------------------------------------

def descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def search_processes(pid: int) -> list[psutil.Process]:
    """A bot's own search processes: the server's grandchildren."""
    out = []
    for child in descendants(pid):
        try:
            if child.ppid() != pid:
                out.append(child)
        except psutil.NoSuchProcess:
            pass
    return out


def start_biggest_bots(srv: ServerProcess, seats: int = 4) -> tuple[str, list[psutil.Process]]:
    r = httpx.post(srv.url + "/api/tables", timeout=30, json={
        "game": "branch_line", "seats": [{"kind": "bot", "bot": "mcts(ms=5000,jobs=2)"}] * seats})
    assert r.status_code == 201, r.text
    pid = srv.proc.pid
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not search_processes(pid):
        time.sleep(0.1)
    procs = descendants(pid)
    assert search_processes(pid), "no bot started its search processes"
    return r.json()["id"], procs


@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL"])
def test_no_bot_process_outlives_the_server(tmp_path, how):
    srv = ServerProcess(tmp_path / "p.db", args=("--bot-max-jobs", "2", "--bot-workers", "2"))
    with srv:
        _tid, procs = start_biggest_bots(srv)
        assert len(procs) >= 3  # two workers and at least one search process
        srv.proc.send_signal(getattr(signal, how))
        srv.proc.wait(30)
    _gone, alive = psutil.wait_procs(procs, timeout=10)
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive


def test_no_search_process_outlives_its_table(tmp_path):
    with ServerProcess(tmp_path / "t.db", args=("--bot-max-jobs", "2")) as srv:
        r = httpx.post(srv.url + "/api/tables", timeout=30, json={
            "game": "toy", "options": {"decisions": 6},
            "seats": [{"kind": "bot", "bot": "mcts(ms=300,jobs=2)"}] * 2})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        seen = set()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            seen |= {p.pid for p in search_processes(srv.proc.pid)}
            if httpx.get(f"{srv.url}/api/tables/{tid}", timeout=30).json()["status"] \
                    == "finished":
                break
            time.sleep(0.02)
        assert httpx.get(f"{srv.url}/api/tables/{tid}", timeout=30).json()["status"] \
            == "finished"
        assert seen, "the bots never searched with their own processes"
        workers = descendants(srv.proc.pid)
        assert workers and all(p.ppid() == srv.proc.pid for p in workers)  # the pool only
        assert not search_processes(srv.proc.pid)


# -- rates ----------------------------------------------------------------------------------

def test_table_creation_is_rate_limited_per_client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0)) as client:
        for _ in range(10):  # the default: 10/minute
            assert client.post("/api/tables", json={"game": "toy", "seats": TWO}) \
                .status_code == 201
        r = client.post("/api/tables", json={"game": "toy", "seats": TWO})
        assert r.status_code == 429
        assert r.json()["error"] == "rate_limited"
        assert "10/minute" in r.json()["message"] and "--rate-tables" in r.json()["message"]
        assert len(client.get("/api/tables").json()["tables"]) == 10


def test_accepting_invitations_and_cancelling_are_rate_limited_per_client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'i.db'}", bot_delay=0,
                     limits={"create_rate": "2/minute"})
    with TestClient(app) as client:
        made = [make_table(client, [{"kind": "human", "name": "A"}, {"kind": "human"}])
                for _ in range(2)]
        # each kind of request has its own count: the two creations leave accepting free
        for out in made:
            r = client.post("/api/invitations/accept",
                            json={"table": out["id"], "key": out["seats"][1]["key"]})
            assert r.status_code == 200, r.text
        r = client.post("/api/invitations/accept", json={"table": made[0]["id"], "key": "k"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert "2/minute" in r.json()["message"] and "--rate-tables" in r.json()["message"]
        for out in made:
            r = client.post(f"/api/tables/{out['id']}/cancel",
                            json={"creator": out["creator"]})
            assert r.status_code == 200 and r.json()["status"] == "cancelled"
        r = client.post(f"/api/tables/{made[0]['id']}/cancel", json={"creator": "x"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"


def test_messages_are_rate_limited_per_connection_which_stays_open(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", bot_delay=0,
                     limits={"message_rate": "5/minute"})
    with TestClient(app) as client:
        out = make_table(client, TWO)
        tid, tokens = out["id"], [s["token"] for s in out["seats"]]
        with client.websocket_connect(f"/ws/tables/{tid}") as a, \
                client.websocket_connect(f"/ws/tables/{tid}") as b:
            first = hello(a, tokens[0])
            hello(b, tokens[1])
            assert first["current"] == 0
            for _ in range(4):
                a.send_text('{"type": "ping"}')
                recv_until(a, lambda m: m["type"] == "pong")
            a.send_text(json.dumps({"type": "act", "seq": 0, "id": first["legal"][0]["id"]}))
            recv_until(a, lambda m: m["type"] == "update" and m["seq"] == 1)
            a.send_text('{"type": "ping"}')  # the sixth message in a minute
            err, _ = recv_until(a, lambda m: m["type"] == "error")
            assert err["code"] == "rate_limited" and "5/minute" in err["message"]
            # the other connection has its own count, and `a` still hears the table
            upd, _ = recv_until(b, lambda m: m["type"] == "update" and m["seq"] == 1)
            b.send_text(json.dumps({"type": "act", "seq": 1, "id": upd["legal"][0]["id"]}))
            recv_until(a, lambda m: m["type"] == "update" and m["seq"] == 2)
            assert client.get(f"/api/tables/{tid}").json()["moves"] == 2


def test_the_creation_rate_is_counted_in_redis_across_workers():
    url = check_redis()

    async def run():
        a = RateLimiter(Limits(create_rate="3/minute"), url)
        b = RateLimiter(Limits(create_rate="3/minute"), url)
        client = "test-" + secrets.token_hex(8)
        await a.create(client)
        await b.create(client)
        await a.create(client)
        with pytest.raises(Exception) as e:
            await b.create(client)
        assert getattr(e.value, "code", None) == "rate_limited"
        await a.create("other-" + client)  # another address has its own count
    asyncio.run(run())


def test_without_redis_a_creation_is_let_through(caplog):
    async def run():
        rates = RateLimiter(Limits(create_rate="1/minute"), "redis://127.0.0.1:1/0")
        for _ in range(3):
            await rates.create("someone")  # no exception: counted nowhere, logged
    asyncio.run(run())
    assert "rate limit storage unavailable" in caplog.text


def test_limits_from_the_environment_of_a_server_process(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_BOT_MAX_MS", "100")
    with ServerProcess(tmp_path / "e.db") as srv:
        r = httpx.post(srv.url + "/api/tables", timeout=30, json={"game": "toy", "seats": [
            {"kind": "bot", "bot": "mcts(ms=200)"}, {"kind": "human"}]})
        assert r.status_code == 400 and "limit of 100 ms" in r.json()["message"]
