"""In Chromium (issue #24, points 1 and 2): a player signs up in the lobby's account box,
creates a table and takes a seat; from a second browser (another context: no cookies in
common) the same account signs in, finds the table first in its lobby and plays at its seat;
signing out there leaves a guest's lobby."""

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "пароль-для-теста"


def listed(page):
    page.wait_for_selector("#table-list[data-loaded]")
    return page.eval_on_selector_all("li.table-row", "rows => rows.map(r => r.dataset.table)")


def account_form(page, name, password, button):
    page.wait_for_selector("#account[data-signed-in='no']")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(button)


def test_sign_up_take_a_seat_and_play_it_from_another_browser(server, new_context):
    home, laptop = new_context(), new_context("en-US")
    home.goto(server.url + "/?game=toy")
    # a wrong password is refused with its message in Russian
    account_form(home, "Вера", "short", "#sign-up")
    home.wait_for_function("() => document.querySelector('#account-error').textContent"
                           ".includes('Пароль: от 8 до 128 символов')")
    account_form(home, "Вера", PASSWORD, "#sign-up")
    home.wait_for_selector("#account[data-signed-in='yes']")
    assert home.locator("#account-shown").inner_text() == "Вера"
    # no secret is readable by the page: the session and seat cookies are HttpOnly
    assert home.evaluate("document.cookie") == ""

    home.fill("#name-input", "Вера")
    home.select_option(".seat-kind[data-seat='1']", "bot:random")
    home.click("#create")
    home.click("#go-seat")
    home.wait_for_selector("#choice-list button")
    tid = home.url.rsplit("/", 1)[1]

    # the laptop: a guest sees the table as anyone's, then signs in and finds its seat
    laptop.goto(server.url + "/")
    assert tid in listed(laptop)
    assert not laptop.locator(f"li.table-row[data-table='{tid}'] a.my-seat").count()
    account_form(laptop, "вера", PASSWORD, "#sign-in")  # any case of the name
    laptop.wait_for_selector("#account[data-signed-in='yes']")
    laptop.wait_for_selector(f"li.table-row[data-table='{tid}'] a.my-seat")
    assert listed(laptop)[0] == tid
    laptop.click(f"li.table-row[data-table='{tid}'] a.my-seat")
    laptop.wait_for_selector("#choice-list button")
    assert "Вера" in laptop.locator("ol.players li.me").inner_text()
    seq = laptop.evaluate("document.body.dataset.seq")
    laptop.locator("#choice-list button").first.click()
    laptop.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    # the first browser sees the move made on the laptop
    home.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)

    # signed out, the laptop is a guest again: the table is no longer its own
    laptop.goto(server.url + "/")
    laptop.wait_for_selector("#sign-out")
    laptop.click("#sign-out")
    laptop.wait_for_selector("#account[data-signed-in='no']")
    laptop.wait_for_function(
        f"() => !document.querySelector(\"li.table-row[data-table='{tid}'] a.my-seat\")")
    laptop.goto(f"{server.url}/table/{tid}")
    laptop.wait_for_selector("ol.players")
    assert not laptop.locator("ol.players li.me").count()
