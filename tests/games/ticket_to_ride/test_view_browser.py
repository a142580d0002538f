"""The Ticket to Ride browser view in Chromium: the map, clicking a route then a payment,
the face-up row and deck, the ticket choice, and the final screen."""

import httpx
import pytest

from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def _page(browser):  # noqa: F811
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def _wait_next(page, seq):
    page.wait_for_function(
        "s => document.body.dataset.seq !== s || document.querySelector('#result-card')",
        arg=seq)


def test_play_by_clicking_the_board(server, browser):  # noqa: F811
    out = httpx.post(server.url + "/api/tables", json={
        "game": "ticket_to_ride",
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    ctx, page, errors = _page(browser)
    page.goto(server.url + out["seats"][0]["url"])
    page.wait_for_selector(".ttr-map")
    assert page.locator(".ttr-map g.route").count() == 100
    assert page.locator(".ttr-map g.route rect").count() == 309      # every train space
    assert page.locator(".ttr-map rect.car").count() == 0
    assert "Монреаль" in page.locator(".ttr-map").text_content()
    # the starting ticket choice: untick one ticket, keep the other two
    page.wait_for_selector(".ttr-offer input[type=checkbox]")
    assert page.locator(".ttr-offer input[type=checkbox]").count() == 3
    page.locator(".ttr-offer input[type=checkbox]").first.uncheck()
    seq = page.evaluate("document.body.dataset.seq")
    page.click(".ttr-keep")
    _wait_next(page, seq)
    page.wait_for_selector("#choice-list button")
    assert page.locator(".ttr-tickets li").count() == 2
    kinds = {"claim": 0, "card": 0}
    for _ in range(14):
        page.wait_for_selector("#choice-list button, #result-card")
        if page.locator("#result-card").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        routes = page.locator("g.route[style*='pointer'] line.hit")
        if page.locator(".ttr-keep").count():
            page.click(".ttr-keep")
        elif routes.count():
            routes.first.click()
            page.wait_for_selector(".ttr-pay")
            page.locator(".ttr-pay").first.click()
            kinds["claim"] += 1
        elif page.locator(".ttr-faceup [data-slot][style*='pointer']").count():
            page.locator(".ttr-faceup [data-slot][style*='pointer']").first.click()
            kinds["card"] += 1
        else:
            page.click(".ttr-deck")
            kinds["card"] += 1
        _wait_next(page, seq)
    assert kinds["claim"] >= 1 and kinds["card"] >= 1
    # claimed routes are drawn in the owner's colour (seat 0: blue)
    assert page.locator(".ttr-map rect.car[data-owner='0']").count() >= 1
    ctx.close()
    assert errors == []


def test_final_screen_reveals_tickets_and_longest_path(server, browser):  # noqa: F811
    out = httpx.post(server.url + "/api/tables", json={
        "game": "ticket_to_ride",
        "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}).json()
    ctx, page, errors = _page(browser)
    page.goto(server.url + f"/table/{out['id']}")
    page.wait_for_selector(".ttr-final", timeout=120_000)
    assert page.locator(".ttr-final").count() == 3
    assert page.locator(".ttr-final li").count() >= 6               # every kept ticket shown
    assert page.locator(".ttr-map rect.car[stroke='#ffd400']").count() >= 5   # longest path
    assert "★" in page.locator(".ttr-side").inner_text()
    ctx.close()
    assert errors == []
