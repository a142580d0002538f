"""The Switch & Signal browser view in Chromium, fed positions built here: the network is
drawn, and signal fields, junctions and trains send the matching legal action when clicked."""

import json

import pytest

from railtable.games.switch_and_signal import GAME
from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.text import i18n
from tests.web.conftest import browser, server  # noqa: F401  (fixtures)

from .helpers import blank, node, put

pytestmark = pytest.mark.browser

_RENDER = """async (c) => {
  const mod = await import("/games/switch_and_signal/view.js");
  let root = document.getElementById("ss-root");
  if (!root) {
    root = document.createElement("div");
    root.id = "ss-root";
    document.body.replaceChildren(root);
  }
  window.acted = [];
  mod.render(root, {observation: c.observation, seat: 0, legal: c.legal, lang: "ru",
    i18n: c.i18n, players: [{name: "Аня", bot: false}, {name: "Боря", bot: false}],
    act: (id) => window.acted.push(id)});
}"""


def _show(page, s):
    c = {"observation": s.observation(0), "i18n": i18n("ru"),
         "legal": [{"id": a, "action": GAME.action_to_json(s, a), "label": s.describe(a, "ru")}
                   for a in s.legal_actions()]}
    page.evaluate(_RENDER, json.loads(json.dumps(c)))


def test_board_clicks_send_legal_actions(server, browser):  # noqa: F811
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1300, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/api/health")

    s = blank()
    put(s, 0, "paris")
    put(s, 4, ("brest", "rennes"), k=0)
    _show(page, s)
    b = s.board
    assert page.locator(".ss-map .ss-line").count() == len(b.line_len)
    assert page.locator(".ss-map .ss-field").count() == b.num_fields
    assert page.locator(".ss-map .ss-field[data-green='1']").count() == 8
    assert page.locator(".ss-map .ss-train").count() == 2
    assert "Марсель" in page.locator(".ss-map").text_content()
    # the action phase: card plays are in the shell's list; only the empty train in Paris is
    # clickable (it may be loaded)
    assert page.locator(".ss-pick").count() == 1
    page.locator(".ss-train[data-train='0']").dispatch_event("click")
    acted = page.evaluate("window.acted")
    assert len(acted) == 1 and GAME.action_to_json(s, acted[0])["type"] == "load"

    # a signal card: lift a disc by clicking its green field, then place it on a red one
    s.apply(A.PLAY + 0)
    _show(page, s)
    f = [a - A.FIELD_FROM for a in s.legal_actions()][0]
    page.locator(f".ss-field[data-field='{f}']").dispatch_event("click")
    assert page.evaluate("window.acted") == [A.FIELD_FROM + f]
    s.apply(A.FIELD_FROM + f)
    _show(page, s)
    g = [a - A.FIELD_TO for a in s.legal_actions()][-1]
    page.locator(f".ss-field[data-field='{g}']").dispatch_event("click")
    assert page.evaluate("window.acted") == [A.FIELD_TO + g]
    s.apply(A.FIELD_TO + g)

    # a switch card: click the junction
    s.apply(A.PLAY + 7)
    _show(page, s)
    page.locator(".ss-junction[data-junction='tours']").dispatch_event("click")
    j = b.junction_index[node(s, "tours")]
    assert page.evaluate("window.acted") == [A.JUNCTION + j]
    s.apply(A.JUNCTION + j)
    s.apply(s.legal_actions()[0])

    # a move card: click the train
    s.apply(A.PLAY + 14)
    _show(page, s)
    page.locator(".ss-train[data-train='4']").dispatch_event("click")
    assert page.evaluate("window.acted") == [A.TRAIN + 4]
    ctx.close()
    assert errors == []
