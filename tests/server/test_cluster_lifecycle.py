"""Deadlines on several workers (PostgreSQL + Redis): every worker looks for turns that ran
out, and the version compare-and-set makes exactly one of them act on each."""

from __future__ import annotations

import time

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.server.cluster import Site, check_records, check_redis
from tests.server.test_cluster import wait_finished

pytestmark = [pytest.mark.cluster,
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")]


def test_two_workers_see_each_passed_deadline_and_one_acts_on_it(pg_db, tmp_path):
    # both workers look every 50 ms, so both find each deadline passed
    site = Site(pg_db, check_redis(), tmp_path, sweep_seconds=0.05)
    try:
        urls = [site.start(), site.start()]
        ids = []
        for k in range(3):
            r = httpx.post(urls[k % 2] + "/api/tables", timeout=30, json={
                "game": "toy", "options": {"decisions": 6},
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                "clock": {"kind": "live", "move": 1, "reserve": 0}})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        # nobody moves: each seat's turn runs out, a bot takes it, and the bots finish
        wait_finished(pg_db, ids, timeout=120)
        engine = create_engine(pg_db)
        try:
            with engine.connect() as c:
                rows = c.execute(text("SELECT table_id, seat, kind FROM table_events "
                                      "WHERE table_id = ANY(:ids) ORDER BY id"),
                                 {"ids": ids}).all()
                states = c.execute(text("SELECT table_id, seat, state FROM seats "
                                        "WHERE table_id = ANY(:ids)"), {"ids": ids}).all()
        finally:
            engine.dispose()
        assert sorted((r.table_id, r.seat, r.kind) for r in rows) == sorted(
            (t, s, "timeout") for t in ids for s in (0, 1))
        assert all(s.state == "timeout" for s in states)
        for url in urls:  # both workers agree, once the news reached them (Redis, async)
            for t in ids:
                deadline = time.monotonic() + 30
                while (info := httpx.get(f"{url}/api/tables/{t}", timeout=30).json())[
                        "status"] != "finished":
                    assert time.monotonic() < deadline, (url, info["status"])
                    time.sleep(0.1)
                assert [e["kind"] for e in info["events"]] == ["timeout", "timeout"]
        check_records(pg_db, ids)
    finally:
        site.stop()
