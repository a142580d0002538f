"""Load test: many live tables played over WebSockets by random clients on loopback.

Every seat of every table is its own WebSocket client. When it is a seat's turn, it sends a
random legal action and measures the time until the server's update for that action comes
back (the move was validated, applied, committed and broadcast). A finished table is
replaced by a new one so the number of live tables stays constant.

    run(tables=200, seats=4, seconds=10, game=None, url=None) -> dict   # game: an id

With url=None a server is started in a subprocess on a free 127.0.0.1 port: with a temporary
SQLite file, or on a given database and broker with a number of workers (db=, broker=,
workers=; see docs/deploy.md). Only loopback addresses are accepted, and counts and durations are bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

MAX_TABLES = 1000
MAX_SECONDS = 600.0
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _raise_fd_limit() -> None:
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, 65536), hard))
    except (ImportError, ValueError, OSError):
        pass


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


class _Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0
        self.tables_finished = 0
        self.measuring = False


def _cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process and its children (its workers, their bot
    processes) from Linux /proc, or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        total += _cpu_seconds(int(child)) or 0.0
    return total


async def _drive(base: str, tables: int, seats: int, seconds: float, game: str,
                 server_pid: int | None = None, rate: float | None = None,
                 patches: bool = True, deflate: bool = False) -> dict:
    import httpx

    stats = _Stats()
    rng = random.Random(1)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        warmup = min(2.0, seconds / 5)
        stop_at = time.perf_counter() + 3600  # set properly once every table is seated
        # with a rate, each table moves at most every `interval` seconds (its players
        # "think"); without one every seat answers at once and the server is saturated
        holder = {"stop": stop_at, "interval": tables / rate if rate else 0.0, "seated": 0,
                  "patches": patches, "deflate": deflate}
        # seat every table first, then measure for `seconds`
        tasks = []
        for i in range(tables):
            tasks.append(asyncio.create_task(_play_table_until(
                http, base, game, seats, stats, holder, rng)))
            if i % 20 == 19:
                await asyncio.sleep(0)
        # every table made and every seat connected before the window opens (a busy
        # server may take longer than the warm-up for that)
        ready_by = time.perf_counter() + 300
        while holder["seated"] < tables and time.perf_counter() < ready_by:
            await asyncio.sleep(0.1)
        await asyncio.sleep(warmup)
        stats.measuring = True
        cpu0 = _cpu_seconds(server_pid)
        own0 = time.process_time()
        t0 = time.perf_counter()
        holder["stop"] = t0 + seconds
        await asyncio.sleep(seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        cpu1 = _cpu_seconds(server_pid)
        own1 = time.process_time()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)
    return {
        "game": game, "tables": tables, "seats": seats, "seconds": round(elapsed, 2),
        "moves": stats.moves, "moves_per_s": round(stats.moves / elapsed, 1),
        "p50_ms": round(_percentile(lat, 0.50) * 1000, 1),
        "p95_ms": round(_percentile(lat, 0.95) * 1000, 1),
        "p99_ms": round(_percentile(lat, 0.99) * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1) if lat else float("nan"),
        "errors": stats.errors, "tables_finished": stats.tables_finished,
        "server_cpu_ms_per_move": (round((cpu1 - cpu0) * 1000 / stats.moves, 3)
                                   if cpu0 is not None and cpu1 is not None and stats.moves
                                   else None),
        "client_cpu_ms_per_move": (round((own1 - own0) * 1000 / stats.moves, 3)
                                   if stats.moves else None),
    }


async def _play_table_until(http, base, game, seats, stats, holder, rng) -> None:
    from websockets.asyncio.client import connect

    ws_base = base.replace("http://", "ws://", 1)
    while time.perf_counter() < holder["stop"]:
        r = await http.post(f"{base}/api/tables", json={
            "game": game, "seats": [{"kind": "human", "name": f"load{i}"} for i in range(seats)]})
        if r.status_code != 201:
            raise RuntimeError(f"cannot create a {game} table: {r.text}")
        out = r.json()
        conns = []
        try:
            for s in out["seats"]:
                ws = await connect(f"{ws_base}/ws/tables/{out['id']}", max_size=2 ** 22,
                                   compression="deflate" if holder["deflate"] else None,
                                   open_timeout=60, ping_interval=None)
                await ws.send(json.dumps({"type": "hello", "token": s["token"], "lang": "en",
                                          "patches": holder["patches"]}))
                conns.append(ws)
            holder["seated"] += 1
            done = asyncio.Event()
            pace = {"next": time.perf_counter() + rng.random() * holder["interval"]}
            await asyncio.gather(*(_seat_until(ws, stats, holder, rng, done, pace)
                                   for ws in conns))
            if done.is_set():
                stats.tables_finished += 1
        finally:
            for ws in conns:
                await ws.close()


_HEAD = re.compile(r'^\{"type":"(state|update)",(?:"v":\d+,)?"seq":(\d+),"status":"(\w+)"')
_DECODER = json.JSONDecoder()


def _quick(raw: str) -> dict:
    """The fields a player needs (type, seq, status, legal) without parsing the whole
    observation; any other message is parsed in full."""
    head = _HEAD.match(raw)
    k = raw.find('"legal":', head.end()) if head else -1
    if k < 0:
        return json.loads(raw)
    legal, _ = _DECODER.raw_decode(raw, k + 8)
    return {"type": head.group(1), "seq": int(head.group(2)), "status": head.group(3),
            "legal": legal}


async def _seat_until(ws, stats, holder, rng, done, pace) -> None:
    sent_seq = -1
    sent_at = 0.0
    status, legal = "running", []
    choices: list = []  # with patches: every choice sent whole since the full state
    async for raw in ws:
        if sent_seq < 0 and '"legal":[]' in raw and '"status":"running"' in raw:
            continue  # a whole view, not this seat's turn: nothing to measure or parse
        m = _quick(raw)
        kind = m.get("type")
        if kind == "error":
            stats.errors += 1
            continue
        if kind == "patch":  # what changed: the status among its operations, the choices
            for op in m["ops"]:  # when they changed (one held before: its number)
                if op["path"] == "/status":
                    status = op["value"]
            if "legal" in m:
                legal = []
                for c in m["legal"]:
                    if not isinstance(c, int):
                        choices.append(c)
                    legal.append(choices[c] if isinstance(c, int) else c)
        elif kind in ("state", "update"):
            status, legal = m["status"], m["legal"]
            choices = list(legal)
        else:
            continue
        if sent_seq >= 0 and m["seq"] > sent_seq:
            if stats.measuring:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.moves += 1
            sent_seq = -1
        if status == "finished":
            done.set()
            return
        if time.perf_counter() >= holder["stop"]:
            return
        if legal and sent_seq < 0:
            interval = holder["interval"]
            if interval:
                wait = pace["next"] - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                pace["next"] = max(time.perf_counter(), pace["next"]) + interval
            choice = legal[int(rng.random() * len(legal))]
            sent_seq = m["seq"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": m["seq"], "id": choice["id"]}))


def _start_server(tmp: Path, db: str | None = None, broker: str | None = None,
                  workers: int = 1) -> tuple[subprocess.Popen, str]:
    import httpx

    port = _free_port()
    env = dict(os.environ)
    log = open(tmp / "server.log", "wb")
    cmd = [sys.executable, "-m", "railtable.server", "--host", "127.0.0.1", "--port",
           str(port), "--db", db or f"sqlite:///{tmp / 'loadtest.db'}", "--bot-delay", "0",
           "--workers", str(workers),
           # the load is many clients' from one address: the server's own rates would cap it
           "--rate-tables", "none", "--rate-messages", "none"]
    if broker:
        cmd += ["--broker", broker]
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {(tmp / 'server.log').read_text()[-2000:]}")
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 60 s")


def run(tables: int = 200, seats: int = 4, seconds: float = 10.0, game: str | None = None,
        url: str | None = None, *, rate: float | None = None, db: str | None = None,
        broker: str | None = None, workers: int = 1, patches: bool = True,
        deflate: bool = False) -> dict:
    """Drive `tables` live tables of `seats` WebSocket players each for `seconds`.

    patches: the players ask for patches after the first full state, as the table page
    does (False: whole views at every move, as a client that does not ask gets).
    deflate: the players offer permessage-deflate, as browsers do, so the server
    compresses what it sends (False: nothing is compressed).

    rate: moves per second offered in total (each table then moves every tables/rate
    seconds); None plays every move at once, which saturates the server and measures its
    throughput. Returns and prints accepted moves per second and latency percentiles (ms).
    """
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be 1-{MAX_TABLES}")
    if not 1 <= seats <= 16:
        raise ValueError("seats must be 1-16")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be in (0, {MAX_SECONDS}]")
    if rate is not None and not 0 < rate <= 100_000:
        raise ValueError("rate must be in (0, 100000] moves per second")
    if not 1 <= workers <= 64:
        raise ValueError("workers must be 1-64")
    if url is not None and (db or broker or workers != 1):
        raise ValueError("db, broker and workers are for the server the load test starts; "
                         "a running server (url) has its own")
    if db or broker or workers != 1:
        from railtable.server.cluster import check_setup
        check_setup(db or "sqlite://", broker, workers)
    if game is None:  # the first installed game
        from railtable.engine.registry import games
        game = next(iter(games()), None)
        if game is None:
            raise ValueError("no game is installed")
    if url is not None:
        parsed = urlparse(url)
        if parsed.scheme != "http" or parsed.hostname not in LOOPBACK:
            raise ValueError("the load test only drives a server on a loopback address "
                             "(http://127.0.0.1:PORT)")
        url = url.rstrip("/")
    _raise_fd_limit()
    proc = None
    with tempfile.TemporaryDirectory(prefix="railtable-load-") as tmp:
        try:
            if url is None:
                proc, url = _start_server(Path(tmp), db, broker, workers)
            try:
                import uvloop
                runner = asyncio.Runner(loop_factory=uvloop.new_event_loop)
            except ImportError:
                runner = asyncio.Runner()
            with runner:
                out = runner.run(_drive(url, tables, seats, seconds, game,
                                         proc.pid if proc is not None else None, rate,
                                         patches, deflate))
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    out["url"] = url
    out["rate"] = rate
    out["workers"] = workers
    out["patches"] = patches
    out["deflate"] = deflate
    print(f"{out['moves']} moves accepted in {out['seconds']} s: {out['moves_per_s']} moves/s; "
          f"latency p50 {out['p50_ms']} ms, p95 {out['p95_ms']} ms, p99 {out['p99_ms']} ms "
          f"(max {out['max_ms']} ms); {tables} tables x {seats} seats of {game} "
          f"({'patches' if patches else 'whole views'}"
          f"{', compressed' if deflate else ''}); "
          f"{out['tables_finished']} tables finished; {out['errors']} errors; server CPU "
          f"{out['server_cpu_ms_per_move']} ms per move, load-test client CPU "
          f"{out['client_cpu_ms_per_move']} ms per move", flush=True)
    return out


if __name__ == "__main__":
    import argparse

    p = argparse.ArgumentParser(prog="python -m railtable.server.loadtest")
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--game", default=None, help="a game id (default: the first installed)")
    p.add_argument("--url", default=None)
    p.add_argument("--rate", type=float, default=None,
                   help="moves per second offered in total (default: as fast as possible)")
    p.add_argument("--db", default=None)
    p.add_argument("--broker", default=None)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--whole-views", action="store_true",
                   help="players do not ask for patches: a whole view at every move")
    p.add_argument("--deflate", action="store_true",
                   help="players offer permessage-deflate, as browsers do")
    a = p.parse_args()
    run(a.tables, a.seats, a.seconds, a.game, a.url, rate=a.rate, db=a.db, broker=a.broker,
        workers=a.workers, patches=not a.whole_views, deflate=a.deflate)
