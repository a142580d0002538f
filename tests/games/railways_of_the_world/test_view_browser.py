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

import json
import re

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (A_BUILD, A_BUILD_AT, A_CUBE, A_DELIVER,
                                                            A_NOTE, A_STEP, NUM_COLOURS)
from tests.web.conftest import browser, new_context, page_ru, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, choice_click, create_table, mouse_click,
                               wait_after, wait_turn)

from . import helpers as H

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


# -- the view alone, fed positions built here --------------------------------------------

_RENDER = """async (c) => {
  const mod = await import("/games/railways_of_the_world/view.js");
  let root = document.getElementById("rotw-root");
  if (!root) {
    root = document.createElement("div");
    root.id = "rotw-root";
    document.body.replaceChildren(root);
  }
  window.acted = [];
  mod.render(root, {observation: c.observation, seat: c.seat, legal: c.legal, lang: "ru",
    i18n: c.i18n, players: [{name: "Аня", bot: false}, {name: "Бот", bot: true}],
    events: c.events, act: (id) => window.acted.push(id)});
}"""


def _show(page, s, seat=0, events=()):
    legal = s.legal_actions() if s.current_player() == seat else []
    c = {"observation": s.observation(seat), "seat": seat, "i18n": GAME.i18n("ru"),
         "events": [{"seq": k, "event": e} for k, e in enumerate(events)],
         "legal": [{"id": a, "action": GAME.action_to_json(s, a), "label": s.describe(a, "ru")}
                   for a in legal]}
    page.evaluate(_RENDER, json.loads(json.dumps(c)))
    return legal


def _acted(page):
    return page.evaluate("window.acted")


def test_track_is_laid_by_clicking_the_next_hex_or_its_edge(server, page_ru):  # noqa: F811
    page = page_ru
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url + "/api/health")
    s = H.to_turn(H.fresh(2), 0)
    H.give(s, 0, 20_000)
    s.apply(A_BUILD)
    start = H.city("pittsburgh")
    if s.phase == R.PH_BUILD_START:
        # rulebook: Прокладывание рельсов (a build starts from a city): the start is a click
        # on the city
        legal = _show(page, s)
        at = A_BUILD_AT + H.M.city_hex[start]
        assert at in legal
        mouse_click(page, page.locator(f".rotw-map g.city[data-city='pittsburgh']"))
        assert _acted(page) == [at]
        s.apply(at)
    assert s.phase == R.PH_BUILD
    legal = _show(page, s)
    steps = sorted(a for a in legal if A_STEP <= a < A_STEP + 6)
    assert len(steps) >= 2
    # each next tile: its hex outlined and a mark on the edge crossed, carrying the step
    drawn = page.locator(".rotw-map g.step")
    assert drawn.count() == len(steps)
    assert sorted(int(drawn.nth(i).get_attribute("data-legal-id"))
                  for i in range(drawn.count())) == steps
    first, second = (page.locator(f".rotw-map g.step[data-legal-id='{a}']") for a in steps[:2])
    # the edge mark (a real mouse click on the circle) ...
    box = first.locator("circle").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # ... and the hex itself
    mouse_click(page, second.locator("polygon"))
    assert _acted(page) == steps[:2]
    # one tile laid: the track so far is drawn, and the next choices start from its head
    s.apply(steps[0])
    if s.phase == R.PH_BUILD:
        legal = _show(page, s)
        assert page.locator(".rotw-map g.track.unfinished[data-owner='0']").count() == 1
        nxt = sorted(a for a in legal if A_STEP <= a < A_STEP + 6)
        assert page.locator(".rotw-map g.step").count() == len(nxt)


def _star(k):
    """A city and k others, each 2-3 hexes from it, with a link to each buildable."""
    s = H.fresh(2)
    nbr = {}
    for x, y in H.near_pairs(2, 3):
        nbr.setdefault(x, []).append(y)
        nbr.setdefault(y, []).append(x)
    for c in sorted(nbr):
        ok = [x for x in nbr[c] if H.route(s, 0, x, c) is not None]
        if len(ok) >= k:
            return c, ok[:k]
    raise AssertionError("no such city")


