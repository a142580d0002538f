"""The Ticket to Ride browser view in Chromium: the map, clicking a route then (when there
is a choice) a payment or "back", the face-up row and deck, the ticket choice, and the final
screen."""

import json

import httpx
import pytest

from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import CANCEL
from railtable.games.ticket_to_ride.rules import PAY
from railtable.games.ticket_to_ride.text import i18n
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

from .helpers import claim, hand, position, route

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
    kinds = {"claim": 0, "card": 0, "pay": 0}
    for _ in range(14):
        page.wait_for_selector("#choice-list button, #result-card")
        if page.locator("#result-card").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        routes = page.locator("g.route[style*='pointer'] line.hit")
        if page.locator(".ttr-keep").count():
            page.click(".ttr-keep")
        elif page.locator(".ttr-pay").count():       # a claim waits for its payment
            assert page.locator(".ttr-map g.route.pending").count() == 1
            page.locator(".ttr-pay").first.click()
            kinds["pay"] += 1
        elif routes.count():
            routes.first.click()                     # the claim; a payment may follow
            kinds["claim"] += 1
        elif page.locator(".ttr-faceup button.can").count():
            page.locator(".ttr-faceup button.can").first.click()
            kinds["card"] += 1
        else:
            page.click(".ttr-deck")
            kinds["card"] += 1
        _wait_next(page, seq)
    assert kinds["claim"] >= 1 and kinds["card"] >= 1
    # claimed routes are drawn in the owner's colour (seat 0: blue), each car with the
    # owner's mark
    cars = page.locator(".ttr-map rect.car[data-owner='0']").count()
    assert cars >= 1
    assert page.locator(".ttr-map .seat-mark[data-seat='0']").count() == cars
    ctx.close()
    assert errors == []


def _ctx_json(s, seat):
    legal = s.legal_actions() if s.cur == seat else []
    return {"observation": s.observation(seat), "seat": seat,
            "legal": [{"id": a, "action": GAME.action_to_json(s, a),
                       "label": s.describe(a, "ru")} for a in legal]}


_RENDER = """async (c) => {
  const mod = await import("/games/ticket_to_ride/view.js");
  let root = document.getElementById("ttr-root");
  if (!root) {
    root = document.createElement("div");
    root.id = "ttr-root";
    document.body.replaceChildren(root);
  }
  window.acted = [];
  mod.render(root, {observation: c.observation, seat: c.seat, legal: c.legal, lang: "ru",
    i18n: c.i18n, players: [{name: "Аня", bot: false}, {name: "Бот", bot: true}],
    events: c.events || [], act: (id) => window.acted.push(id)});
}"""


def test_claim_then_payment_or_back_in_the_view(server, browser):  # noqa: F811
    # the view alone, fed positions built here: a click on a route sends the claim; a
    # pending claim shows exactly the legal payments (as card chips) and "back"
    ctx, page, errors = _page(browser)
    page.goto(server.url + "/api/health")
    tr = i18n()["ru"]

    def show(s, seat=0):
        c = _ctx_json(s, seat)
        c["i18n"] = tr
        page.evaluate(_RENDER, json.loads(json.dumps(c)))
        return c

    r = route("Montreal", "New York")           # blue 3
    s = position(2, hands=[hand(blue=3, loco=2), hand()])
    show(s)
    assert page.locator(".ttr-payment").count() == 0
    page.locator(f".ttr-map g.route[data-route='{r}'] line.hit").click()
    assert page.evaluate("window.acted") == [claim(r)]
    s.apply(claim(r))
    assert s.phase == PAY
    c = show(s)
    pays = [x for x in c["legal"] if x["action"]["type"] == "pay"]
    assert len(pays) == 3                       # blue 3, blue 2 + 1, blue 1 + 2 locomotives
    assert page.locator(".ttr-pay").count() == 3
    assert page.locator(".ttr-map g.route.pending").count() == 1
    assert page.locator(f".ttr-map g.route.pending[data-route='{r}']").count() == 1
    assert "Монреаль" in page.locator(".ttr-payment").inner_text()
    # the choice is over the map, by the route, inside the map's box
    pop = page.locator(".ttr-mapbox > .ttr-payment").bounding_box()
    box = page.locator(".ttr-mapbox").bounding_box()
    assert box["x"] <= pop["x"] and pop["x"] + pop["width"] <= box["x"] + box["width"]
    assert box["y"] <= pop["y"] and pop["y"] + pop["height"] <= box["y"] + box["height"]
    chips = page.locator(".ttr-pay").nth(1).locator("[data-kind]")
    assert [chips.nth(i).get_attribute("data-kind") for i in range(chips.count())] == \
        ["blue", "locomotive"]
    # no other route can be claimed meanwhile
    assert page.locator("g.route[style*='pointer']").count() == 0
    page.locator(".ttr-pay").nth(1).click()
    assert page.evaluate("window.acted") == [pays[1]["id"]]
    page.evaluate("window.acted = []")
    page.click(".ttr-back")
    assert page.evaluate("window.acted") == [CANCEL]
    # the other seat sees which route is being paid for, with no buttons
    show(s, seat=1)
    assert page.locator(".ttr-pay").count() == 0 and page.locator(".ttr-back").count() == 0
    assert "Монреаль" in page.locator(".ttr-payment").inner_text()
    # after the way back was used, the payment choice has no "back"
    s.apply(CANCEL)
    s.apply(claim(r))
    show(s)
    assert page.locator(".ttr-pay").count() == 3 and page.locator(".ttr-back").count() == 0
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


