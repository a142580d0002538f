"""The browser view in headless Chromium: a live table (one person, two heuristic bots),
decisions taken by clicking the hex map, cities, cubes and cards whenever one matches."""

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.skip("browser tests need Debian's Chromium")
    from playwright.sync_api import sync_playwright

    from tests.server.util import ServerProcess
    db = tmp_path_factory.mktemp("rotw_web") / "web.db"
    with ServerProcess(Path(db), bot_delay=0.0) as srv, sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu"])
        ctx = b.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
        pg = ctx.new_page()
        pg.set_default_timeout(60_000)
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.server = srv
        yield pg
        b.close()
        assert errors == [], errors


def test_table_is_played_by_clicking_the_map(page):
    page.goto(page.server.url + "/?game=railways_of_the_world")
    page.wait_for_selector("#create")
    page.fill("#name-input", "Ann")
    page.select_option("#players-select", "3")
    page.select_option(".seat-kind[data-seat='1']", "bot:heuristic")
    page.select_option(".seat-kind[data-seat='2']", "bot:heuristic")
    page.click("#create")
    page.click("#go-seat")
    page.wait_for_selector("#view svg.rotw-map")
    assert page.locator("#view svg.rotw-map polygon").count() > 300  # the hexes
    board, made = 0, 0
    while made < 60:
        page.wait_for_selector("#choice-list button, #result-card")
        if page.locator("#result-card").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        els = page.locator("#view [data-legal-id]")
        if els.count():
            els.nth(made % els.count()).click()
            board += 1
        else:
            page.locator("#choice-list button").first.click()
        made += 1
        page.wait_for_function(
            "s => document.body.dataset.seq !== s || document.querySelector('#result-card')",
            arg=seq)
    assert made >= 20 and board >= 5
