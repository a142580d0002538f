"""One click from the lobby to a game against bots (issue #29, point 6): the table gets a
name in the page's language, the other seats get the game's default bot, and the person
lands in their seat without a second click."""

import re

import httpx
import pytest

pytestmark = pytest.mark.browser


def _table(server, url):
    table_id = re.fullmatch(r".*/table/([^/?#]+)", url)[1]
    return httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()


def test_play_against_bots_in_one_click_russian(server, page_ru):
    page = page_ru
    page.goto(server.url + "/")
    page.wait_for_selector("#play-bots")
    assert page.locator("#play-bots").inner_text() == "Играть с ботами"
    page.select_option("#quick-game", "ticket_to_ride")
    page.fill("#name-input", "Аня")
    page.select_option("#players-select", "3")
    page.click("#play-bots")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    page.wait_for_selector("#view svg.ttr-map")
    # seated at once: this browser holds seat 0 (the first decision, the tickets, is ours)
    page.wait_for_selector("#choice-list button")
    assert page.locator("ol.players li.me").inner_text().startswith("Аня")
    t = _table(server, page.url)
    assert t["game"] == "ticket_to_ride" and t["status"] == "running"
    assert t["name"] == "Ticket to Ride (Билет на поезд): Аня против ботов"
    assert [s["kind"] for s in t["seats"]] == ["human", "bot", "bot"]
    assert [s.get("bot") for s in t["seats"][1:]] == ["heuristic", "heuristic"]


def test_play_against_bots_in_one_click_english_guest(server, new_context):
    page = new_context(locale="en-US")
    page.goto(server.url + "/")
    page.wait_for_selector("#play-bots")
    page.click(".lang-switch button:has-text('EN')")
    page.select_option("#quick-game", "railways_of_the_world")
    page.fill("#name-input", "")  # no name given: a guest
    page.click("#play-bots")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    page.wait_for_selector("#view svg.rotw-map")
    page.wait_for_selector("ol.players li.me")
    t = _table(server, page.url)
    assert t["name"] == "Railways of the World: Guest against bots"
    assert [s["kind"] for s in t["seats"]] == ["human", "bot"]
    assert t["seats"][0]["name"] == "Guest"
