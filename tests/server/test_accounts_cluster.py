"""Accounts on a site of several workers (PostgreSQL + Redis): a session made on one worker
signs in on every worker, and sign-in attempts are counted for the whole site."""

from __future__ import annotations

import httpx
import pytest

from tests.server.cluster import Site, check_redis

pytestmark = [pytest.mark.cluster,
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")]


@pytest.fixture
def site(pg_db, tmp_path):
    s = Site(pg_db, check_redis(), tmp_path)
    yield s
    s.stop()


def test_a_session_holds_on_every_worker_and_attempts_are_counted_site_wide(site):
    base = site.start(workers=2)
    with httpx.Client(base_url=base, timeout=30) as ann:
        r = ann.post("/api/account/signup", json={"name": "Ann", "password": "p" * 12})
        assert r.status_code == 201, r.text
        session = ann.cookies["rt_session"]
    workers, names = set(), set()
    for _ in range(30):  # a new connection each time: the workers share the socket
        with httpx.Client(base_url=base, timeout=30, cookies={"rt_session": session}) as c:
            workers.add(c.get("/api/health").json()["worker"])
        with httpx.Client(base_url=base, timeout=30, cookies={"rt_session": session}) as c:
            names.add((c.get("/api/account").json()["account"] or {}).get("name"))
        if len(workers) == 2:
            break
    assert len(workers) == 2 and names == {"Ann"}
    # the default --rate-signin, 10/minute: ten wrong attempts, then refused on any worker
    codes = []
    for _ in range(12):
        with httpx.Client(base_url=base, timeout=30) as c:
            codes.append(c.post("/api/account/signin", json={
                "name": "ann", "password": "wrong password"}).status_code)
    assert codes == [401] * 10 + [429] * 2
