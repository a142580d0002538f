"""The table page survives a server crash: it reconnects and the game goes on."""

import httpx
import pytest

from tests.server.util import ServerProcess
from tests.web.helpers import play_by_clicking

pytestmark = pytest.mark.browser


def test_page_reconnects_after_a_server_crash_and_the_game_goes_on(tmp_path, page_ru):
    db = tmp_path / "crash.db"
    srv = ServerProcess(db).start()
    try:
        out = httpx.post(srv.url + "/api/tables", json={
            "game": "toy", "options": {"decisions": 8},
            "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "random"}]}).json()
        page = page_ru
        page.goto(srv.url + out["seats"][0]["url"])
        page.wait_for_selector("#choice-list button")
        page.locator("#choice-list button").first.click()
        page.wait_for_function("() => document.body.dataset.seq === '2'")  # mine, the bot's
        srv.kill()
        page.wait_for_selector("#conn.disconnected")
        srv = ServerProcess(db, port=srv.port).start()
        page.wait_for_selector("#conn.connected")
        page.wait_for_function("() => document.body.dataset.seq === '2'")
        assert page.locator("#turn").inner_text() == "Ваш ход"
        assert play_by_clicking(page, lambda p: False) == 3
        assert page.locator("#result-card").is_visible()
    finally:
        srv.stop()


@pytest.mark.cluster
def test_page_reconnects_to_a_surviving_worker_after_a_sigkill(tmp_path, page_ru):
    import os
    import signal
    import time

    from tests.server.cluster import (Site, check_records, check_redis, connection_owners,
                                      fresh_database, worker_pids)

    db, drop = fresh_database()
    site = Site(db, check_redis(), tmp_path, bot_delay=0.02)
    try:
        base = site.start(workers=2)
        port = int(base.rsplit(":", 1)[1])
        out = httpx.post(base + "/api/tables", json={
            "game": "toy", "options": {"decisions": 8},
            "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "random"}]}).json()
        page = page_ru
        page.goto(base + out["seats"][0]["url"])
        page.wait_for_selector("#choice-list button")
        page.locator("#choice-list button").first.click()
        page.wait_for_function("() => document.body.dataset.seq === '2'")
        # the page's plain HTTP connections close when idle; its WebSocket stays
        deadline = time.monotonic() + 30
        while len(owners := connection_owners(port)) != 1 and time.monotonic() < deadline:
            time.sleep(0.5)
        (worker,) = owners
        assert worker in worker_pids(site.procs[0].pid)
        os.kill(worker, signal.SIGKILL)
        page.wait_for_selector("#conn.disconnected")
        assert "переподключаемся" in page.locator("#conn").inner_text()
        page.wait_for_selector("#conn.connected")
        page.wait_for_function("() => document.body.dataset.seq === '2'")
        assert page.locator("#turn").inner_text() == "Ваш ход"
        assert play_by_clicking(page, lambda p: False) == 3
        assert page.locator("#result-card").is_visible()
        rec = check_records(db)[out["id"]]
        assert len(rec.actions) == 8 and rec.result
    finally:
        site.stop()
        drop()
