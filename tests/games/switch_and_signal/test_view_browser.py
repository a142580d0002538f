"""The Switch & Signal view in Chromium, in the real table page, fed positions built here.

- Both boards in both languages at 1366x768: every label at least 11 CSS pixels, nothing
  outside the SVG, no city name under a disc, and the network, signals and trains as the
  observation has them; at 390x844 the map fits the phone's width, and zooms.
- Every kind of decision that has a place on the board is offered there, and a click (and,
  where the element offers several, the menu) sends exactly that decision.
- The last move is ringed: what the other players did since this seat last decided.
"""

from __future__ import annotations

import random

import pytest

from railtable.games.switch_and_signal import GAME
from railtable.games.switch_and_signal import actions as A
from tests.games.board_view import (DESKTOP, PHONE, assert_legible, click_choice, geometry,
                                    offered, open_table, show)
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

from .helpers import blank, node, put

pytestmark = pytest.mark.browser

MAP = "#test-root .ss-map"
# decisions the view leaves to the shell's list: ending the action phase, rolling the
# deployment dice
LIST_ONLY = {"end_actions", "roll_deploy"}


@pytest.fixture(scope="module")
def desk(server, browser):  # noqa: F811
    ctx, page, errors = open_table(server, browser, "switch_and_signal", 2, DESKTOP)
    yield page
    ctx.close()
    assert errors == []


def _bot_states(board: str, seed: int, decisions: int):
    """Positions along a heuristic team's game, one per decision."""
    s = GAME.new_state(2, seed, {"board": board})
    bots = [GAME.bots()["heuristic"](p, seed + p) for p in range(2)]
    out = []
    for _ in range(decisions):
        if s.is_terminal():
            break
        out.append(s.clone())
        s.apply(bots[s.current_player()].act(s))
    return out


