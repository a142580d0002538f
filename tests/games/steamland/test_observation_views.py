"""What the observation gives views to draw the cards (issue #29): the catalogue of the cards'
printed facts, the kind of the arriving item or weapon, and whose item a fight's winner takes.
Expected values come from the game's own data (data.json); the rulebook prints no cards."""

import random

import pytest

from railtable.games.steamland import GAME

DATA = GAME.data  # data.json as the game read it
LEVELS = ("apprentice", "master", "professor", "genius")


@pytest.mark.parametrize("level", LEVELS)
def test_catalogue_creatures_fight_with_the_level_bonus_of_dragons(level):
    # rulebook: 12. Существа (each creature's strength is added to its roll); the project's
    # levels make the Steam Dragons stronger (docs/games/steamland.md, difficulty levels)
    obs = GAME.new_state(3, 1, {"level": level}).observation(0)
    bonus = DATA["levels"]["dragon_strength"][level]
    cat = obs["catalogue"]["creatures"]
    assert [c["kind"] for c in cat] == [c["key"] for c in DATA["creatures"]]
    for c, d in zip(cat, DATA["creatures"]):
        assert c["strength"] == d["strength"]
        assert c["fight"] == d["strength"] + (bonus if d.get("dragon") else 0)
        assert c["dragon"] == d.get("dragon", 0)
        assert c["flee"] is (not d.get("no_flee", False))
        assert c["roll"] == d.get("roll", "one") and c["value"] == d["value"]


def test_catalogue_tasks_say_what_they_need_and_give():
    # rulebook: 8. Задания (a task names what to do and its reward: points, pounds, a part)
    obs = GAME.new_state(2, 1).observation(1)
    cat = obs["catalogue"]
    for q, d in zip(cat["tasks"], DATA["tasks"], strict=True):
        assert q["key"] == d["key"] and q["kind"] == d["kind"]
        assert q["common"] is (d["mark"] == DATA["rules"]["common_task_mark"])
        assert q["cities"] == d.get("dice", 0) and q["item"] == d.get("item")
        assert q["amount"] == d.get("amount", 0) and q["strength"] == d.get("strength", 0)
        assert q["dragon"] is bool(d.get("dragon"))
        assert (q["points"], q["money"], q["part"]) == (d["points"], d["money"], d["part"])
    assert cat["terrain"] == DATA["terrain"]
    assert [p["need"] for p in cat["parts"]] == [p["need"] for p in DATA["parts"]]
    assert cat["achievements"] == [a["key"] for a in DATA["achievements"]]
    # the same for every seat and for a spectator: nothing hidden in it
    assert obs["catalogue"] == GAME.new_state(2, 1).observation(None)["catalogue"]


def _positions(seeds=range(8), steps=600):
    for seed in seeds:
        s = GAME.new_state(3, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if s.is_terminal():
                break
            yield s
            s.apply(rng.choice(s.legal_actions()))


def test_arriving_card_and_pick_are_named():
    # rulebook: 9. Предметы / 10. Оружие (a fourth item or third weapon makes room first);
    # 13. Схватка (the loser of a fight gives up an item: to the winner's choice in a duel)
    seen = set()
    for s in _positions():
        obs = s.observation(s.current_player())
        if obs["incoming"]:
            c = obs["incoming"][0]
            if "item" in c:
                assert c["kind"] == DATA["items"][GAME.i_kind[c["item"]]]["key"]
            else:
                assert c["kind"] == DATA["weapons"][GAME.w_kind[c["weapon"]]]["key"]
            seen.add("item" if "item" in c else "weapon")
        if obs["pending"] == "pick_item":
            # the items offered are the loser's (the winner's choice, or the loser's own
            # when he loses an item to a creature)
            loser = obs["pick_from"]
            assert len(s.legal_actions()) == len(obs["players"][loser]["items"]) >= 2
            seen.add("pick")
        else:
            assert obs["pick_from"] is None
        if seen == {"item", "weapon", "pick"}:
            return
    pytest.fail(f"only {seen} came up")
