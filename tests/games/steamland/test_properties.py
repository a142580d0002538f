"""Properties over random Steamland games: conservation, limits, fog, hidden information
(replay, clones, illegal actions and JSON for every option: tests/conformance)."""

import json
import random

import pytest

from railtable.engine import IllegalAction
from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R

from .helpers import (G, creature_cards, item_cards, money_total, task_cards, weapon_cards)

LEVELS = ["apprentice", "master", "professor", "genius"]
ALL_ITEMS = list(range(len(G.i_value)))
ALL_WEAPONS = list(range(len(G.w_value)))
ALL_CREATURES = list(range(len(G.c_str)))
ALL_TASKS = list(range(len(G.q_kind)))


def _random_game(n, seed, level, check=None):
    s = G.new_state(n, seed, {"level": level}, record_events=False)
    r = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        la = s.legal_actions()
        assert la, "no legal action in a live position"
        assert la == sorted(la)
        before = set(c for c in range(G.ncells) if s.tile[c] >= 0)
        s.apply(la[int(r.random() * len(la))])
        if check:
            check(s, before)
        steps += 1
    return s, steps


def _invariants(s, before):
    # rulebook: 9. Предметы / 10. Оружие / 8. Задания (limits); money and cards conserved
    assert money_total(s) == G.total_money
    assert min(s.money) >= 0 and s.bank >= 0
    assert item_cards(s) == ALL_ITEMS
    assert weapon_cards(s) == ALL_WEAPONS
    assert creature_cards(s) == ALL_CREATURES
    assert task_cards(s) == ALL_TASKS
    for p in range(s.num_players):
        assert len(s.items[p]) <= G.max_items
        assert len(s.weapons[p]) <= G.max_weapons
        extra = any(pe[0] == R.P_TDISCARD and pe[1] == p for pe in s.pend)
        assert len(s.tasks[p]) <= G.max_tasks + (1 if extra else 0)
    # rulebook: 5. Карта (a new tile only next to explored land)
    now = [c for c in range(G.ncells) if s.tile[c] >= 0]
    for c in now:
        if c not in before:
            assert any(G.nb[c * 6 + d] in before for d in range(6))
    assert s.ndragons == sum(1 for m in s.mon if m >= 0 and G.c_dragon[m])
    assert s.ndragons <= 4


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(n):
    for k in range(4):
        level = LEVELS[k]
        s, steps = _random_game(n, 100 * n + k, level, _invariants)
        res = s.result()
        assert res.reason in R.ENDS
        if res.reason == "four_dragons":
            assert res.winners == ()
        else:
            assert res.winners
        json.dumps(res.to_json())


def test_observation_hides_private_tasks_and_hidden_items():
    s = G.new_state(3, 12)
    for _ in range(3):
        s.apply(A.END)
    assert s.phase != R.PH_SHOP
    for viewer in (None, 0, 1, 2):
        obs = s.observation(viewer)
        json.dumps(obs)
        for p, pl in enumerate(obs["players"]):
            if p == viewer:
                assert isinstance(pl["tasks"], list)
                assert all(it["item"] is not None for it in pl["items"])
            else:
                assert isinstance(pl["tasks"], int)
                for it, code in zip(pl["items"], s.items[p]):
                    if code & 1:
                        assert it["item"] is None
        assert "ideck" not in obs and isinstance(obs["decks"]["items"], int)
        # no unrevealed tile is named
        assert all(t["cell"] in {c for c in range(G.ncells) if s.tile[c] >= 0}
                   for t in obs["tiles"])


def test_events_private_facts_addressed():
    s = G.new_state(3, 12)
    for _ in range(3):
        s.apply(A.END)
    # the last shop decision dealt hidden items and tasks: private events carry "to"
    private = [e for e in s.events if e.get("to") is not None]
    assert private
    for e in private:
        if e["type"] == "draw_item":
            assert e["to"] == [e["player"]]
    public = s.visible_events(None)
    assert all("item" not in e for e in public if e["type"].startswith("draw_item"))


def test_determinize_keeps_what_the_seat_knows():
    s = G.new_state(4, 21, record_events=False)
    r = random.Random(3)
    for _ in range(120):
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    for seat in range(4):
        d = s.determinize(seat, random.Random(seat))
        assert d.observation(seat) == s.observation(seat) or d.current_player() == \
            s.current_player()
        assert d.items[seat] == s.items[seat] and d.tasks[seat] == s.tasks[seat]
        for p in range(4):
            assert len(d.items[p]) == len(s.items[p]) and len(d.tasks[p]) == len(s.tasks[p])
            for a, b in zip(d.items[p], s.items[p]):
                assert (a & 1) == (b & 1)
                if not b & 1:
                    assert a == b
        assert item_cards(d) == ALL_ITEMS and task_cards(d) == ALL_TASKS
        assert d._seed != s._seed
        assert d.legal_actions() == s.legal_actions()


def test_action_json_round_trip():
    for a in range(A.NUM_ACTIONS):
        d = G.action_to_json(None, a)
        assert G.action_from_json(None, json.loads(json.dumps(d))) == a
    with pytest.raises(IllegalAction):
        G.action_from_json(None, {"type": "move", "dir": 9})
    with pytest.raises(IllegalAction):
        G.action_from_json(None, {"type": "fly"})


def test_describe_and_event_text_in_both_languages():
    s = G.new_state(4, 31)
    r = random.Random(4)
    seen = set()
    for _ in range(400):
        if s.is_terminal():
            break
        la = s.legal_actions()
        for a in la:
            for lang in ("ru", "en"):
                assert s.describe(a, lang)
        s.apply(la[int(r.random() * len(la))])
        for e in s.events:
            for lang in ("ru", "en"):
                txt = G.event_text(e, lang)
                assert txt and txt != e["type"], e
            seen.add(e["type"])
    text = G.render_text(s.observation(0), "ru")
    assert "Пароземелье" in text
    assert len(seen) > 8
