"""End to end in headless Chromium: a person plays a whole 2-seat Branch Line game against
the heuristic bot in the browser, by clicking.

The person's decisions are the game's own heuristic bot's for seat 1 (asked in-process about
the position rebuilt from the server's database, which the test owns). A build is made by
clicking the link on the map, stocking up and drawing a contract by the view's buttons.
"""

import pytest

from railtable.games.branch_line import GAME
from tests.web.conftest import browser, new_context, page_ru, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, board_click, bot_for, create_table, wait_after,
                               wait_turn)

pytestmark = pytest.mark.browser

HUMAN = 0
MAX_DECISIONS = 60  # 10 rounds: 10 decisions of the person's at most


def test_a_person_plays_a_whole_game_by_clicking(server, page_ru):  # noqa: F811
    page = page_ru
    table = create_table(server, "branch_line", "Аня")
    mirror = TableMirror(server.db_path, table["id"])
    page.goto(server.url + table["seats"][HUMAN]["url"])
    page.wait_for_selector(".bl-map")
    assert "Каменоломня" in page.locator(".bl-map").text_content()  # Russian town names
    bot = bot_for(GAME, HUMAN, 5)
    how = {}
    for _ in range(MAX_DECISIONS):
        ps = wait_turn(page)
        if ps["over"]:
            break
        mirror.sync(ps["seq"])
        s = mirror.state
        assert s.current_player() == HUMAN
        assert sorted(ps["ids"]) == sorted(s.legal_actions())
        # the map offers exactly the links the person may build
        offered = sorted(int(x) for x in page.locator(".bl-link.legal").evaluate_all(
            "els => els.map((e) => e.dataset.link)"))
        assert offered == [a for a in s.legal_actions() if a < GAME.num_links]
        a = bot.act(s)
        d = mirror.to_json(a)
        if d["type"] == "build":
            kind = board_click(page, page.locator(f".bl-link[data-link='{a}']"))
        else:
            page.locator(f".bl-{d['type']}").click()
            kind = "button"
        how[d["type"], kind] = how.get((d["type"], kind), 0) + 1
        wait_after(page, ps["seq"])
    else:
        pytest.fail(f"no end after {MAX_DECISIONS} decisions")
    page.wait_for_selector("#result-card")
    mirror.sync(int(page.evaluate("document.body.dataset.seq")))
    end = mirror.state
    assert end.is_terminal()
    assert [a for seat, a in mirror.taken if seat == HUMAN], "the person made no decision"
    assert how.get(("build", "mouse"), 0) >= 2, how
    # the results: the shell's card names the winners, the view reveals every contract
    winners = page.locator("#winners").inner_text()
    assert ("Аня" in winners) == (HUMAN in end.result().winners), winners
    assert page.locator(".bl-final").count() == 2
    assert page.locator(".bl-final .bl-contract").count() == sum(map(len, end.hands))
