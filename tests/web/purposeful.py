"""Purposeful clicking for the Railways of the World and Steamland end-to-end tests.

The test owns the server's SQLite file: it reads a table's seed and stored actions from it
(read-only), rebuilds the position in-process, decides the person's next action with a small
policy, and makes that decision by clicking the page element that carries it (a board element
where the view offers one, else the shell's list of choices, whose buttons carry the action
id as `data-id`). Nothing reaches the server except through the page.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import httpx

from railtable.engine.registry import get_game

STEP_TIMEOUT = 30_000  # ms for the page to show the next position (bots, worker start-up)


def create_table(server, game: str, human_name: str, options: dict | None = None) -> dict:
    """A 2-seat table: the person in seat 0, the heuristic bot in seat 1."""
    body = {"game": game, "seats": [{"kind": "human", "name": human_name},
                                     {"kind": "bot", "bot": "heuristic"}]}
    if options:
        body["options"] = options
    r = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


class Mirror:
    """The live table's position, rebuilt from the database and kept up to date by applying
    the actions stored since the last look. `events` collects every event with its seq."""

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
        self.options = (json.loads(options) if isinstance(options, str) else options) or None
        self.state = self.game.new_state(self.num_players, self.seed, self.options,
                                         record_events=True)
        self.events: list[tuple[int, dict]] = [(0, e) for e in self.state.events]
        self.seq = 0

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=10)

    def sync(self, upto: int) -> None:
        """Apply the stored actions with seq < upto."""
        if upto <= self.seq:
            return
        c = self._connect()
        try:
            rows = c.execute(
                "SELECT seq, action FROM actions WHERE table_id = ? AND seq >= ? AND seq < ? "
                "ORDER BY seq", (self.table_id, self.seq, upto)).fetchall()
        finally:
            c.close()
        assert [r[0] for r in rows] == list(range(self.seq, upto)), \
            f"the database holds {[r[0] for r in rows]}, the page is at seq {upto}"
        for seq, d in rows:
            self.state.apply(self.game.action_from_json(self.state, json.loads(d)))
            self.events.extend((seq + 1, e) for e in self.state.events)
        self.seq = upto

    def to_json(self, a: int) -> dict:
        return self.game.action_to_json(self.state, a)


def wait_turn(page, timeout: float = STEP_TIMEOUT) -> dict:
    """Wait until this seat may decide (the choice list shows) or the game is over; return
    the page's seq, the ids of its choice buttons and whether the results show."""
    page.wait_for_selector("#choice-list button, #result-card", timeout=timeout)
    return page.evaluate("""() => ({
      seq: Number(document.body.dataset.seq),
      ids: [...document.querySelectorAll('#choice-list button')].map((b) => Number(b.dataset.id)),
      over: !!document.querySelector('#result-card')})""")


def wait_after(page, seq: int, timeout: float = STEP_TIMEOUT) -> None:
    page.wait_for_function(
        "s => Number(document.body.dataset.seq) > s || document.querySelector('#result-card')",
        arg=seq, timeout=timeout)


# The centre of the element (or of one of its shapes) where a real mouse click reaches it,
# scrolled into view; null when something else covers every such point.
_CLICK_POINT = """(el) => {
  el.scrollIntoView({block: "center", inline: "center"});
  const shapes = [el, ...el.querySelectorAll("polygon, rect, circle, path, text")];
  for (const c of shapes) {
    const r = c.getBoundingClientRect();
    if (r.width <= 0 && r.height <= 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  return null;
}"""


def mouse_click(page, locator) -> bool:
    """Click the element with the mouse where it is visible; False if it is covered."""
    point = locator.evaluate(_CLICK_POINT)
    if point is None:
        return False
    page.mouse.click(point[0], point[1])
    return True


def choice_click(page, a: int) -> None:
    page.locator(f"#choice-list button[data-id='{a}']").click()
