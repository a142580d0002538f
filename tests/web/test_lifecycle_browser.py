"""A table's lifecycle in Chromium: resigning by the button, a live clock running out and a
bot taking the seat, the seat taken back, and the creator cancelling a table."""

import httpx
import pytest

from tests.web.helpers import play_by_clicking

pytestmark = pytest.mark.browser


def new_context(browser):
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def test_a_player_resigns_by_the_button_and_is_ranked_last(server, page_ru, browser):
    out = httpx.post(server.url + "/api/tables", json={
        "game": "toy", "options": {"decisions": 8},
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Борис"}]}).json()
    ann = page_ru
    ann.goto(server.url + out["seats"][0]["url"])
    ann.wait_for_selector("#choice-list button")
    assert ann.locator("#resign").inner_text() == "Сдаться"
    ann.once("dialog", lambda d: d.accept())  # "Сдаться? Вы займёте последнее место..."
    ann.click("#resign")
    ann.wait_for_selector("#log-list li[data-event='resigned']")
    assert "сдался" in ann.locator("ol.players li[data-seat='0']").inner_text()
    assert ann.locator("#resign").count() == 0 and ann.locator("#choice-list").count() == 0
    # Boris plays on against the bot that took Anna's seat, to the results
    ctx, boris, errors = new_context(browser)
    try:
        boris.goto(server.url + out["seats"][1]["url"])
        play_by_clicking(boris, lambda p: False)
        rows = boris.locator("#result-card table.scores tr[data-seat]")
        assert rows.last.get_attribute("data-seat") == "0"
        assert rows.last.get_attribute("class") == "forfeited"
        assert boris.locator("#winners").inner_text() == "Борис"
        # the replay keeps the resignation, where it happened (before the first move)
        boris.click("#result-card a[href^='/replay/']")
        boris.wait_for_selector("#replay-log li[data-event='resigned']")
        assert "сдаётся" in boris.locator("#replay-log li[data-event='resigned']").inner_text()
    finally:
        ctx.close()
    assert errors == []


def test_a_live_clock_runs_out_a_bot_takes_the_seat_and_the_player_takes_it_back(
        server, page_ru):
    page = page_ru
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#create")
    page.fill("#name-input", "Аня")
    # Anna, Boris (invited: the game and its clock start when he takes his seat) and a bot
    # that thinks a while over each move, so the game does not run away while the test
    # looks at it
    page.select_option("#players-select", "3")
    page.select_option(".seat-kind[data-seat='1']", "human")
    page.select_option(".seat-kind[data-seat='2']", "bot:mcts")
    page.fill(".bot-spec[data-seat='2']", "mcts(ms=1500)")
    page.locator(".bot-spec[data-seat='2']").dispatch_event("change")
    page.fill("fieldset.options input[name='decisions']", "30")
    page.locator("fieldset.options input[name='decisions']").dispatch_event("change")
    # a live clock of 2 seconds a move and no reserve
    page.select_option("#clock-kind", "live")
    page.fill("#clock-move", "2")
    page.locator("#clock-move").dispatch_event("change")
    page.fill("#clock-reserve", "0")
    page.locator("#clock-reserve").dispatch_event("change")
    assert page.locator("#timeout").input_value() == "bot"
    page.click("#create")
    # Boris's invitation link: /invite#t=<table>&k=<key>
    link = page.locator("a.seat-link[data-seat='1']").get_attribute("href")
    invite = dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&"))
    page.click("#go-seat")
    page.wait_for_selector("#status .turn")
    r = httpx.post(server.url + "/api/invitations/accept",
                   json={"table": invite["t"], "key": invite["k"], "name": "Борис"})
    assert r.status_code == 200 and r.json()["seat"] == 1, r.text
    # Anna's turn: her clock runs by her name
    page.wait_for_selector(".seat-clock[data-seat='0']:text-matches('^0:0[0-2]$')")
    # nobody clicks: the time runs out and a bot takes the seat
    page.wait_for_selector("#take-back")
    assert page.locator("#log-list li[data-event='timeout']").count() >= 1
    assert "время вышло, играет бот" in page.locator("ol.players li[data-seat='0']").inner_text()
    assert page.locator("#bot-plays").inner_text() == "За вас играет бот."
    # the bot moves for Anna (the table goes on past her turn)
    page.wait_for_function("() => Number(document.body.dataset.seq) >= 1")
    page.click("#take-back")
    page.wait_for_selector("#log-list li[data-event='back']")
    assert "возвращается на своё место" in page.locator(
        "#log-list li[data-event='back']").inner_text()


def test_the_creator_cancels_an_open_table_from_the_lobby(server, page_ru):
    page = page_ru
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#create")
    page.fill("#name-input", "Аня")
    page.select_option(".seat-kind[data-seat='1']", "human")
    page.click("#create")
    page.wait_for_selector("#cancel-created")
    page.once("dialog", lambda d: d.accept())
    page.click("#cancel-created")
    page.wait_for_selector("#created-cancelled")
    tid = page.locator("#go-seat").get_attribute("href").split("/")[2].split("#")[0]
    assert httpx.get(server.url + f"/api/tables/{tid}").json()["status"] == "cancelled"
    # the table page says so, and its seat has nothing left to do
    page.goto(server.url + f"/table/{tid}")
    page.wait_for_selector("#ended")
    assert page.locator("#ended").inner_text() == "Отменён создателем"