def test_colours_have_symbols_and_the_last_move_is_lit(server, browser):  # noqa: F811
    # every space of a coloured route carries its colour's symbol (gray has none), the legend
    # names each symbol, and the claims made since the seat's last turn are highlighted
    ctx, page, errors = _page(browser)
    page.goto(server.url + "/api/health")
    tr = i18n()["ru"]

    def show(s, seat, events):
        c = _ctx_json(s, seat)
        c["i18n"] = tr
        c["events"] = [{"seq": k, "event": e} for k, e in enumerate(events)]
        page.evaluate(_RENDER, json.loads(json.dumps(c)))

    s = position(2, hands=[hand(blue=3), hand(red=4)])
    show(s, 0, [])
    symbols = page.evaluate("""() => [...document.querySelectorAll('.ttr-map g.route')].map((g) => [
        g.querySelectorAll('rect.space').length, g.querySelectorAll('.colour-symbol').length])""")
    for r, (spaces, marks) in enumerate(symbols):
        colour = GAME.colors[GAME.route_color[r]] if GAME.route_color[r] < 8 else "gray"
        assert spaces == GAME.route_length[r]
        assert marks == (0 if colour == "gray" else spaces), (r, colour)
    # one symbol per colour, distinct
    shapes = page.evaluate("""() => [...document.querySelectorAll('.ttr-legend-item')].map((i) =>
        [i.dataset.kind, (i.querySelector('path') || {getAttribute: () => ''}).getAttribute('d')])""")
    assert [k for k, _ in shapes] == ["red", "orange", "yellow", "green", "blue", "pink", "black",
                                      "white", "gray"]
    drawn = [d for k, d in shapes if k != "gray"]
    assert "" not in drawn
    assert len(set(drawn)) == len(drawn)  # badges of one size: one shape, one path
    assert page.locator(".ttr-hand .ttr-card[data-kind='blue'] .badge-icon path").count() == 1
    assert page.locator(".ttr-map .last-move-halo").count() == 0
    # pointing at a ticket lights its two cities
    t = s.observation(0)["tickets"][0]
    page.hover(f".ttr-tickets li[data-ticket='{t['id']}']")
    assert sorted(int(page.locator(".ttr-map g.city.lit").nth(i).get_attribute("data-city"))
                  for i in range(page.locator(".ttr-map g.city.lit").count())) == \
        sorted([t["a"], t["b"]])
    page.mouse.move(0, 0)
    assert page.locator(".ttr-map g.city.lit").count() == 0
    # seat 0 drew two cards, then seat 1 claimed Montreal - New York: seat 0 sees it lit,
    # with seat 1's mark on its cars
    r = route("Montreal", "New York")
    s = position(2, hands=[hand(blue=3), hand(red=4)], claimed={1: [r]})
    events = [{"type": "take_blind", "player": 0}, {"type": "take_blind", "player": 0},
              {"type": "claim_route", "player": 1, "route": r}]
    show(s, 0, events)
    lit = page.locator(".ttr-map g.route.last-move")
    assert lit.count() == 1 and lit.get_attribute("data-route") == str(r)
    assert lit.locator("line.last-move-halo").count() == 1
    assert lit.locator(".seat-mark[data-seat='1']").count() == GAME.route_length[r]
    # the claimer itself sees nothing lit: the last move is its own
    show(s, 1, events)
    assert page.locator(".ttr-map .last-move-halo").count() == 0
    # a spectator sees the last player's move
    show(s, None, events)
    assert page.locator(".ttr-map g.route.last-move").count() == 1
    ctx.close()
    assert errors == []


def test_a_phone_can_enlarge_the_map(server, browser):  # noqa: F811
    # on a narrow screen the whole map fits the width; a button shows it larger, to scroll
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(server.url + "/api/health")
    page.add_style_tag(url="/static/app.css")  # the shell's style sheet, as on the table page
    c = _ctx_json(position(2), 0)
    c["i18n"] = i18n()["ru"]
    page.evaluate(_RENDER, json.loads(json.dumps(c)))
    width = page.evaluate("() => document.querySelector('.ttr-map').getBoundingClientRect().width")
    assert width <= 390
    button = page.locator(".board-zoom-button")
    assert button.is_visible() and button.inner_text() == "Увеличить карту"
    button.click()
    wide = page.evaluate("() => document.querySelector('.ttr-map').getBoundingClientRect().width")
    assert wide > 2 * width
    assert page.evaluate("() => document.querySelector('.board-zoom').scrollWidth") > 390
    assert button.inner_text() == "Вся карта на экране"
    # a click on a route still claims it, and the map stays enlarged after the next render
    page.evaluate(_RENDER, json.loads(json.dumps(c)))
    assert page.evaluate("() => document.querySelector('.ttr-map').getBoundingClientRect().width") == wide
    page.locator(".board-zoom-button").click()
    assert page.evaluate("() => document.querySelector('.ttr-map').getBoundingClientRect().width") == width
    ctx.close()
