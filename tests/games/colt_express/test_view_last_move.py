"""Colt Express's board shows the last move (issue #29 point 3): the bandits that the other
players' actions since this seat's own moved, shot or punched are lit (board.js,
`recentEvents`), in a real Chromium page."""

from __future__ import annotations

import json
import random

from railtable.engine.registry import get_game
from tests.games.board_view import DESKTOP, open_table
from tests.web.conftest import browser, server  # noqa: F401 (fixtures)

_RENDER = """async (c) => {
  const mod = await import("/games/colt_express/view.js");
  const root = document.createElement("div");
  document.getElementById("view").hidden = true;
  document.getElementById("board").append(root);
  mod.render(root, {observation: c.observation, seat: c.seat, legal: [], lang: "en", i18n: c.i18n,
    players: c.players, events: c.events, act: () => {}});
  return [...root.querySelectorAll("g.bandit.last-move")].map((g) => g.dataset.bandit).sort();
}"""


def test_the_bandits_the_last_move_concerned_are_lit(server, browser):  # noqa: F811
    game = get_game("colt_express")
    st, rng = game.new_state(3, 1), random.Random(1)
    while not all(b.get("car") is not None for b in st.observation(0)["bandits"] or [{}]):
        st.apply(rng.choice(st.legal_actions()))  # the draft: every bandit in the train
    obs = st.observation(0)
    bandits = [b["bandit"] for b in obs["bandits"] if b.get("car") is not None]
    assert len(bandits) >= 3
    a, b, c = bandits[:3]
    ctx, page, errors = open_table(server, browser, "colt_express", 3, DESKTOP, "en-US")
    try:
        def lit(events):
            return page.evaluate(_RENDER, json.loads(json.dumps({
                "observation": obs, "seat": 0, "i18n": game.i18n("en"), "events": events,
                "players": [{"name": n, "bot": False} for n in ("Ann", "Bob", "Cid")]})))
        mine = {"event": {"type": "reveal", "player": 0}}
        # since seat 0's own card: seat 1's bandit moved, seat 2's punched another
        events = [mine, {"event": {"type": "move", "bandit": a, "car": 1, "roof": False}},
                  {"event": {"type": "reveal", "player": 1}},
                  {"event": {"type": "move", "bandit": b, "car": 2, "roof": True}},
                  {"event": {"type": "reveal", "player": 2}},
                  {"event": {"type": "punch", "bandit": c, "target": b}}]
        assert lit(events) == sorted({b, c})
        assert lit([]) == []  # a page that has seen no move lights nothing
        assert not errors
    finally:
        ctx.close()
