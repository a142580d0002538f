"""Several workers on PostgreSQL + Redis are one site: real processes, real servers.

See tests/server/cluster.py for where the services come from (scripts/test provides them).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time

import httpx
import pytest

from tests.server.cluster import (Player, PrivatePostgres, PrivateRedis, Site,
                                  assert_seen_is_stored, check_records, check_redis,
                                  fresh_database, owner_of_connection, play_out, worker_pids)
from tests.server.util import ROOT

pytestmark = [pytest.mark.cluster,
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")]


@pytest.fixture
def site(pg_db, tmp_path):
    s = Site(pg_db, check_redis(), tmp_path)
    yield s
    s.stop()


def new_table(base: str, seats: list[dict], decisions: int = 12) -> dict:
    r = httpx.post(base + "/api/tables", json={"game": "toy", "seats": seats,
                                               "options": {"decisions": decisions}}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def wait_finished(db: str, ids: list[str], timeout: float = 120.0) -> None:
    from sqlalchemy import create_engine, text
    engine = create_engine(db)
    try:
        deadline = time.monotonic() + timeout
        while True:
            with engine.connect() as c:
                left = c.execute(text("SELECT count(*) FROM tables WHERE status != 'finished' "
                                      "AND id = ANY(:ids)"), {"ids": ids}).scalar()
            if left == 0:
                return
            assert time.monotonic() < deadline, f"{left} of {len(ids)} tables unfinished"
            time.sleep(0.5)
    finally:
        engine.dispose()


# -- the setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, says", [
    (["--workers", "2"], "--broker redis://"),
    (["--workers", "2", "--broker", "redis://127.0.0.1:6379/0"], "postgresql"),
    (["--broker", "redis://127.0.0.1:6379/0"], "postgresql"),
    (["--workers", "2", "--db", "postgresql+psycopg://u@h/d", "--broker", "http://x"],
     "redis://"),
])
def test_several_workers_without_broker_or_on_sqlite_are_refused_with_what_to_add(
        tmp_path, args, says):
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}"] if "--db" not in args else []
    r = subprocess.run([sys.executable, "-m", "railtable.cli", "serve", "--port", "1", *db,
                        *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert says in r.stdout + r.stderr, r.stdout + r.stderr


# -- one game, two workers -------------------------------------------------------------------

def test_players_on_different_workers_see_the_same_game_move_for_move(site):
    a, b = site.start(), site.start()
    out = new_table(a, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                    decisions=30)
    tid = out["id"]
    ann = Player(a, tid, out["seats"][0]["token"])
    bob = Player(b, tid, out["seats"][1]["token"])
    ann_twin = Player(b, tid, out["seats"][0]["token"])  # Ann's second tab, other worker
    watch_a, watch_b = Player(a, tid, None), Player(b, tid, None)
    rng = random.Random(7)
    races = 0
    while ann.last["status"] != "finished":
        seq = ann.last["seq"]
        if ann.last["legal"] and len(ann.last["legal"]) > 1 and races < 4:
            # both of Ann's tabs decide the same turn at once, on two workers
            first, second = rng.sample(ann.last["legal"], 2)
            ann.send({"type": "act", "seq": seq, "id": first["id"]})
            ann_twin.send({"type": "act", "seq": seq, "id": second["id"]})
            races += 1
        else:
            mover = ann if ann.last["legal"] else bob
            mover.send({"type": "act", "seq": seq, "id": rng.choice(mover.last["legal"])["id"]})
        for p in (ann, bob, ann_twin, watch_a, watch_b):
            p.recv(lambda m: m["type"] in ("state", "update") and m["seq"] == seq + 1)
    assert races == 4
    # exactly one of each race was accepted: the other was refused as stale
    assert sum(e["code"] == "stale" for e in ann.errors + ann_twin.errors) == 4
    # the spectators of both workers were shown the same positions, move for move
    assert watch_a.updates == watch_b.updates
    assert [s for s, _ in watch_b.updates] == list(range(ann.last["seq"] + 1))
    recs = check_records(site.db)
    assert len(recs[tid].actions) == ann.last["seq"]
    for p, seat in ((ann, 0), (bob, 1), (ann_twin, 0), (watch_a, None), (watch_b, None)):
        assert_seen_is_stored(p, recs[tid], seat)
        p.close()


def test_two_hundred_bot_tables_on_two_workers_replay_to_their_results(site):
    from concurrent.futures import ThreadPoolExecutor
    base = site.start(workers=2)
    t0 = time.monotonic()
    with ThreadPoolExecutor(16) as pool:  # the tables are created, and play, concurrently
        ids = [out["id"] for out in pool.map(
            lambda _: new_table(base, [{"kind": "bot", "bot": "random"}] * 2), range(200))]
    t1 = time.monotonic()
    wait_finished(site.db, ids, timeout=240)
    print(f"created in {t1 - t0:.1f} s, finished {time.monotonic() - t1:.1f} s later")
    recs = check_records(site.db, ids)
    assert len(recs) == 200
    assert all(len(r.actions) == 12 and r.result for r in recs.values())


# -- faults ----------------------------------------------------------------------------------

def test_sigkill_of_a_worker_loses_no_action_and_its_players_play_on(pg_db, tmp_path):
    site = Site(pg_db, check_redis(), tmp_path, bot_delay=0.15)
    try:
        base = site.start(workers=2)
        port = int(base.rsplit(":", 1)[1])
        bots = [new_table(base, [{"kind": "bot", "bot": "random"}] * 2, decisions=40)["id"]
                for _ in range(20)]
        out = new_table(base, [{"kind": "human", "name": "Ann"},
                               {"kind": "bot", "bot": "random"}], decisions=40)
        tid = out["id"]
        ann = Player(base, tid, out["seats"][0]["token"])
        rng = random.Random(3)
        killed = []

        def crash(seq: int) -> None:
            if seq >= 10 and not killed:
                pid = owner_of_connection(port, ann.client_port())
                assert pid in worker_pids(site.procs[0].pid)
                import os
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
        play_out(ann, rng, before_move=crash)
        assert killed and ann.reconnects >= 1
        wait_finished(site.db, bots + [tid], timeout=120)
        recs = check_records(site.db)
        assert_seen_is_stored(ann, recs[tid], 0)
        assert all(len(recs[i].actions) == 40 for i in bots + [tid])
        ann.close()
    finally:
        site.stop()


def test_a_restart_of_redis_loses_and_duplicates_nothing(pg_db, tmp_path):
    redis = PrivateRedis().start()
    site = Site(pg_db, redis.url, tmp_path, bot_delay=0.1)
    try:
        a, b = site.start(), site.start()
        bots = [new_table(a if i % 2 else b, [{"kind": "bot", "bot": "random"}] * 2,
                          decisions=40)["id"] for i in range(10)]
        out = new_table(a, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                            {"kind": "bot", "bot": "random"}], decisions=40)
        tid = out["id"]
        ann, bob = Player(a, tid, out["seats"][0]["token"]), Player(b, tid,
                                                                    out["seats"][1]["token"])
        watch = Player(b, tid, None)
        rng = random.Random(5)
        restarted = []
        while ann.last["status"] != "finished":
            seq = ann.last["seq"]
            if seq >= 12 and not restarted:
                redis.stop()
                time.sleep(1.0)
                redis.start()
                restarted.append(seq)
            bob.until(lambda m: m["seq"] >= seq)
            mover = next((p for p in (ann, bob) if p.last["legal"] and p.last["seq"] == seq),
                         None)
            if mover is not None:
                mover.send({"type": "act", "seq": seq,
                            "id": rng.choice(mover.last["legal"])["id"]})
            for p in (ann, bob, watch):
                p.until(lambda m: m["seq"] > seq or m["status"] == "finished")
        assert restarted
        wait_finished(site.db, bots + [tid], timeout=120)
        recs = check_records(site.db)
        for p, seat in ((ann, 0), (bob, 1), (watch, None)):
            assert_seen_is_stored(p, recs[tid], seat)
        assert [s for s, _ in watch.updates] == list(range(len(recs[tid].actions) + 1))
        assert all(len(recs[i].actions) == 40 for i in bots)
    finally:
        site.stop()
        redis.stop()


def test_a_restart_of_postgresql_loses_and_duplicates_nothing(tmp_path):
    pg = PrivatePostgres().init()
    try:
        db, drop = fresh_database(pg.url)
        site = Site(db, check_redis(), tmp_path, bot_delay=0.1)
        try:
            a, b = site.start(), site.start()
            bots = [new_table(a if i % 2 else b, [{"kind": "bot", "bot": "random"}] * 2,
                              decisions=40)["id"] for i in range(10)]
            out = new_table(a, [{"kind": "human", "name": "Ann"},
                                {"kind": "bot", "bot": "random"}], decisions=40)
            tid = out["id"]
            ann = Player(b, tid, out["seats"][0]["token"])
            watch = Player(a, tid, None)
            rng = random.Random(9)
            down = []

            def outage(seq: int) -> None:
                if seq >= 10 and not down:
                    pg.stop()
                    # no database: the worker refuses the move with a clear error
                    n = len(ann.errors)
                    ann.send({"type": "act", "seq": seq, "id": ann.last["legal"][0]["id"]})
                    ann.recv(lambda m: m["type"] == "error" and len(ann.errors) > n)
                    down.append(ann.errors[-1])
                    r = httpx.post(a + "/api/tables", json={
                        "game": "toy", "seats": [{"kind": "bot", "bot": "random"}] * 2},
                        timeout=30)
                    down.append(r.status_code)
                    pg.start()
            play_out(ann, rng, before_move=outage)
            assert down[0]["code"] == "storage" and "database" in down[0]["message"]
            assert down[1] == 503
            watch.recv(lambda m: m["type"] in ("state", "update")
                       and m["status"] == "finished")
            wait_finished(db, bots + [tid], timeout=120)
            recs = check_records(db)
            assert_seen_is_stored(ann, recs[tid], 0)
            assert_seen_is_stored(watch, recs[tid], None)
            assert all(len(recs[i].actions) == 40 for i in bots)
        finally:
            site.stop()
            drop()
    finally:
        pg.destroy()
