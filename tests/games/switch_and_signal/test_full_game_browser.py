"""End to end in Chromium: a 2-seat Switch & Signal table with two people (the game is
cooperative), each in their own browser, played by clicking until the team has won or lost.

Each person's decisions are the game's own heuristic bot's for that seat (asked in-process
about the position rebuilt from the server's database, which the test owns); the page of the
seat to move makes each by clicking the board element that carries it (a train, a junction
and its settings, a signal field, a line leaving the moving train's city, a starting point,
a depot, a card of the hand, the departure card), and in the element's menu where it carries
several. Only ending the action phase and rolling the deployment dice are left to the
shell's list of choices.
"""

import httpx
import pytest

from railtable.games.switch_and_signal import GAME
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, board_click, bot_for, choice_click, wait_after,
                               wait_turn)

pytestmark = pytest.mark.browser

NAMES = ["Аня", "Боря"]
MAX_DECISIONS = 600  # a heuristic team game takes 180-240 decisions


def _board_selector(a):
    """The board element the view offers decision `a` on (alone or in a menu), or None."""
    return f"#view [data-choices~='{a}']"


def test_two_people_play_to_the_end_by_clicking(server, browser):  # noqa: F811
    out = httpx.post(server.url + "/api/tables", json={
        "game": "switch_and_signal",
        "seats": [{"kind": "human", "name": NAMES[0]}, {"kind": "human", "name": NAMES[1]}]},
        timeout=30).json()
    assert out["status"] == "running"
    contexts, pages, errors = [], [], []
    try:
        for seat in range(2):
            ctx = browser.new_context(locale="ru-RU", viewport={"width": 1300, "height": 1000})
            page = ctx.new_page()
            page.set_default_timeout(30_000)
            page.on("pageerror", lambda e, seat=seat: errors.append(f"seat {seat}: {e}"))
            page.goto(server.url + out["seats"][seat]["url"])
            contexts.append(ctx)
            pages.append(page)
        for page in pages:
            page.wait_for_selector(".ss-map .ss-train, .ss-map .ss-field")
        mirror = TableMirror(server.db_path, out["id"])
        team = [bot_for(GAME, seat, mirror.seed) for seat in range(2)]
        used = {"board": 0, "dispatch": 0, "list": 0}
        kinds: dict[str, int] = {}
        by_seat = [0, 0]
        made = 0
        while not mirror.state.is_terminal():
            assert made < MAX_DECISIONS, f"no end after {made} decisions"
            seat = mirror.state.current_player()
            page = pages[seat]
            st = wait_turn(page, mirror.seq)
            assert not st["over"]
            s = mirror.state
            assert sorted(st["ids"]) == sorted(s.legal_actions())   # the page offers these
            # the other seat's page offers nothing meanwhile
            assert pages[1 - seat].locator("#choice-list button").count() == 0
            a = team[seat].act(s.clone())
            t = mirror.to_json(a)["type"]
            sel = _board_selector(a)
            if page.locator(sel).count() >= 1:
                el = page.locator(sel).first
                several = len(el.get_attribute("data-choices").split()) > 1
                how = board_click(page, el)
                if several:  # the element's menu
                    page.locator(f"#view .ss-menu button[data-id='{a}']").click()
                used["board"] += 1
                if how == "dispatch":
                    used["dispatch"] += 1
                kinds[t] = kinds.get(t, 0) + 1
            else:
                assert t in ("end_actions", "roll_deploy"), f"{t} is not on the board"
                choice_click(page, a)
                used["list"] += 1
            wait_after(page, mirror.seq)
            mirror.sync(mirror.seq + 1)
            assert mirror.taken[-1] == (seat, a), "the click sent another decision"
            by_seat[seat] += 1
            made += 1

        result = mirror.state.result()
        cards = []
        for page in pages:
            page.wait_for_selector("#result-card")
            cards.append(page.locator("#result-card").inner_text())
        for text in cards:
            assert "Игра окончена" in text
        winners = pages[0].locator("#winners").inner_text()
        if result.winners:                      # won: the whole team
            assert sorted(result.winners) == [0, 1]
            assert NAMES[0] in winners and NAMES[1] in winners
        else:                                   # lost: nobody
            assert winners == "—"
        assert by_seat[0] >= 10 and by_seat[1] >= 10
        assert used["board"] >= made // 2, (used, kinds)
        assert {"train", "play", "signal_from", "signal_to"} <= set(kinds), kinds
        print(f"decisions {made} ({by_seat}), {'won' if result.winners else 'lost'} "
              f"({result.reason}): {used} {kinds}")
    finally:
        for ctx in contexts:
            ctx.close()
    assert errors == [], errors
