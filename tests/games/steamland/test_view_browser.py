"""The Steamland browser view in Chromium: the hex map, clicking hexes to move."""

import httpx
import pytest

from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_map_and_moving_by_clicking_hexes(server, browser):  # noqa: F811
    out = httpx.post(server.url + "/api/tables", json={
        "game": "steamland",
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + out["seats"][0]["url"])
    page.wait_for_selector(".steamland-map")
    assert "Старая котельная" in page.locator(".steamland-map").text_content()
    # the equipment purchase: 2n items and n weapons as buttons; buy one by clicking it
    page.wait_for_selector(".steamland-card")
    assert page.locator(".steamland-card").count() == 6
    seq = page.evaluate("document.body.dataset.seq")
    page.locator(".steamland-card:not([disabled])").first.click()
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    page.wait_for_function("() => document.querySelectorAll('.steamland-card').length <= 5"
                           " || !document.querySelector('.steamland-card')")
    clicks = 0
    for _ in range(40):
        page.wait_for_selector("#choice-list button, #result-card")
        if page.locator("#result-card").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        hexes = page.locator(".steamland-map [style*='pointer']")
        if hexes.count() and clicks < 12:
            hexes.first.click()
            clicks += 1
        else:
            page.locator("#choice-list button").first.click()
        page.wait_for_function(
            "s => document.body.dataset.seq !== s || document.querySelector('#result-card')",
            arg=seq)
    assert clicks >= 1
    # more of the map is revealed than the start tile
    assert page.locator(".steamland-map polygon").count() > 7
    assert "Аня" in page.locator(".steamland-panel").text_content()
    ctx.close()
    assert errors == []