@pytest.mark.parametrize("board", ["central_europe", "north_america"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_board_is_legible_and_whole(desk, board, lang):
    page = desk
    s = _bot_states(board, 3, 40)[-1]
    show(page, GAME, s, s.current_player(), lang, fresh=True)
    obs = s.observation(0)
    m = obs["map"]
    g = assert_legible(page, MAP)
    assert g["height"] <= DESKTOP["height"] and g["right"] <= DESKTOP["width"]
    # what the observation holds is drawn
    assert page.locator(f"{MAP} .ss-line").count() == len(m["lines"])
    assert page.locator(f"{MAP} .ss-field").count() == len(m["fields"])
    assert page.locator(f"{MAP} .ss-field[data-green='1']").count() == len(obs["signals"])
    on_map = [t for t in obs["trains"] if t["where"] != "depot"]
    assert page.locator(f"{MAP} .ss-train").count() == len(on_map) > 0
    names = GAME.i18n(lang)["nodes"]
    labels = page.locator(f"{MAP} .ss-label").all_text_contents()
    assert sorted(labels) == sorted(names[n["id"]] for n in m["nodes"])
    # each junction shows its two open branches: the settings of the observation
    for j, open_ in obs["switches"].items():
        assert len(open_) == 2, j
    # no name of a city, port or starting point lies under a node's disc
    overlaps = page.evaluate("""(sel) => {
      const svg = document.querySelector(sel);
      const shapes = [...svg.querySelectorAll('.ss-node circle, .ss-node rect:not(.ss-halo), .ss-junction > circle:not(.ss-halo)')];
      const out = [];
      for (const t of svg.querySelectorAll('.ss-label')) {
        const r = t.getBoundingClientRect();
        for (const e of shapes) {
          const d = e.getBoundingClientRect();
          if (e.tagName === 'circle') {  // the disc itself, not its square box
            const cx = (d.left + d.right) / 2, cy = (d.top + d.bottom) / 2, rad = d.width / 2;
            const dx = Math.max(r.left - cx, 0, cx - r.right), dy = Math.max(r.top - cy, 0, cy - r.bottom);
            if (Math.hypot(dx, dy) < rad - 1) out.push([t.textContent, 'disc']);
          } else {
            const w = Math.min(r.right, d.right) - Math.max(r.left, d.left);
            const h = Math.min(r.bottom, d.bottom) - Math.max(r.top, d.top);
            if (w > 1 && h > 1) out.push([t.textContent, 'square']);
          }
        }
      }
      return out;
    }""", MAP)
    assert overlaps == [], overlaps
    # the port's delivered goods and the clock as the observation has them
    port = obs["delivered"][0]
    cell = page.locator(f"#test-root .ss-chip[data-port='{port['port']}']").inner_text()
    need = obs["goal"].get("per_colour") or obs["goal"].get("per_colour_per_port")
    for c in ("yellow", "blue", "red", "white"):
        assert f"{port['goods'][c]}/{need}" in cell
    clock = page.locator("#test-root [data-part='clock']").inner_text()
    assert f"{obs['time_tokens']}/{obs['clock']}" in clock


def test_phone_fits_and_zooms(server, browser):  # noqa: F811
    ctx, page, errors = open_table(server, browser, "switch_and_signal", 2, PHONE, "en-US")
    s = _bot_states("north_america", 3, 40)[-1]
    show(page, GAME, s, 0, "en", fresh=True)
    g = geometry(page, MAP)
    assert g["outside"] == []
    assert g["right"] <= PHONE["width"] and g["width"] > 300
    page.locator("#test-root .ss-zoom").click()
    wide = geometry(page, MAP)
    assert wide["width"] > 2 * g["width"] and wide["outside"] == []
    # zoomed, every name is legible again
    assert min(t["px"] for t in wide["texts"]) >= 11
    ctx.close()
    assert errors == []


def _kinds(states):
    """One position per kind of decision (the first where it is legal), for the board's
    clicks."""
    seen = {}
    for s in states:
        for a in s.legal_actions():
            t = GAME.action_to_json(s, a)["type"]
            if t not in seen:
                seen[t] = (s, a)
    return seen


def test_every_board_decision_is_clicked_on_the_board(desk):
    page = desk
    found = {}
    for board, seed in (("central_europe", 1), ("north_america", 2), ("central_europe", 4)):
        for k, v in _kinds(_bot_states(board, seed, 250)).items():
            found.setdefault(k, v)
    # a free layout's set-up: junction settings and city signals chosen on the board
    s = GAME.new_state(2, 5, {"layout": "free"})
    for k, v in _kinds([s]).items():
        found.setdefault(k, v)
    wanted = {"train", "load", "play", "signal_from", "signal_to", "junction",
              "switch_setting", "route", "stop", "deploy_colour", "move_colour", "coupler",
              "accept_card", "switchman", "station_master", "accept_roll", "logistician"}
    assert wanted <= set(found), sorted(found)
    how = {}
    for kind, (s, a) in sorted(found.items()):
        seat = s.current_player()
        show(page, GAME, s, seat, "ru", fresh=True)
        if kind in LIST_ONLY:
            assert offered(page, a) == 0, kind
            continue
        assert offered(page, a) >= 1, f"{kind} is not offered on the board"
        how[kind] = click_choice(page, a, ".ss-menu")
        assert page.evaluate("window.acted") == [a], kind
    # nearly everything is clicked where it shows (a train standing on a field may hide it)
    assert list(how.values()).count("mouse") >= len(how) - 2, how


def test_hand_built_clicks(desk):
    page = desk
    s = blank()
    put(s, 0, "paris")
    put(s, 4, ("brest", "rennes"), k=0)
    show(page, GAME, s, 0, "ru", fresh=True)
    # the action phase: the empty train in Paris may be loaded, paying any of three cards:
    # its click opens a menu of the three
    assert page.locator(f"{MAP} .ss-pick").count() == 1
    loads = [a for a in s.legal_actions() if A.LOAD <= a < A.COUPLER]
    assert len(loads) == 3
    page.locator(f"{MAP} .ss-train[data-train='0']").click()
    buttons = page.locator("#test-root .ss-menu button[data-id]")
    assert sorted(int(x) for x in buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.id)")) == loads
    buttons.nth(1).click()
    assert page.evaluate("window.acted") == [loads[1]]
    assert page.locator("#test-root .ss-menu").count() == 0
    # a card of the active hand plays it: Signal alone or for two cards
    signal = [a for a in s.legal_actions()
              if A.PLAY <= a < A.LOAD and GAME.action_to_json(s, a)["action"] == "signal"]
    chip = page.locator("#test-root .ss-hand[data-hand='0'] [data-card='signal']")
    assert sorted(int(x) for x in chip.get_attribute("data-choices").split()) == signal
    assert page.locator("#test-root .ss-hand[data-hand='1'] .ss-pick").count() == 0

    # a switch card: the junction, then the picture of the setting
    s.apply(A.PLAY + 7)
    show(page, GAME, s, 0, "ru")
    page.locator(f"{MAP} .ss-junction[data-junction='tours']").click()
    j = s.board.junction_index[node(s, "tours")]
    assert page.evaluate("window.acted") == [A.JUNCTION + j]
    s.apply(A.JUNCTION + j)
    show(page, GAME, s, 0, "ru")
    sw = s.observation(0)["switching"]
    assert sw["junction"] == "tours"
    settings = page.locator(f"{MAP} .ss-settings .ss-setting")
    assert settings.count() == len(sw["settings"])
    k = next(k for k, pair in enumerate(sw["settings"]) if sorted(pair) == ["bordeaux", "paris"])
    page.locator(f"{MAP} .ss-setting[data-setting='{k}']").click()
    assert page.evaluate("window.acted") == [A.CONFIG + k]
    s.apply(A.CONFIG + k)
    show(page, GAME, s, 0, "ru")
    # the junction now opens Bordeaux-Paris, and is ringed as the last move
    assert sorted(s.observation(0)["switches"]["tours"]) == ["bordeaux", "paris"]
    assert page.locator(f"{MAP} .ss-junction[data-junction='tours'] .ss-last").count() == 1


def test_last_move_rings_what_others_did(desk):
    page = desk
    s = blank()
    put(s, 0, "paris")
    # seat 1's page: it sees the position, then every update of seat 0's turn
    show(page, GAME, s, 1, "ru", fresh=True)
    assert page.locator(f"{MAP} .ss-last").count() == 0
    s.apply(A.PLAY + 0)  # a signal card: lift a disc, put it elsewhere
    f = [a - A.FIELD_FROM for a in s.legal_actions()][0]
    s.apply(A.FIELD_FROM + f)
    show(page, GAME, s, 1, "ru")
    g = [a - A.FIELD_TO for a in s.legal_actions()][-1]
    s.apply(A.FIELD_TO + g)
    show(page, GAME, s, 1, "ru")
    show(page, GAME, s, 1, "en")  # drawn again in another language: the same rings
    fields = page.locator(f"{MAP} .ss-field:has(.ss-last)").evaluate_all(
        "(es) => es.map((e) => Number(e.dataset.field))")
    assert sorted(fields) == sorted([f, g])
    assert page.locator(f"{MAP} .ss-last").count() == 2
    # then a train moves (seat 0's move card): both fields and the train stay ringed, since
    # seat 1 has not decided anything since
    s.apply(A.PLAY + 14)
    if A.TRAIN + 0 in s.legal_actions():  # the only train on the network: taken at once
        s.apply(A.TRAIN + 0)
    rng = random.Random(1)
    while not s.is_terminal() and s.observation(0)["phase"] in ("roll", "route", "city"):
        s.apply(rng.choice(s.legal_actions()))
    show(page, GAME, s, 1, "ru")
    assert page.locator(f"{MAP} .ss-train[data-train='0'] .ss-last").count() == 1
    assert page.locator(f"{MAP} .ss-field .ss-last").count() == 2


def test_own_decision_rings_only_itself(desk):
    page = desk
    s = blank()
    put(s, 0, "paris")
    show(page, GAME, s, 0, "ru", fresh=True)
    # seat 0 re-sets the Tours junction...
    j = s.board.junction_index[node(s, "tours")]
    for step in (lambda: A.PLAY + 7, lambda: A.JUNCTION + j, lambda: s.legal_actions()[0]):
        s.apply(step())
        show(page, GAME, s, 0, "ru")
    assert page.locator(f"{MAP} .ss-junction[data-junction='tours'] .ss-last").count() == 1
    # ...then plays a signal card
    s.apply(A.PLAY + 0)
    show(page, GAME, s, 0, "ru")
    f = [a - A.FIELD_FROM for a in s.legal_actions()][0]
    s.apply(A.FIELD_FROM + f)
    show(page, GAME, s, 0, "ru")
    # the lifted disc is marked while its new field is chosen
    assert page.locator(f"{MAP} .ss-field[data-field='{f}'] circle[stroke-dasharray]").count() == 1
    g = [a - A.FIELD_TO for a in s.legal_actions()][-1]
    s.apply(A.FIELD_TO + g)
    show(page, GAME, s, 0, "ru")
    # the last decision moved the disc from f to g: only those are ringed, not the junction
    fields = page.locator(f"{MAP} .ss-field:has(.ss-last)").evaluate_all(
        "(es) => es.map((e) => Number(e.dataset.field))")
    assert sorted(fields) == sorted([f, g])
    assert page.locator(f"{MAP} .ss-last").count() == 2


def test_spectator_sees_the_board_without_choices(desk):
    # a spectator (and the replay page) has no seat and no legal actions
    page = desk
    states = _bot_states("central_europe", 3, 60)
    trains = [s.observation(None)["trains"] for s in states]
    k = next(k for k in range(1, len(states)) if trains[k] != trains[k - 1])
    show(page, GAME, states[k - 1], None, "en", fresh=True)
    show(page, GAME, states[k], None, "en")
    assert page.locator("#test-root .ss-pick").count() == 0
    # the last step is ringed: the trains it moved
    moved = [t["id"] for t, b in zip(trains[k], trains[k - 1]) if t != b]
    ringed = page.locator(f"{MAP} .ss-train:has(.ss-last)").evaluate_all(
        "(es) => es.map((e) => Number(e.dataset.train))")
    assert sorted(ringed) == sorted(t for t in moved if trains[k][t]["where"] != "depot")
