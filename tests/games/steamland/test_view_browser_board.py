"""The Steamland view in Chromium, in the real table page, fed positions of bot-played games.

- At 1366x768 in both languages every text of the map is at least 11 CSS pixels and nothing
  leaves the SVG; at 390x844 the map fits the phone's width, and zooms.
- Each creature on the map shows its fighting strength (a Steam Dragon also its number) and
  each task shown says what it needs and gives, as the observation has them.
- Every kind of decision but ending (the shell's list) is offered on the board, and a click
  (and the element's menu where it has several) sends exactly that decision.
- The last move: what the other players did since this seat last decided is outlined.
"""

from __future__ import annotations

import random

import pytest

from railtable.games.steamland import GAME
from tests.games.board_view import (DESKTOP, PHONE, assert_legible, click_choice, geometry,
                                    offered, open_table, show)
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

MAP = "#test-root .sl-map"
LIST_ONLY = {"end"}
LEVELS = ("apprentice", "master", "professor", "genius")


@pytest.fixture(scope="module")
def desk(server, browser):  # noqa: F811
    ctx, page, errors = open_table(server, browser, "steamland", 2, DESKTOP)
    yield page
    ctx.close()
    assert errors == []


def _game(seed: int, players: int, level: str, steps: int, wander: float = 0.35):
    """Positions of a game of heuristic bots that now and then play at random (so that
    rarer decisions come up), one per decision."""
    s = GAME.new_state(players, seed, {"level": level})
    bots = [GAME.bots()["heuristic"](p, seed + p) for p in range(players)]
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if s.is_terminal():
            break
        out.append(s.clone())
        la = s.legal_actions()
        s.apply(rng.choice(la) if rng.random() < wander else bots[s.current_player()].act(s))
    return out


def _with_creatures():
    """A position on the Genius level with creatures and Steam Dragons on the map."""
    for s in _game(0, 3, "genius", 400, wander=0):
        obs = s.observation(0)
        on = [t for t in obs["tiles"] if t["creature"] is not None]
        dragons = [t for t in on if obs["catalogue"]["creatures"][t["creature"]]["dragon"]]
        if len(on) >= 3 and dragons and obs["players"][0]["tasks"]:
            return s
    raise AssertionError("no position with creatures and dragons")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_map_is_legible_and_whole(desk, lang):
    page = desk
    late = _game(9, 4, "apprentice", 600, wander=0)[-1]   # a large explored map
    for s in (late, _with_creatures()):
        show(page, GAME, s, 0, lang, fresh=True)
        assert_legible(page, MAP)
        obs = s.observation(0)
        assert page.locator(f"{MAP} .sl-hex:not(.sl-fog)").count() == len(obs["tiles"])
        assert page.locator(f"{MAP} .sl-fog").count() == len(obs["fog"])
        assert page.locator(f"{MAP} .sl-pawn").count() == len(obs["players"])


def test_creatures_show_their_strength_and_tasks_their_needs(desk):
    page = desk
    s = _with_creatures()
    for lang in ("ru", "en"):
        show(page, GAME, s, 0, lang, fresh=True)
        obs = s.observation(0)
        t = GAME.i18n(lang)
        cat = obs["catalogue"]
        on = [x for x in obs["tiles"] if x["creature"] is not None]
        tokens = page.locator(f"{MAP} .sl-creature")
        assert tokens.count() == len(on)
        for tile in on:
            c = cat["creatures"][tile["creature"]]
            tok = page.locator(f"{MAP} .sl-creature[data-creature='{tile['creature']}']")
            text = tok.locator("text").all_text_contents()
            # the strength in the token is the fighting strength; a dragon's number beside it
            assert str(c["fight"]) in text
            if c["dragon"]:
                assert str(c["dragon"]) in text
            # named with its facts in the list of creatures on the map
            card = page.locator(f"#test-root [data-part='creatures'] [data-creature='{tile['creature']}']")
            assert t["creatures"][c["kind"]] in card.inner_text()
        # the viewer's and the common tasks: what each needs
        mine = obs["players"][0]["tasks"]
        shown = [*mine, *obs["common_tasks"]]
        assert shown
        for task in shown:
            q = cat["tasks"][task["task"]]
            cards = page.locator(f"#test-root .sl-task[data-task='{task['task']}']")
            assert cards.count() >= 1
            text = cards.first.inner_text()
            assert t["tasks"][q["key"]] in text
            for city in task["targets"]:
                assert t["tiles"][f"city_{city}"] in text
            if q["kind"] == "deliver":
                assert t["items"][q["item"]] in text
            if q["kind"] == "pay":
                assert f"£{q['amount']}" in text
            if q["kind"] == "hunt" and q["strength"]:
                assert str(q["strength"]) in text
            assert t["parts"][q["part"]] in text and str(q["points"]) in text
        # another seat's tasks are only counted
        other = obs["players"][1]["tasks"]
        assert isinstance(other, int)
        assert page.locator("#test-root [data-seat='1'] .sl-task").count() == 0


