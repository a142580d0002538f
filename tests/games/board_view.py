"""Browser checks shared by the board views' tests (Switch & Signal, Steamland): a view drawn
in the real table page from positions built in the test, its geometry as rendered (font sizes
in CSS pixels, elements outside the SVG's box), and clicking what a board element offers.

A view marks each element that carries legal actions with `data-choices` (the action ids,
space-separated); one action is sent by the click, several open a menu of buttons with
`data-id` (the `.ss-menu` / `.sl-menu` of the view)."""

from __future__ import annotations

import json

import httpx

from tests.web.driving import mouse_click

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# Draw an observation into a root of the test's own inside the page's board (the shell's
# view stays empty: nobody moves at this table). `c.fresh` starts with a new root (no
# memory of what was shown before, so no last move).
_RENDER = """async (c) => {
  const mod = await import(`/games/${c.game}/view.js`);
  let root = document.getElementById("test-root");
  if (!root || c.fresh) {
    if (root) root.remove();
    root = document.createElement("div");
    root.id = "test-root";
    document.getElementById("view").hidden = true;
    document.getElementById("board").append(root);
  }
  window.acted = [];
  mod.render(root, {observation: c.observation, seat: c.seat, legal: c.legal, lang: c.lang,
    i18n: c.i18n, players: c.players, act: (id) => window.acted.push(id)});
}"""

# Every text's size on screen (its font size times the SVG's scale) and every drawn element
# whose box leaves the SVG's box (what the SVG would clip).
_GEOMETRY = """(sel) => {
  const svg = document.querySelector(sel);
  const box = svg.getBoundingClientRect();
  const texts = [], outside = [];
  for (const t of svg.querySelectorAll("text")) {
    const m = t.getScreenCTM();
    texts.push({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)});
  }
  for (const el of svg.querySelectorAll("text, circle, ellipse, rect, line, polyline, polygon, path")) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5 ||
        r.bottom > box.bottom + 0.5) {
      outside.push({tag: el.tagName, text: el.textContent.slice(0, 40),
                    box: [r.left, r.top, r.right, r.bottom].map(Math.round)});
    }
  }
  return {width: box.width, height: box.height, left: box.left, right: box.right, texts, outside};
}"""


def open_table(server, browser, game: str, seats: int, viewport: dict, locale: str = "ru-RU"):
    """A page showing seat 0 of a new table of people only (nothing moves there by itself);
    returns (context, page, errors)."""
    out = httpx.post(server.url + "/api/tables", json={
        "game": game, "seats": [{"kind": "human", "name": n} for n in ["Аня", "Боря", "Вера", "Гена"][:seats]]},
        timeout=30).json()
    ctx = browser.new_context(locale=locale, viewport=viewport)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + out["seats"][0]["url"])
    page.wait_for_selector("#view svg", state="attached")
    return ctx, page, errors


def show(page, game, state, seat, lang, players=None, fresh=False, legal=True):
    """Draw `state` as `seat` sees it, with its legal actions when that seat is to move."""
    g = game
    acts = state.legal_actions() if legal and state.current_player() == seat else []
    c = {"game": g.id, "observation": state.observation(seat), "seat": seat, "lang": lang,
         "i18n": g.i18n(lang), "fresh": fresh,
         "players": [{"name": n, "bot": False} for n in (players or ["Аня", "Боря", "Вера", "Гена"])],
         "legal": [{"id": a, "action": g.action_to_json(state, a), "label": state.describe(a, lang)}
                   for a in acts]}
    page.evaluate(_RENDER, json.loads(json.dumps(c)))


def geometry(page, sel: str) -> dict:
    return page.evaluate(_GEOMETRY, sel)


def assert_legible(page, sel: str, least_px: float = 11.0) -> dict:
    """Every text of the SVG at least `least_px` CSS pixels, nothing outside its box."""
    g = geometry(page, sel)
    small = [t for t in g["texts"] if t["px"] < least_px - 1e-6]
    assert not small, f"texts under {least_px}px: {small[:10]}"
    assert not g["outside"], f"clipped: {g['outside'][:10]}"
    return g


def offered(page, a: int) -> int:
    """How many elements of the test's root offer action a."""
    return page.locator(f"#test-root [data-choices~='{a}']").count()


def click_choice(page, a: int, menu: str) -> str:
    """Click the element offering action a (the mouse where it shows, else a dispatched
    click), then, if a menu opened, its button for a. Returns "mouse" or "dispatch"."""
    el = page.locator(f"#test-root [data-choices~='{a}']").first
    several = len(el.get_attribute("data-choices").split()) > 1
    how = "mouse" if mouse_click(page, el) else "dispatch"
    if how == "dispatch":
        el.dispatch_event("click")
    if several:
        page.locator(f"#test-root {menu} button[data-id='{a}']").click()
    return how
