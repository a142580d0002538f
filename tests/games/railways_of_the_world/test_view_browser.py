"""End to end in headless Chromium: a 2-seat Railways of the World table (one person, the
heuristic bot) played by clicking through the first full round, with a track build (a
finished link) and a delivery by the person.

The person's decisions come from the game's own heuristic bot, asked in-process about the
position rebuilt from the server's database (which the test owns), steered to deliver as soon
as a delivery with a choice of cube is possible. Each decision is made by clicking the map
element that carries it (a hex to start or extend the track, a city, a goods cube, a card),
the shell's list of choices only where the view offers no element (turn choices, bids,
loans).
"""

import re

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import A_DELIVER
from tests.web.conftest import browser, new_context, page_ru, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, choice_click, create_table, mouse_click,
                               wait_after, wait_turn)

pytestmark = pytest.mark.browser

HUMAN = 0
MAX_DECISIONS = 80  # the first round takes the person 10-20 decisions


def _decide(bot, state, delivered):
    legal = state.legal_actions()
    # steer: a first delivery as soon as one is possible with a choice of cube, whatever it
    # scores (a lone cube is a forced single choice the engine takes: nothing to click)
    if not delivered and state.phase == R.PH_TURN and A_DELIVER in legal:
        trial = state.clone()
        trial.apply(A_DELIVER)
        if trial.phase == R.PH_DEL_CUBE:
            return A_DELIVER
    return bot.act(state)


def test_first_round_with_a_build_and_a_delivery_by_clicking(server, page_ru):  # noqa: F811
    page = page_ru
    table = create_table(server, "railways_of_the_world", "Аня")
    page.goto(server.url + table["seats"][HUMAN]["url"])
    page.wait_for_selector("#view svg.rotw-map")
    assert page.locator("#view svg.rotw-map polygon").count() > 300  # the hexes
    mirror = TableMirror(server.db_path, table["id"])
    bot = GAME.bots()["heuristic"](HUMAN, 1)

    def mine(kind):
        return [(s, e) for s, e in mirror.events if e["type"] == kind and e.get("player") == HUMAN]

    clicks = {}  # (action type, "map" or "list") -> count
    for _ in range(MAX_DECISIONS):
        ps = wait_turn(page)
        assert not ps["over"], "the game ended during its first round"
        mirror.sync(ps["seq"])
        st = mirror.state
        if mine("link") and mine("delivery") and st.observation(HUMAN)["round"] >= 2:
            break
        assert st.current_player() == HUMAN
        assert sorted(ps["ids"]) == sorted(st.legal_actions())
        a = _decide(bot, st, bool(mine("delivery")))
        kind = mirror.to_json(a)["type"]
        el = page.locator(f"#view [data-legal-id='{a}']")
        if el.count() and mouse_click(page, el.first):
            how = "map"
        else:
            choice_click(page, a)
            how = "list"
        clicks[kind, how] = clicks.get((kind, how), 0) + 1
        wait_after(page, ps["seq"])
    else:
        pytest.fail(f"no build, delivery and second round after {MAX_DECISIONS} decisions")

    # the decisions on the map were clicked on the map. A lone cube or build step is a
    # forced single choice the engine takes (nothing to click), and the table's deal is
    # random, so a kind may not come up: each kind that did was clicked on the map.
    for kind in ("build_step", "cube"):
        if clicks.get((kind, "map"), 0) + clicks.get((kind, "list"), 0):
            assert clicks.get((kind, "map"), 0) >= 1, clicks
    assert sum(clicks.get((k, "map"), 0) for k in ("build_at", "build_step", "cube")) >= 1, \
        clicks
    assert clicks.get(("build_step", "list"), 0) + clicks.get(("cube", "list"), 0) <= 2, clicks

    # what the page shows: the log lines in Russian, the round, the person's points and income
    log = page.locator("#log-list").inner_text()
    names = ["Аня", "Бот 2 (эвристика)"]  # the log names the person and the bot's seat
    link_lines = [GAME.event_text(e, "ru", names) for _, e in mine("link")]
    delivery_lines = [GAME.event_text(e, "ru", names) for _, e in mine("delivery")]
    assert re.search(r"Аня: путь .+ - .+", link_lines[0])
    assert re.search(r"Аня: .+ → .+", delivery_lines[0])
    for line in link_lines + delivery_lines:
        assert line in log, (line, log)
    first_round_income = [e for s, e in mirror.events if e["type"] == "income"]
    assert first_round_income and all(
        GAME.event_text(e, "ru", names) in log for e in first_round_income)
    head = page.locator(".rotw-head").inner_text()
    assert re.match(r"Раунд (\d+)", head) and int(re.match(r"Раунд (\d+)", head)[1]) >= 2, head
    obs = mirror.state.observation(HUMAN)
    assert obs["players"][HUMAN]["points"] >= 1 and obs["players"][HUMAN]["links"] >= 1
    row = page.locator(f".rotw-player[data-seat='{HUMAN}']")
    assert "Аня" in row.locator(".name").inner_text()
    points, income, links = (row.locator(f"[data-fact='{k}']").inner_text()
                             for k in ("points", "income", "links"))
    assert points == f"очки {obs['players'][HUMAN]['points']}" and points != "очки 0"
    assert income == "доход $" + format(obs["players"][HUMAN]["income"], ",")
    assert income != "доход $0" and links != "пути 0"