def test_phone_fits_and_zooms(server, browser):  # noqa: F811
    ctx, page, errors = open_table(server, browser, "steamland", 2, PHONE, "en-US")
    s = _game(9, 4, "apprentice", 600, wander=0)[-1]
    show(page, GAME, s, 0, "en", fresh=True)
    g = geometry(page, MAP)
    assert g["outside"] == [] and g["right"] <= PHONE["width"]
    page.locator("#test-root .sl-zoom").click()
    wide = geometry(page, MAP)
    assert wide["width"] > 2 * g["width"] and wide["outside"] == []
    assert min(t["px"] for t in wide["texts"]) >= 11
    ctx.close()
    assert errors == []


def _kinds():
    """One position per kind of decision (the first where it is legal) over a few games."""
    found = {}
    for seed in range(6):
        for players in (2, 3, 4):
            for s in _game(seed, players, LEVELS[seed % 4], 700):
                for a in s.legal_actions():
                    found.setdefault(GAME.action_to_json(s, a)["type"], (s, a))
    return found


def test_every_decision_but_ending_is_clicked_on_the_board(desk):
    page = desk
    found = _kinds()
    assert len(found) == 32, sorted(found)  # every kind of decision came up
    how = {}
    for kind, (s, a) in sorted(found.items()):
        seat = s.current_player()
        show(page, GAME, s, seat, "ru", fresh=True)
        if kind in LIST_ONLY:
            assert offered(page, a) == 0, kind
            continue
        assert offered(page, a) >= 1, f"{kind} is not offered on the board"
        how[kind] = click_choice(page, a, ".sl-menu")
        assert page.evaluate("window.acted") == [a], kind
    assert list(how.values()).count("mouse") >= len(how) - 1, how


def _other_turn(states):
    """(i, j): seat 1 is to play at i after seat 0, and seat 0 again first at j, seat 1
    having moved in between."""
    cell = lambda s: s.observation(0)["players"][1]["cell"]  # noqa: E731
    for i in range(1, len(states)):
        if states[i - 1].current_player() == 0 and states[i].current_player() == 1:
            j = next((k for k in range(i, len(states)) if states[k].current_player() == 0), None)
            if j is not None and cell(states[i]) != cell(states[j]):
                return i, j
    raise AssertionError("seat 1 never moved")


def test_last_move_outlines_what_others_did(desk):
    page = desk
    states = _game(3, 2, "apprentice", 300, wander=0)
    i, j = _other_turn(states)
    show(page, GAME, states[i], 0, "ru", fresh=True)
    assert page.locator(f"{MAP} .sl-ring").count() == 0
    for k in range(i + 1, j + 1):  # every update of seat 1's turn reaches seat 0's page
        show(page, GAME, states[k], 0, "ru")
    assert page.locator(f"{MAP} line.sl-ring[data-moved='1']").count() == 1
    assert page.locator("#test-root .sl-row[data-seat='1'].sl-last").count() == 1
    # seat 0 decides: seat 1's moves are no longer outlined, its own decision is
    s = states[j].clone()
    s.apply(s.legal_actions()[-1])
    show(page, GAME, s, 0, "ru")
    assert page.locator(f"{MAP} line.sl-ring[data-moved='1']").count() == 0


def test_spectator_sees_the_board_without_choices(desk):
    # a spectator (and the replay page) has no seat and no legal actions
    page = desk
    states = _game(3, 2, "apprentice", 120, wander=0)
    i, j = _other_turn(states)
    show(page, GAME, states[j - 1], None, "en", fresh=True)
    show(page, GAME, states[j], None, "en")
    assert page.locator("#test-root .sl-pick").count() == 0
    assert page.locator(f"{MAP} .sl-pawn").count() == 2
    # nobody's tasks are shown, only counted
    assert page.locator("#test-root [data-part='players'] .sl-task").count() == 0
