"""The web shell in Chromium on the toy game: Russian lobby, a table, results, replay."""

import pytest

from tests.web.helpers import play_by_clicking

pytestmark = pytest.mark.browser


def test_lobby_in_russian_create_play_to_results_and_replay(server, page_ru):
    page = page_ru
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#create")
    assert page.locator("#new-table h2").inner_text() == "Новый стол"
    assert page.locator("html").get_attribute("lang") == "ru"
    page.fill("#name-input", "Аня")
    page.select_option(".seat-kind[data-seat='1']", "bot:random")
    # the options form is drawn from options_schema(): "Решения" (decisions)
    assert "Решения" in page.locator("fieldset.options").inner_text()
    page.fill("fieldset.options input[name='decisions']", "8")
    page.locator("fieldset.options input[name='decisions']").dispatch_event("change")
    page.click("#create")
    page.click("#go-seat")
    page.wait_for_selector("#choice-list button")
    assert page.locator("#turn").inner_text() == "Ваш ход"
    assert "Аня" in page.locator("ol.players").inner_text()
    made = play_by_clicking(page, lambda p: False)
    assert made == 4  # 8 decisions, every other one is the bot's
    card = page.locator("#result-card")
    assert "Игра окончена" in card.inner_text()
    assert page.locator("#log-list li").count() >= 8
    # switching the language re-renders the shell in English
    page.click(".lang-switch button[data-lang='en']")
    page.wait_for_function(
        "() => document.querySelector('#result-card h2').innerText === 'Game over'")
    # the replay page steps through the game from the beginning
    page.click("#result-card a[href^='/replay/']")
    page.wait_for_selector("#r-step")
    step = "n => document.querySelector('#r-step').innerText.startsWith(`Step ${n} / 8`)"
    page.wait_for_function(step, arg=0)
    page.click("#r-next")
    page.wait_for_function(step, arg=1)
    page.click("#r-end")
    page.wait_for_selector("#replay-result")


def test_a_reload_keeps_the_seat_and_an_invitation_asks_for_a_name(server, page_ru, browser):
    import httpx
    r = httpx.post(server.url + "/api/tables", json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]})
    out = r.json()
    page = page_ru
    page.goto(server.url + out["seats"][1]["url"])  # the invitation link of seat 2
    page.wait_for_selector("#claim-name")
    page.fill("#claim-name", "Борис")
    page.click("#claim-button")
    page.wait_for_function("() => document.body.dataset.status === 'running'")
    assert "Борис" in page.locator("ol.players").inner_text()
    # the seat is kept (a cookie): the bare table address still opens Boris's seat
    page.goto(server.url + f"/table/{out['id']}")
    page.wait_for_function("() => document.body.dataset.status === 'running'")
    assert page.locator("ol.players li.me").inner_text().startswith("Борис")


def test_a_spectator_takes_a_free_seat_from_the_table_page(server, page_ru):
    import httpx
    out = httpx.post(server.url + "/api/tables", json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "open": True}]}).json()
    page = page_ru
    page.goto(server.url + f"/table/{out['id']}")  # no seat cookie: a spectator
    page.wait_for_selector("#join-name")
    page.fill("#join-name", "Вера")
    page.click("#join-button")
    page.wait_for_function("() => document.body.dataset.status === 'running'")
    page.wait_for_selector("ol.players li.me")
    assert page.locator("ol.players li.me").inner_text().startswith("Вера")
    assert page.locator("#join").is_hidden()


def test_take_back_a_decision_from_the_table_page(server, page_ru):
    import httpx
    out = httpx.post(server.url + "/api/tables", json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "name": "Bob"}]}).json()
    page = page_ru
    page.goto(server.url + out["seats"][0]["url"])
    page.wait_for_selector("#choice-list button")
    # playing a card shows nothing hidden, so it can be taken back (drawing could not)
    page.locator("#choice-list button", has_text="play").first.click()
    page.wait_for_function("() => document.body.dataset.seq === '1'")
    assert page.locator("#choice-list").count() == 0  # Bob's turn now
    page.click("#undo")
    page.wait_for_function("() => document.body.dataset.seq === '0'")
    page.wait_for_selector("#choice-list button")
    assert page.locator("#turn").inner_text() == "Ваш ход"
    assert page.locator("#undo").count() == 0


def test_the_table_page_counts_its_spectators(server, page_ru, browser):
    import httpx
    out = httpx.post(server.url + "/api/tables", json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "name": "Bob"}]}).json()
    page = page_ru
    page.goto(server.url + f"/table/{out['id']}")  # a spectator
    page.wait_for_function(
        "() => (document.querySelector('#spectators') || {}).innerText === 'Зрители: 1'")
    other = browser.new_context(locale="en-US")
    try:
        second = other.new_page()
        second.goto(server.url + f"/table/{out['id']}")
        second.wait_for_function(
            "() => (document.querySelector('#spectators') || {}).innerText === 'Watching: 2'")
        page.wait_for_function(
            "() => (document.querySelector('#spectators') || {}).innerText === 'Зрители: 2'")
    finally:
        other.close()
    page.wait_for_function(
        "() => (document.querySelector('#spectators') || {}).innerText === 'Зрители: 1'")


def test_too_many_new_tables_are_refused_in_the_lobby(tmp_path, page_ru):
    from tests.server.util import ServerProcess
    with ServerProcess(tmp_path / "rate.db", args=("--rate-tables", "1/minute")) as srv:
        page = page_ru
        page.goto(srv.url + "/?game=toy")
        page.wait_for_selector("#create")
        page.fill("#name-input", "Аня")
        page.click("#create")
        page.wait_for_selector("#go-seat")
        page.goto(srv.url + "/?game=toy")
        page.wait_for_selector("#create")
        page.click("#create")
        page.wait_for_selector("#form-error:not(:empty)")
        text = page.locator("#form-error").inner_text()
        # the page's own Russian text, without the server's English message (issue #29)
        assert "Слишком много запросов" in text and "too many" not in text
