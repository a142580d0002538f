"""Colt Express's board in the basic game (option `basic`): the bandits' cards and tooltips
say nothing of abilities, and the round card shows no event, in a real Chromium page."""

from __future__ import annotations

import json
import random

import pytest

from railtable.engine.registry import get_game
from tests.games.board_view import DESKTOP, open_table
from tests.web.conftest import browser, server  # noqa: F401 (fixtures)

_RENDER = """async (c) => {
  const mod = await import("/games/colt_express/view.js");
  const root = document.createElement("div");
  document.getElementById("view").hidden = true;
  document.getElementById("board").append(root);
  const explain = (kind, id) => ((c.i18n.explain || {})[kind] || {})[id] || "";
  mod.render(root, {observation: c.observation, seat: c.seat, legal: [], lang: "en", i18n: c.i18n,
    players: c.players, events: [], act: () => {}, explain});
  const tips = [...root.querySelectorAll(".bcard[data-bandit]")].map((n) => n.title)
    .concat([...root.querySelectorAll("g.bandit title")].map((t) => t.textContent));
  return {abilities: root.querySelectorAll(".bcard .ability").length, tips,
          event: !!root.querySelector("#colt-event")};
}"""


@pytest.mark.parametrize("basic", [False, True], ids=["full", "basic"])
def test_the_basic_game_shows_no_ability_and_no_event(server, browser, basic):  # noqa: F811
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА (abilities and events come with the advanced rules)
    game = get_game("colt_express")
    st, rng = game.new_state(4, 2, {"basic": basic, "random_bandits": True}), random.Random(2)
    while game.card_event[st.observation(0)["round_cards"][-1]["id"]] < 0:
        st.apply(rng.choice(st.legal_actions()))  # to a round whose card has an event
    obs = st.observation(0)
    i18n = game.i18n("en")
    ctx, page, errors = open_table(server, browser, "colt_express", 4, DESKTOP, "en-US")
    try:
        got = page.evaluate(_RENDER, json.loads(json.dumps({
            "observation": obs, "seat": 0, "i18n": i18n,
            "players": [{"name": n, "bot": False} for n in ("Ann", "Bob", "Cid", "Dan")]})))
        abilities = list(i18n["explain"]["bandits"].values())
        said = [t for t in got["tips"] if any(a in t for a in abilities)]
        assert got["tips"]  # the bandits are drawn with their tooltips
        if basic:
            assert got["abilities"] == 0 and said == [] and not got["event"]
        else:
            assert got["abilities"] == 4 and said and got["event"]
        assert not errors
    finally:
        ctx.close()
