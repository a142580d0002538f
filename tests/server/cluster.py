"""Real servers for the multi-worker tests: PostgreSQL, Redis and `railtable serve` processes.

The services are those of the machine (RAILTABLE_TEST_PG, default
postgresql+psycopg://postgres@127.0.0.1:5432/test; RAILTABLE_TEST_REDIS, default
redis://127.0.0.1:6379/0), which scripts/test starts when they are not running. Each test
gets a database of its own, dropped afterwards. A test that must restart a service starts a
private one (a Redis on a free port; a PostgreSQL cluster in a temporary folder) and leaves
the machine's alone. No service, no pass: the tests fail and say why.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from railtable.engine.record import Record, check_result, replay
from tests.server.util import ROOT, free_port

PG = os.environ.get("RAILTABLE_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("RAILTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")
PG_BIN = Path("/usr/lib/postgresql")


def need(what: str, why: str):
    pytest.fail(f"{what} is needed for the multi-worker tests and {why} (scripts/test starts "
                "PostgreSQL and Redis; or set RAILTABLE_TEST_PG / RAILTABLE_TEST_REDIS)",
                pytrace=False)


def check_redis(url: str = REDIS) -> str:
    import redis
    try:
        redis.from_url(url, socket_connect_timeout=3).ping()
    except Exception as e:  # noqa: BLE001
        need(f"Redis at {url}", f"cannot be reached: {e}")
    return url


def fresh_database(admin_url: str = PG) -> tuple[str, "callable"]:
    """A new empty database on the server of `admin_url`; returns its URL and a dropper."""
    name = f"railtable_test_{os.getpid()}_{secrets.token_hex(3)}"
    try:
        admin = create_engine(admin_url, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as e:  # noqa: BLE001
        need(f"PostgreSQL at {admin_url}", f"cannot be used: {e}")
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        try:
            with admin.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            admin.dispose()
    return url, drop


class Site:
    """`python -m railtable.server` processes on one database and one broker."""

    def __init__(self, db: str, broker: str, log_dir: Path, bot_delay: float = 0.0,
                 lease_seconds: float = 2.0, sweep_seconds: float = 1.0) -> None:
        self.db, self.broker, self.log_dir = db, broker, log_dir
        self.bot_delay, self.lease_seconds = bot_delay, lease_seconds
        self.sweep_seconds = sweep_seconds
        self.procs: list[subprocess.Popen] = []

    def start(self, workers: int = 1, port: int | None = None,
              args: tuple[str, ...] = ()) -> str:
        port = port or free_port()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        log = open(self.log_dir / f"server-{port}-{len(self.procs)}.log", "wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "railtable.server", "--host", "127.0.0.1", "--port",
             str(port), "--db", self.db, "--broker", self.broker, "--workers", str(workers),
             "--bot-delay", str(self.bot_delay), "--lease-seconds", str(self.lease_seconds),
             "--check-seconds", "0.5", "--rate-tables", "none", "--rate-messages", "none",
             "--sweep-seconds", str(self.sweep_seconds), *args],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log(port)}")
            try:
                if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                    return url
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"server did not start: {self.log(port)}")

    def log(self, port: int) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:]
                         for p in self.log_dir.glob(f"server-{port}-*.log"))

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(10)


def worker_pids(supervisor: int) -> list[int]:
    """The uvicorn workers of a `--workers N` server (its direct children)."""
    path = Path(f"/proc/{supervisor}/task/{supervisor}/children")
    return [int(x) for x in path.read_text().split()]


def owner_of_connection(port: int, client_port: int) -> int | None:
    """The process that holds the server side of a loopback TCP connection."""
    out = subprocess.run(["ss", "-tnpH", "state", "established"], capture_output=True,
                         text=True).stdout
    for line in out.splitlines():  # Recv-Q Send-Q Local Peer Process
        cols = line.split()
        if (len(cols) >= 5 and cols[2] == f"127.0.0.1:{port}"
                and cols[3] == f"127.0.0.1:{client_port}"):
            m = re.search(r"pid=(\d+)", line)
            if m:
                return int(m.group(1))
    return None


def connection_owners(port: int) -> set[int]:
    """The processes holding established connections on the server side of `port`."""
    out = subprocess.run(["ss", "-tnpH", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    return {int(m) for m in re.findall(r"pid=(\d+)", out)}


def check_records(db: str, table_ids: list[str] | None = None) -> dict[str, Record]:
    """Every table's actions are seq 0..n-1 exactly once, n is its move count, and its
    record replays through the engine to the stored result. Returns the records."""
    engine = create_engine(db)
    out = {}
    try:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as c, \
                c.begin():  # one snapshot: tables may still be playing
            tables = c.execute(text("SELECT id, game, options, seed, num_players, status, "
                                    "rules_version, moves, result FROM tables")).all()
            for t in tables:
                if table_ids is not None and t.id not in table_ids:
                    continue
                rows = c.execute(text("SELECT seq, action FROM actions WHERE table_id = :t "
                                      "ORDER BY seq"), {"t": t.id}).all()
                seqs = [r.seq for r in rows]
                assert seqs == list(range(len(rows))), f"table {t.id}: seqs {seqs}"
                assert t.moves == len(rows), f"table {t.id}: {t.moves} moves, {len(rows)} rows"
                rec = Record(game=t.game, num_players=t.num_players, seed=int(t.seed),
                             options=t.options, actions=[r.action for r in rows],
                             rules_version=t.rules_version, result=t.result)
                state = replay(rec)
                if t.status == "finished":
                    assert check_result(rec, state) is not None
                else:
                    assert not state.is_terminal()
                out[t.id] = rec
    finally:
        engine.dispose()
    return out


class PrivateRedis:
    """A redis-server of our own on a free port, without persistence (a restart empties it,
    the worst case for the leases)."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not os.path.exists(self.binary):
            need("redis-server", "is not installed")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "PrivateRedis":
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind",
                                      "127.0.0.1", "--save", "", "--appendonly", "no"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                redis.from_url(self.url, socket_connect_timeout=1).ping()
                return self
            except Exception:  # noqa: BLE001
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(20)


