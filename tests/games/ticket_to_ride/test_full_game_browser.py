"""End to end in Chromium: a 2-seat Ticket to Ride table (one person, one heuristic bot)
played by clicking to the final screen.

The person's decisions are the game's own heuristic bot's (asked in-process about a position
rebuilt from the server's database, which the test owns); each is made by clicking the board
element that carries it: a route on the map, a payment, a face-up card, the deck, the ticket
pile, the ticket check boxes and "keep". The shell's list of choices is only the fallback.
"""

import httpx
import pytest

from railtable.games.ticket_to_ride import GAME
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, board_click, bot_for, choice_click, wait_after,
                               wait_turn)

pytestmark = pytest.mark.browser

HUMAN = 0
MAX_DECISIONS = 400  # a heuristic game takes 60-90 decisions per seat


def _click(page, mirror, a, used):
    """Make decision `a` by clicking; returns how ("board", "list")."""
    d = mirror.to_json(a)
    t = d["type"]
    sel = {
        "claim_route": f".ttr-map g.route[data-route='{d.get('route')}'][style*='pointer']",
        "pay": f".ttr-pay[data-id='{a}']",
        "cancel_claim": ".ttr-back",
        "take_face_up": f".ttr-faceup button.can[data-slot='{d.get('slot')}']",
        "take_blind": ".ttr-deck:not([disabled])",
        "draw_tickets": ".ttr-ticket-pile:not([disabled])",
        "pass": ".ttr-pass",
    }.get(t)
    if t == "keep_tickets":
        want = set(d["tickets"])
        boxes = page.locator(".ttr-offer input[type=checkbox]")
        for i in range(boxes.count()):
            box = boxes.nth(i)
            if (int(box.get_attribute("data-ticket")) in want) != box.is_checked():
                box.click()            # the view redraws; the next box is looked up afresh
        keep = page.locator(".ttr-keep:not([disabled])")
        if keep.count():
            keep.click()
            used["keep_tickets"] = used.get("keep_tickets", 0) + 1
            return "board"
    elif sel and page.locator(sel).count() == 1:
        el = page.locator(sel)
        if t == "claim_route":
            how = board_click(page, el)
            used["route_" + how] = used.get("route_" + how, 0) + 1
        else:
            el.click()
        used[t] = used.get(t, 0) + 1
        return "board"
    choice_click(page, a)
    used["list"] = used.get("list", 0) + 1
    return "list"


def test_full_game_one_person_one_bot_by_clicking(server, browser):  # noqa: F811
    out = httpx.post(server.url + "/api/tables", json={
        "game": "ticket_to_ride",
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "heuristic"}]},
        timeout=30).json()
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + out["seats"][HUMAN]["url"])
        page.wait_for_selector(".ttr-map")
        mirror = TableMirror(server.db_path, out["id"])
        me = bot_for(GAME, HUMAN, mirror.seed)
        used: dict[str, int] = {}
        made = 0
        while True:
            st = wait_turn(page)
            if st["over"]:
                break
            assert made < MAX_DECISIONS, f"no end after {made} decisions"
            mirror.sync(st["seq"])
            s = mirror.state
            assert s.current_player() == HUMAN and not s.is_terminal()
            assert sorted(st["ids"]) == sorted(s.legal_actions())   # the page offers these
            a = me.act(s.clone())
            _click(page, mirror, a, used)
            wait_after(page, st["seq"])
            mirror.sync(st["seq"] + 1)
            assert mirror.taken[-1] == (HUMAN, a), "the click sent another decision"
            made += 1

        # the final screen: results card, both seats' revealed tickets, the routes I claimed
        page.wait_for_selector(".ttr-final")
        assert page.locator(".ttr-final").count() == 2
        assert page.locator(".ttr-final[data-seat='0'] li").count() >= 2
        card = page.locator("#result-card")
        assert "Игра окончена" in card.inner_text() and "Аня" in card.inner_text()
        st = page.evaluate("Number(document.body.dataset.seq)")
        mirror.sync(st)
        assert mirror.state.is_terminal()
        result = mirror.state.result()
        assert ("Аня" in card.locator("#winners").inner_text()) == (HUMAN in result.winners)
        claims = used.get("route_mouse", 0) + used.get("route_dispatch", 0)
        assert claims >= 3 and used.get("route_mouse", 0) >= claims // 2, used
        assert used.get("keep_tickets", 0) >= 1, used
        assert used.get("list", 0) <= made // 10, used   # the board carries almost everything
        mine = sum(1 for r in mirror.state.observation(HUMAN)["routes"] if r == HUMAN)
        assert mine >= 3
        assert page.locator(".ttr-map rect.car[data-owner='0']").count() >= mine
        print(f"decisions {made}: {used}")
    finally:
        ctx.close()
    assert errors == [], errors
