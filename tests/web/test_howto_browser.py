"""In Chromium (issue #29, point 2): the board explains what it draws (a Colt Express bandit's
tooltip is its ability, from the catalogue), the lobby and the table link each game's "how to
play" page, and the page follows the language chosen on the site."""

import json

import pytest

from railtable.engine.registry import games

pytestmark = pytest.mark.browser


def catalogue(game_id, lang):
    return games()[game_id].i18n(lang)


def test_colt_express_bandits_explain_their_abilities(server, page_ru):
    page = page_ru
    page.goto(server.url + "/")
    r = page.request.post(server.url + "/api/tables", headers={"Content-Type": "application/json"},
                          data=json.dumps({"game": "colt_express", "cookie": True, "seats": [
                              {"kind": "human", "name": "Аня"},
                              {"kind": "bot", "bot": "heuristic"},
                              {"kind": "bot", "bot": "heuristic"}]}))
    assert r.status == 201, r.text()
    page.goto(server.url + r.json()["url"])
    ru = catalogue("colt_express", "ru")
    abilities = ru["explain"]["bandits"]
    # the draft: each bandit on offer says what it can do
    page.wait_for_selector("#view .draft button[data-bandit]")
    offer = page.locator("#view .draft button[data-bandit]")
    assert offer.count() == 6
    for i in range(offer.count()):
        b = offer.nth(i).get_attribute("data-bandit")
        assert offer.nth(i).get_attribute("title") == f"{ru['bandits'][b]}: {abilities[b]}"
    page.locator("#view .draft button[data-bandit='doc']").click()
    # on the train, once everyone has chosen: the tooltip of each figure is its ability
    page.wait_for_function("() => document.querySelectorAll('#view svg.train g.bandit').length === 3")
    figures = page.locator("#view svg.train g.bandit")
    for i in range(3):
        fig = figures.nth(i)
        fig.hover()
        b = fig.get_attribute("data-bandit")
        tip = fig.locator(":scope > title").first.text_content()
        assert tip.startswith(f"{ru['bandits'][b]} (") and tip.endswith(f"): {abilities[b]}")
    doc = page.locator("#view svg.train g.bandit[data-bandit='doc'] > title").first.text_content()
    assert doc.endswith("Док (Аня): В начале каждого раунда берёт 7 карт вместо 6.")
    # the bandits' cards show the ability in words too
    assert page.locator("#view .bcard[data-bandit='doc'] .ability").inner_text() == abilities["doc"]
    # the round card's event (if this round has one) and its turns explain themselves
    event = page.locator("#colt-event")
    if event.count():
        e = event.get_attribute("data-event")
        assert event.get_attribute("title") == ru["explain"]["events"][e]
    turn = page.locator("#colt-turns span").first
    assert turn.get_attribute("title").endswith(ru["explain"]["turns"][turn.get_attribute("data-turn")])
    # the table links the rules of its game, in the page's language
    link = page.locator("#howto-link")
    assert link.inner_text() == "Как играть"
    assert link.get_attribute("href") == "/games/colt_express/howto?lang=ru"


def test_the_lobby_links_every_games_rules_and_explains_options(server, page_ru):
    page = page_ru
    page.goto(server.url + "/?game=colt_express")
    page.wait_for_selector("#create")
    assert page.locator("#howto-link").get_attribute("href") == "/games/colt_express/howto?lang=ru"
    rules = page.locator("#rules a[data-game]")
    listed = {rules.nth(i).get_attribute("data-game") for i in range(rules.count())}
    assert {"colt_express", "ticket_to_ride", "switch_and_signal", "railways_of_the_world",
            "steamland"} <= listed
    ru = catalogue("colt_express", "ru")
    assert page.locator("label[data-option='station_cards']").get_attribute("title") == \
        ru["explain"]["options"]["station_cards"]
    page.locator("#rules a[data-game='steamland']").click()
    page.wait_for_selector("#howto")
    assert page.locator("#howto h1").inner_text() == "Пароземелье"
    assert page.locator("#howto-toc a").count() > 10


def test_the_page_follows_the_language_chosen_on_the_site(server, new_context):
    page = new_context(locale="ru-RU")
    page.goto(server.url + "/")
    page.wait_for_selector(".lang-switch button[data-lang='en']")
    page.click(".lang-switch button[data-lang='en']")  # the site's choice: English
    page.goto(server.url + "/games/ticket_to_ride/howto")  # a Russian browser, no ?lang=
    page.wait_for_url("**/games/ticket_to_ride/howto?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#howto h2").first.inner_text() == "Goal"
    # a rule found by its name: the contents link leads to its heading
    page.locator("#howto-toc a", has_text="Claim a route").click()
    assert page.evaluate("location.hash") == "#claim-a-route"
    # switching to Russian there is the site's choice from then on
    page.click("#howto-langs a[data-lang='ru']")
    page.wait_for_url("**/games/ticket_to_ride/howto?lang=ru")
    assert page.locator("#howto h2").first.inner_text() == "Цель игры"
    assert page.evaluate("localStorage.getItem('railtable.lang')") == "ru"
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.locator("#new-table h2").inner_text() == "Новый стол"
