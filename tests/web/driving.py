"""Purposeful clicking for end-to-end browser games (every game's full-game test).

The test owns the server's SQLite file, so it may read a table's seed and actions from it
(read-only), rebuild the position in-process, ask the game's heuristic bot what to play for a
seat, and then click the page element that carries that decision. Nothing here talks to the
server except through the page (clicks) and the database file (reads).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import httpx

from railtable.engine.registry import get_game

# How long one page may take to show the next position (a bot's first move starts the
# server's worker processes; the machine is shared).
STEP_TIMEOUT = 45_000


def create_table(server, game: str, human_name: str, options: dict | None = None) -> dict:
    """A 2-seat table: the person in seat 0, the heuristic bot in seat 1."""
    body = {"game": game, "seats": [{"kind": "human", "name": human_name},
                                     {"kind": "bot", "bot": "heuristic"}]}
    if options:
        body["options"] = options
    r = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


class TableMirror:
    """The position of one live table, rebuilt from the server's database and kept up to
    date by applying the actions stored since the last look. `taken` lists (seat, action)
    per stored action; `events` every event with the seq after which it happened."""

    def __init__(self, db_path: Path, table_id: str) -> None:
        self.db_path = db_path
        self.table_id = table_id
        with self._connect() as c:
            game, seed, options, n = c.execute(
                "SELECT game, seed, options, num_players FROM tables WHERE id = ?",
                (table_id,)).fetchone()
        self.game = get_game(game)
        self.seed = int(seed)
        self.num_players = int(n)
        opts = json.loads(options) if isinstance(options, str) else options
        self.options = opts or None
        self.state = self.game.new_state(self.num_players, self.seed, self.options,
                                         record_events=True)
        self.seq = 0
        self.taken: list[tuple[int, int]] = []
        self.events: list[tuple[int, dict]] = [(0, e) for e in self.state.events]

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=10)

    def sync(self, upto: int) -> None:
        """Apply the stored actions up to (not including) seq `upto`."""
        if upto <= self.seq:
            return
        c = self._connect()
        try:
            rows = c.execute(
                "SELECT seq, seat, action FROM actions WHERE table_id = ? AND seq >= ? "
                "AND seq < ? ORDER BY seq", (self.table_id, self.seq, upto)).fetchall()
        finally:
            c.close()
        assert [r[0] for r in rows] == list(range(self.seq, upto)), \
            f"the database holds {[r[0] for r in rows]}, the page is at seq {upto}"
        for seq, seat, d in rows:
            a = self.game.action_from_json(self.state, json.loads(d))
            self.state.apply(a)
            self.taken.append((seat, a))
            self.events.extend((seq + 1, e) for e in self.state.events)
        self.seq = upto

    def to_json(self, a: int) -> dict:
        return self.game.action_to_json(self.state, a)


_PAGE_STATE = """() => ({
  seq: Number(document.body.dataset.seq),
  ids: [...document.querySelectorAll('#choice-list button')].map((b) => Number(b.dataset.id)),
  over: !!document.querySelector('#result-card'),
})"""

# A point on the screen where a real mouse click lands on `el` (or inside it): the centre of
# the element or of one of its shapes, else points along its shapes' outlines. null if
# every such point is covered by something else.
_CLICK_POINT = """(el) => {
  el.scrollIntoView({block: "center", inline: "center"});
  const inside = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit));
  };
  const shapes = [el, ...el.querySelectorAll("polygon, rect, circle, line, path, text")];
  for (const c of shapes) {
    const r = c.getBoundingClientRect();
    if (r.width <= 0 && r.height <= 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (inside(x, y)) return [x, y];
  }
  for (const c of shapes) {
    if (!(c instanceof SVGGeometryElement)) continue;
    const m = c.getScreenCTM(), len = c.getTotalLength();
    for (const f of [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]) {
      const p = c.getPointAtLength(len * f);
      const x = m.a * p.x + m.c * p.y + m.e, y = m.b * p.x + m.d * p.y + m.f;
      if (inside(x, y)) return [x, y];
    }
  }
  return null;
}"""


def page_state(page) -> dict:
    return page.evaluate(_PAGE_STATE)


def wait_turn(page, seq: int | None = None, timeout: float = STEP_TIMEOUT) -> dict:
    """Wait until this page may decide (its choice list shows; at `seq` if given) or the
    results screen shows, and return the page's seq, legal ids and whether it is over."""
    page.wait_for_function(
        """(s) => document.querySelector('#result-card') ||
             (document.querySelector('#choice-list button') &&
              (s === null || document.body.dataset.seq === String(s)))""",
        arg=seq, timeout=timeout)
    return page_state(page)


def wait_after(page, seq: int, timeout: float = STEP_TIMEOUT) -> None:
    """Wait until the page has heard of the action taken at `seq`."""
    page.wait_for_function(
        "s => Number(document.body.dataset.seq) > s || document.querySelector('#result-card')",
        arg=seq, timeout=timeout)


def mouse_click(page, locator) -> bool:
    """Click the element with the mouse where it is visible; False if it is covered."""
    point = locator.evaluate(_CLICK_POINT)
    if point is None:
        return False
    page.mouse.click(point[0], point[1])
    return True


def board_click(page, locator) -> str:
    """Click a board element with the mouse where it is visible; if every point of it is
    covered (a train standing on a signal field), dispatch the click to it. Returns "mouse"
    or "dispatch"."""
    if mouse_click(page, locator):
        return "mouse"
    locator.dispatch_event("click")
    return "dispatch"


def choice_click(page, a: int) -> None:
    """The shell's list of legal choices: the button of action id `a`."""
    page.locator(f"#choice-list button[data-id='{a}']").click()


def bot_for(game, seat: int, seed: int):
    return game.bots()["heuristic"](seat, seed)