def test_a_delivery_moves_along_the_link_clicked(server, page_ru):  # noqa: F811
    # rulebook: Доставка товаров (each link of the way is chosen, the first one one's own,
    # another player's link scores for its owner): with two ways on, a click on a link's
    # track moves the cube along it
    page = page_ru
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url + "/api/health")
    c, (x, y, z) = _star(3)
    s = H.fresh(2)
    H.give(s, 0, 60_000)
    H.give(s, 1, 60_000)
    H.build_link(s, 0, x, c)
    H.to_turn(s, 1)
    H.build_link(s, 1, c, y)
    H.to_turn(s, 0)
    H.build_link(s, 0, c, z)
    # the cube at x goes to y or z (blue), through c (not blue); two links of range
    blue, red = R.COLOUR_INDEX["blue"], R.COLOUR_INDEX["red"]
    s.city_colour[y] = s.city_colour[z] = blue
    s.city_colour[x] = s.city_colour[c] = red
    s.level[0] = 2
    H.set_cubes(s, x, H.cube("blue"))
    H.to_turn(s, 0)
    s.apply(A_DELIVER)
    if s.phase == R.PH_DEL_CUBE:  # other cubes could go somewhere too: this one
        legal = _show(page, s)
        cube = A_CUBE + x * NUM_COLOURS + blue
        assert cube in legal
        mouse_click(page, page.locator(f".rotw-map g.cube[data-legal-id='{cube}']"))
        assert _acted(page) == [cube]
        s.apply(cube)
    # the first link, x to c, is the only one (one's own): the engine took it
    assert s.phase == R.PH_DEL_STEP and s.observation(0)["delivery"]["at"] == c
    legal = _show(page, s)
    moves = {GAME.action_to_json(s, a)["owner"]: a for a in legal}
    assert sorted(moves) == [0, 1]
    theirs = page.locator(f".rotw-map g.track[data-owner='1'][data-legal-id='{moves[1]}']")
    mine = page.locator(f".rotw-map g.track[data-owner='0'][data-legal-id='{moves[0]}']")
    assert theirs.count() == mine.count() == 1
    assert sorted(map(int, theirs.get_attribute("data-cities").split(","))) == sorted([c, y])
    assert mouse_click(page, theirs)
    assert mouse_click(page, mine)
    assert _acted(page) == [moves[1], moves[0]]
    # the link already travelled (x - c) is not offered again
    assert page.locator(".rotw-map g.track[data-legal-id]").count() == 2


def test_the_other_players_last_move_is_lit(server, page_ru):  # noqa: F811
    page = page_ru
    page.goto(server.url + "/api/health")
    b, (a,) = _star(1)
    s = H.fresh(2)
    H.give(s, 1, 40_000)
    H.to_turn(s, 1)
    # the build, step by step, with its events as the server's log carries them
    cost, dirs = H.route(s, 1, a, b)
    done = []
    for act in [A_BUILD, A_BUILD_AT + H.M.city_hex[a]] + [A_STEP + d for d in dirs]:
        while act not in s.legal_actions() and A_NOTE in s.legal_actions():
            s.apply(A_NOTE)
        if act in s.legal_actions():  # (where to start may be a forced single choice)
            s.apply(act)
            done += s.events
    assert [e["type"] for e in done if e["type"] == "link"] == ["link"]
    steps = {tuple(e["hex"]) for e in done if e["type"] in ("build_start", "build_step")}
    H.to_turn(s, 0)
    # seat 0 passed, then seat 1 built: seat 0 sees the hexes and the link lit
    _show(page, s, 0, [{"type": "pass_turn", "player": 0}] + done)
    assert page.locator(".rotw-map g.last-move polygon.last-move-halo").count() == len(steps) >= 2
    assert page.locator(".rotw-map g.tracks path.last-move-halo").count() == 1
    # the builder's own view: nothing lit
    _show(page, s, 1, done)
    assert page.locator(".rotw-map .last-move-halo").count() == 0
