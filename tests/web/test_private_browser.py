"""In Chromium: a private table joined through its invitation link while a browser without
the link can neither see nor join it; no seat secret left in the address bar; the lobby's
pages, filters and search (issue #23, points 2, 3 and 5)."""

import httpx
import pytest

pytestmark = pytest.mark.browser


def listed(page):
    """The table ids of the lobby's list, once it has come from the server (the page draws
    an empty list, with its pager, before the first answer)."""
    page.wait_for_selector("#table-list[data-loaded]")
    return page.eval_on_selector_all("li.table-row", "rows => rows.map(r => r.dataset.table)")


def test_a_private_table_is_joined_through_its_link_and_nobody_else_gets_in(server, new_context):
    ann, eve, bob = new_context(), new_context(), new_context()
    ann.goto(server.url + "/?game=toy")
    ann.wait_for_selector("#create")
    ann.fill("#name-input", "Аня")
    ann.fill("#table-name", "Только свои")
    ann.check("#private")
    ann.select_option(".seat-kind[data-seat='1']", "human")
    ann.click("#create")
    link = ann.locator(".seat-link[data-seat='1']").get_attribute("href")
    assert link.startswith(server.url + "/invite#t=") and "&k=" in link
    tid = link.split("t=")[1].split("&")[0]
    key = link.split("k=")[1]
    ann.click("#go-seat")
    ann.wait_for_function("() => document.body.dataset.status === 'open'")
    assert ann.url == f"{server.url}/table/{tid}"
    assert "Аня" in ann.locator("ol.players li.me").inner_text()
    # Ann's lobby lists the table first, as hers
    ann.goto(server.url + "/")
    assert listed(ann)[0] == tid
    assert "моё место" in ann.locator(f"li.table-row[data-table='{tid}']").inner_text()

    # Eve, without the link: not in her lobby, and the table's address shows nothing
    eve.goto(server.url + "/")
    assert tid not in listed(eve)
    eve.fill("#search", "Только свои")
    eve.wait_for_function(
        "() => (document.querySelector('#table-list').dataset.loaded || '').includes('q=')")
    assert listed(eve) == []
    eve.goto(f"{server.url}/table/{tid}")
    eve.wait_for_selector("#toast:not([hidden])")
    assert eve.locator("#toast").inner_text().startswith("Такого стола нет")
    assert eve.locator("#join").is_hidden() and eve.locator("#choice-list").count() == 0
    assert eve.evaluate("document.body.dataset.status") is None
    got = eve.evaluate(f"fetch('/api/tables/{tid}').then(r => r.status)")
    assert got == 404

    # Bob opens his link: his seat, and the key is gone from the address bar at once
    bob.goto(link)
    bob.wait_for_selector("#claim-name")
    assert bob.url == f"{server.url}/table/{tid}"
    bob.fill("#claim-name", "Борис")
    bob.click("#claim-button")
    bob.wait_for_function("() => document.body.dataset.status === 'running'")
    assert bob.locator("ol.players li.me").inner_text().startswith("Борис")
    assert key not in bob.url and "#" not in bob.url
    assert key not in bob.evaluate("JSON.stringify(sessionStorage) + JSON.stringify(localStorage)")
    # the seat cookie is HttpOnly: the page's script cannot read it
    assert "rt_seat" not in bob.evaluate("document.cookie")
    # a reload keeps Bob's seat
    bob.reload()
    bob.wait_for_function("() => document.body.dataset.status === 'running'")
    assert bob.locator("ol.players li.me").inner_text().startswith("Борис")

    # the link has been used: Eve, who got it later, is refused and still sees nothing
    eve.goto(link)
    eve.wait_for_selector("#invite-error")
    assert "уже воспользовались" in eve.locator("#invite-error").inner_text()
    assert eve.url == f"{server.url}/invite"
    eve.goto(f"{server.url}/table/{tid}")
    eve.wait_for_selector("#toast:not([hidden])")
    assert eve.evaluate("document.body.dataset.status") is None
    eve.goto(server.url + "/")
    assert tid not in listed(eve)
    assert ann.evaluate(f"fetch('/api/tables/{tid}').then(r => r.json())")["status"] == "running"


def test_lobby_pages_filters_and_search(server, new_context):
    httpx.post(server.url + "/api/tables", json={  # one the search leaves out
        "game": "toy", "name": "Другой стол", "seats": [{"kind": "human", "name": "Ann"},
                                                       {"kind": "human", "open": True}]})
    for i in range(23):
        r = httpx.post(server.url + "/api/tables", json={
            "game": "toy", "name": f"Страница {i:02d}",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
        assert r.status_code == 201
    for i in range(2):
        httpx.post(server.url + "/api/tables", json={
            "game": "toy", "name": f"Страница с ботом {i}",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    page = new_context()
    page.goto(server.url + "/")
    page.wait_for_selector("#page-info")
    page.fill("#search", "страница")
    info = "t => document.querySelector('#page-info').innerText === t"
    page.wait_for_function(info, arg="1–20 из 25")
    assert len(listed(page)) == 20
    assert page.locator("#prev-page").is_disabled()
    page.click("#next-page")
    page.wait_for_function(info, arg="21–25 из 25")
    assert len(listed(page)) == 5 and page.locator("#next-page").is_disabled()
    # the state filter offers the ended states too
    assert page.locator("#filter-status option").all_inner_texts() == [
        "Все столы", "Ждут игроков", "Идут сейчас", "Завершённые", "Брошенные", "Отменённые",
        "Истёкшие"]
    page.select_option("#filter-status", "running")  # back to the first page, two tables
    page.wait_for_function(info, arg="1–2 из 2")
    names = page.locator("li.table-row .table-name").all_inner_texts()
    assert sorted(names) == ["Страница с ботом 0", "Страница с ботом 1"]
    page.select_option("#filter-game", "branch_line")
    page.wait_for_function(info, arg="0–0 из 0")
    assert page.locator("#table-list").inner_text() == "Столов нет"
    page.select_option("#filter-game", "toy")
    page.select_option("#filter-status", "open")
    page.fill("#search", "страница 07")
    page.wait_for_function(info, arg="1–1 из 1")
    # take the open seat from the lobby: the table becomes this browser's, first in its list
    row = page.locator("li.table-row").first
    row.locator("input").fill("Вера")
    row.locator("button.join").click()
    page.wait_for_function("() => document.body.dataset.status === 'running'")
    assert "#" not in page.url and page.locator("ol.players li.me").inner_text().startswith("Вера")
    page.goto(server.url + "/")
    mine = page.locator("li.table-row").first
    mine.wait_for()
    assert "моё место" in mine.inner_text() and "Страница 07" in mine.inner_text()
