"""Every game's board in Chromium, at a desktop window (1366x768) and a phone in portrait
(390x844), in Russian and English: a screenshot of each, and checks read from the rendered
SVG.

Each game's table (a person in seat 0, the heuristic bot in seat 1) is played to the middle of
a game once: the person's decisions come from the game's heuristic bot, asked in-process about
the position rebuilt from the server's database, and are clicked in the shell's list of
choices. Every case then opens the table again at its window size and in its language, where
it is the person's turn (so the position holds still), and

- saves a screenshot of the window and of the whole page to test-artifacts/boards/
  (RAILTABLE_ARTIFACTS names another folder; the paths are printed at the end of the run);
- checks that no element drawn in the board's SVG lies outside what can be seen of it: the
  SVG's own box, cut by every ancestor that clips its overflow, and the window's width;
- at the desktop size, checks that every SVG text is drawn at least 11 CSS pixels high (its
  computed font size times the SVG's scale on screen).
"""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import artifact
from tests.web.driving import TableMirror, bot_for, choice_click, wait_after, wait_turn

pytestmark = pytest.mark.browser

GAMES = ["colt_express", "ticket_to_ride", "switch_and_signal", "railways_of_the_world",
         "steamland"]
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
LANGS = ["ru", "en"]
MIN_LABEL_PX = 11
# The person's decisions before the screenshots: the middle of a game, with pieces on the
# board from both seats (claimed routes, built track, moved trains, a played round).
DECISIONS = {"colt_express": 10, "ticket_to_ride": 10, "switch_and_signal": 6,
             "railways_of_the_world": 14, "steamland": 10}

# What the board's SVGs show that cannot be seen: texts below the size (desktop only) and
# elements outside the visible box. One entry per element, with enough to find it.
_CHECK = """(minPx) => {
  const out = {svgs: 0, small: [], clipped: []};
  const W = document.documentElement.clientWidth;
  const label = (el) => {
    const t = el.tagName === "text" || el.tagName === "tspan" ? JSON.stringify(el.textContent.trim().slice(0, 30)) : "";
    const g = el.closest("[class]");
    return `${el.tagName}${t ? " " + t : ""}${g && g !== el ? " in ." + String(g.getAttribute("class")).split(" ")[0] : ""}`;
  };
  for (const svg of document.querySelectorAll("#view svg")) {
    if (svg.ownerSVGElement) continue;        // a nested svg is checked with its outer one
    const r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(svg).display === "none") continue;
    out.svgs += 1;
    // what can be seen of the SVG: its box, cut by every ancestor that clips, and the window
    const box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let a = svg.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a), ar = a.getBoundingClientRect();
      if (cs.overflowX !== "visible") { box.l = Math.max(box.l, ar.left); box.r = Math.min(box.r, ar.right); }
      if (cs.overflowY !== "visible") { box.t = Math.max(box.t, ar.top); box.b = Math.min(box.b, ar.bottom); }
    }
    box.l = Math.max(box.l, 0); box.r = Math.min(box.r, W);
    const shapes = svg.querySelectorAll("text, tspan, rect, circle, ellipse, line, polyline, polygon, path, image, use, foreignObject");
    for (const el of shapes) {
      if (el.closest("defs, clipPath, mask, pattern, marker, symbol")) continue;
      const cs = getComputedStyle(el);
      if (cs.display === "none" || cs.visibility === "hidden") continue;
      const isText = el.tagName === "text" || el.tagName === "tspan";
      if (isText && !el.textContent.trim()) continue;
      const e = el.getBoundingClientRect();
      if (e.width === 0 && e.height === 0) continue;
      if (e.left < box.l - 0.5 || e.right > box.r + 0.5 || e.top < box.t - 0.5 || e.bottom > box.b + 0.5) {
        out.clipped.push(`${label(el)} at [${[e.left, e.top, e.right, e.bottom].map(Math.round)}] ` +
                         `outside [${[box.l, box.t, box.r, box.b].map(Math.round)}]`);
      }
      if (isText && minPx) {
        const m = el.getScreenCTM();
        const px = parseFloat(cs.fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        if (px < minPx - 0.01) out.small.push(`${label(el)}: ${px.toFixed(1)} px`);
      }
    }
  }
  return out;
}"""


class Table:
    """One game's table, played to the middle, and the page that shows it."""

    def __init__(self, server, page, game: str) -> None:
        body = {"game": game, "seats": [{"kind": "human", "name": "Аня"},
                                        {"kind": "bot", "bot": "heuristic"}]}
        r = httpx.post(server.url + "/api/tables", json=body, timeout=30)
        assert r.status_code == 201, r.text
        out = r.json()
        self.id = out["id"]
        self.url = server.url + out["url"]
        page.goto(server.url + out["seats"][0]["url"])  # the invitation: the seat's cookie
        mirror = TableMirror(server.db_path, self.id)
        bot = bot_for(mirror.game, 0, 1)
        for _ in range(DECISIONS[game]):
            ps = wait_turn(page)
            assert not ps["over"], f"{game} ended before the screenshots"
            mirror.sync(ps["seq"])
            choice_click(page, bot.act(mirror.state))
            wait_after(page, ps["seq"])
        ps = wait_turn(page)
        assert not ps["over"], f"{game} ended before the screenshots"
        self.seq = ps["seq"]  # the person's turn: the position holds still


@pytest.fixture(scope="module")
def boards(server, browser):
    """game -> its Table, made on first use; one page for every case."""
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    tables = {}

    def get(game):
        if game not in tables:
            tables[game] = Table(server, page, game)
        return page, tables[game]
    yield get
    ctx.close()
    assert errors == [], errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_board_fits_the_window_and_is_legible(boards, game, size, lang):
    page, table = boards(game)
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("l => localStorage.setItem('railtable.lang', l)", lang)
    page.goto(table.url)
    page.wait_for_function(
        """([seq, lang]) => document.body.dataset.seq === String(seq) &&
             document.documentElement.lang === lang &&
             document.querySelector('#view svg') && document.querySelector('#choice-list button')""",
        arg=[table.seq, lang])
    page.evaluate("document.fonts.ready")
    name = f"{game}-{size}-{lang}"
    page.screenshot(path=str(artifact("boards", f"{name}.png")))
    page.screenshot(path=str(artifact("boards", f"{name}-page.png")), full_page=True)
    seen = page.evaluate(_CHECK, MIN_LABEL_PX if size == "desktop" else 0)
    assert seen["svgs"] >= 1, "the board draws no SVG"
    assert (seen["clipped"], seen["small"]) == ([], []), \
        f"{len(seen['clipped'])} clipped: {seen['clipped'][:8]}; " \
        f"{len(seen['small'])} texts under {MIN_LABEL_PX} px: {seen['small'][:8]}"