class PrivatePostgres:
    """A PostgreSQL cluster of our own (initdb in a temporary folder, run by the postgres
    user when we are root) on a free port: restarting it disturbs nobody."""

    def __init__(self) -> None:
        versions = sorted(PG_BIN.glob("*/bin/initdb"))
        if not versions:
            need("PostgreSQL's server programs", f"are not installed under {PG_BIN}")
        self.bin = versions[-1].parent
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="railtable-pg-"))
        self.root = os.geteuid() == 0
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {r.stdout}\n{r.stderr}")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def init(self) -> "PrivatePostgres":
        self._run("initdb", "-D", str(self.dir / "data"), "-A", "trust", "-U", "postgres",
                  "--no-sync")
        return self.start()

    def start(self) -> "PrivatePostgres":
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w",
                  "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off", "start")
        return self

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def destroy(self) -> None:
        try:
            self.stop()
        except Exception:  # noqa: BLE001 - already stopped
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


class Player:
    """A WebSocket client of one seat (or a spectator) that reconnects like the page does,
    and remembers every position it was shown."""

    def __init__(self, base: str, table_id: str, token: str | None) -> None:
        self.base, self.table_id, self.token = base, table_id, token
        self.seen: dict[int, dict] = {}  # seq -> observation
        self.updates: list[tuple[int, dict]] = []  # every state/update, in order
        self.errors: list[dict] = []
        self.last: dict | None = None
        self.ws = None
        self.reconnects = 0
        self.connect()

    def connect(self) -> None:
        from websockets.sync.client import connect
        deadline = time.monotonic() + 60
        while True:
            try:
                ws_url = self.base.replace("http://", "ws://") + f"/ws/tables/{self.table_id}"
                self.ws = connect(ws_url, open_timeout=10, max_size=2 ** 22)
                self.ws.send(json.dumps({"type": "hello", "token": self.token, "lang": "en"}))
                self.recv(lambda m: m["type"] == "state")
                return
            except Exception:  # noqa: BLE001 - the server is restarting: again, like the page
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def client_port(self) -> int:
        return self.ws.socket.getsockname()[1]

    def recv(self, pred, timeout: float = 60.0) -> dict:
        """Messages until one satisfies pred; a lost connection is reopened."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching message; last {self.last}")
            try:
                raw = self.ws.recv(timeout=left)
            except TimeoutError:
                continue
            except Exception:  # noqa: BLE001 - closed: reconnect and go on
                self.reconnects += 1
                self.connect()
                if self.last is not None and pred(self.last):
                    return self.last
                continue
            m = json.loads(raw)
            if m["type"] in ("state", "update"):
                self.last = m
                self.updates.append((m["seq"], m["observation"]))
                self.seen[m["seq"]] = m["observation"]
            elif m["type"] == "error":
                self.errors.append(m)
            if pred(m):
                return m

    def until(self, pred, timeout: float = 90.0) -> dict:
        """The newest position once it satisfies pred (maybe the one already shown)."""
        if self.last is not None and pred(self.last):
            return self.last
        return self.recv(lambda m: m["type"] in ("state", "update") and pred(m), timeout)

    def send(self, msg: dict) -> None:
        try:
            self.ws.send(json.dumps(msg))
        except Exception:  # noqa: BLE001 - closed: the next recv reconnects
            pass

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001
            pass


def play_out(player: Player, rng, before_move=None, limit: int = 500) -> None:
    """Play the seat's turns with random legal actions until the game ends; an action that
    is refused (stale, or no database for a moment) is chosen again from the newest state."""
    for _ in range(limit):
        m = player.last
        if m["status"] == "finished":
            return
        if m["legal"]:
            if before_move is not None:
                before_move(m["seq"])
            choice = rng.choice(m["legal"])
            n_err = len(player.errors)
            player.send({"type": "act", "seq": m["seq"], "id": choice["id"]})
            seq = m["seq"]
            # a full state (after a reconnect) or an error: decide again from the newest
            player.recv(lambda x: x["type"] == "state" or (x["type"] == "update"
                                                           and x["seq"] > seq)
                        or (x["type"] == "error" and len(player.errors) > n_err))
            if len(player.errors) > n_err:  # refused: look again after a moment
                time.sleep(0.3)
                player.send({"type": "ping"})
                player.recv(lambda x: x["type"] in ("pong", "state", "update"))
        else:
            seq = m["seq"]
            player.recv(lambda x: x["type"] in ("state", "update") and
                        (x["seq"] > seq or x["status"] == "finished"))
    raise AssertionError("the game did not end")


def assert_seen_is_stored(player: Player, rec: Record, seat: int | None) -> None:
    """Every position the player was shown is the stored record's position at that seq:
    no accepted action was lost or changed."""
    assert player.seen
    for seq, obs in player.seen.items():
        assert seq <= len(rec.actions), f"shown seq {seq}, stored {len(rec.actions)}"
        want = json.loads(json.dumps(replay(rec, upto=seq).observation(seat)))
        assert want == obs, f"position {seq} differs"
