"""Issue #29, point 2: every thing a board draws is explained where it appears. Random games
of every game and option set (tests/conformance/cases.py) are walked, and every id of a thing
the catalogue explains (a bandit, an event card, a helper, an operations card, a creature...)
that an observation or a public event shows must have an explanation in the game's i18n.json
("explain", docs/i18n.md) in both languages. Beside the walk, the data tables are read in
full, so that a card too rare for a few random games is checked all the same."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from railtable.engine.registry import games
from tests.conformance.cases import cases, registered

GAMES = Path(__file__).resolve().parents[2] / "railtable" / "games"
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
LANGS = ("ru", "en")


@cache
def data(game_id: str) -> dict:
    return json.loads((GAMES / game_id / "data.json").read_text(encoding="utf-8"))


def explain(game_id: str, lang: str) -> dict:
    return games()[game_id].i18n(lang).get("explain") or {}


# -- what each game's observations show --------------------------------------------------

def colt_express(obs: dict) -> set:
    out = {("pieces", "marshal"), ("pieces", "neutral_bullets")}
    if obs["first_player"] is not None:
        out.add(("pieces", "first_player"))
    out |= {("bandits", b["bandit"]) for b in obs["bandits"]}
    out |= {("bandits", b) for b in obs["draft"] or ()}
    out |= {("bandits", b) for t in obs["teams"] or () for b in t["bandits"]}
    for rc in obs["round_cards"]:
        out |= {("turns", k) for k in rc["turns"]}
        if rc["event"] is not None:
            out.add(("events", rc["event"]))
    cards = list(obs["hand"] or ()) + list(obs["discard_pile"] or ())
    cards += [p["card"] for p in obs["pile"] if p["card"]]
    cards += [c for pl in obs["players"] for c in pl.get("discard_face_up") or ()]
    out |= {("cards", c["kind"]) for c in cards}
    for spot in obs["loot"] + obs["bandits"]:
        if spot["purses"]:
            out.add(("loot", "purse"))
        if spot["jewels"]:
            out.add(("loot", "jewel"))
        if spot["strongboxes"]:
            out.add(("loot", "strongbox"))
    return out


def ticket_to_ride(obs: dict) -> set:
    out = {("terms", "ticket_pile"), ("terms", "face_up")}
    if obs.get("tickets"):
        out.add(("terms", "ticket"))
    kinds = [k for k in obs["face_up"] if k is not None] + list(obs["discard_cards"])
    kinds += list(obs.get("hand") or ()) + [k for kn in obs["known_cards"] for k in kn]
    kinds += [r["color"] for r in obs["map"]["routes"]]
    return out | {("colors", k) for k in kinds}


def switch_and_signal(obs: dict) -> set:
    out = {("pieces", k) for k in ("clock", "departure_pile", "depot")}
    out |= {("helpers", k) for k in obs["helpers"]}
    out |= {("cards", k) for hand in obs["hands"] for k in hand}
    out |= {("train_colours", t["colour"]) for t in obs["trains"]}
    out |= {("places", n["kind"]) for n in obs["map"]["nodes"]}
    cards = [obs["departure_card"]] + list(obs["departure_pile_bottom"])
    out |= {("departure", c["id"]) for c in cards if c}
    out |= {("departure", c) for c in obs["departure_discard"]}
    green = set(obs["signals"])
    fields = range(len(obs["map"]["fields"]))
    out |= {("pieces", "signal_green" if f in green else "signal_red") for f in fields}
    return out


def railways_of_the_world(obs: dict) -> set:
    kind = {c["key"]: c["kind"] for c in data("railways_of_the_world")["cards"]}
    cards = list(obs["display"]) + [k for p in obs["players"] for k in p["cards"]]
    out = {("cards", k) for k in cards} | {("card_kinds", kind[k]) for k in cards}
    out |= {("terrain", h[2]) for h in obs["board"]["hexes"]}
    out |= {("colours", c["colour"]) for c in obs["cities"]}
    if any(c["empty"] for c in obs["cities"]):
        out.add(("pieces", "empty_marker"))
    if obs["board"]["ridges"]:
        out.add(("pieces", "ridge"))
    return out


def steamland(obs: dict) -> set:
    d = data("steamland")
    creature = [c["key"] for c in d["creatures"]]
    task = [t["key"] for t in d["tasks"]]
    achievement = [a["key"] for a in d["achievements"]]
    out = {("levels", obs["level"]), ("pieces", "dragons")}
    for t in obs["tiles"]:
        out |= {("tiles", t["tile"]), ("terrain", t["terrain"])}
        if t["creature"] is not None:
            out.add(("creatures", creature[t["creature"]]))
    if obs["fight"] and obs["fight"]["creature_kind"]:
        out.add(("creatures", obs["fight"]["creature_kind"]))
    for p in obs["players"]:
        out |= {("items", it["kind"]) for it in p["items"] if it["kind"] is not None}
        out |= {("weapons", k) for k in p["weapon_kinds"]}
        out |= {("creatures", creature[c]) for c in p["heads"]}
        out |= {("achievements", achievement[a]) for a in p["achievements"]}
        if isinstance(p["tasks"], list):
            out |= {("tasks", task[t["task"]]) for t in p["tasks"]}
    out |= {("tasks", task[t["task"]]) for t in obs["common_tasks"]}
    for group in (obs["shop"] or {}, {(obs["display"] or {}).get("kind"): (obs["display"] or {}).get("cards")}):
        for k in ("items", "weapons"):
            out |= {(k, c["kind"]) for c in group.get(k) or () if c and c.get("kind")}
    return out


def steamland_events(events: list[dict]) -> set:
    # an event card is shown by the event that draws it, not by the observation
    event = [e["key"] for e in data("steamland")["events"] for _ in range(e["count"])]
    return {("events", event[e["event"]]) for e in events if e["type"] == "event"}


def branch_line(obs: dict) -> set:
    return set()


SHOWN = {f.__name__: f for f in (colt_express, ticket_to_ride, switch_and_signal,
                                 railways_of_the_world, steamland, branch_line)}
SHOWN_BY_EVENTS = {"steamland": steamland_events}


def test_every_game_has_a_walker():
    # a new game adds its own function above: what its observations show
    assert set(SHOWN) == {g for g in registered() if not g.startswith("toy")}


def walked():
    """One random game per option set at the game's largest player count, and one with the
    defaults at every player count."""
    largest = {}
    for c in cases():
        if c.game_id in SHOWN:
            key = (c.game_id, c.label)
            if key not in largest or c.num_players > largest[key].num_players:
                largest[key] = c
    chosen = set(largest.values()) | {c for c in cases() if c.game_id in SHOWN and c.is_default}
    return sorted(chosen, key=lambda c: c.id)


@pytest.mark.parametrize("case", walked(), ids=lambda c: c.id)
def test_every_id_a_random_game_shows_is_explained(case):
    rng = random.Random(29)
    state = case.new_state(29, record_events=True)
    by_events = SHOWN_BY_EVENTS.get(case.game_id)
    seen: set = set()
    for step in range(3000):
        if by_events:
            seen |= by_events(state.visible_events(None))
        if step % 3 == 0 or state.is_terminal():
            # the seats in turn and the spectator: what each of them is shown
            seat = None if state.is_terminal() or step % 2 else state.current_player()
            seen |= SHOWN[case.game_id](state.observation(seat))
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    for lang in LANGS:
        texts = explain(case.game_id, lang)
        missing = sorted(f"{k}:{i}" for k, i in seen if not texts.get(k, {}).get(str(i)))
        assert not missing, f"{case.game_id} ({lang}) explains nothing of {missing}"


# -- what the data tables hold -------------------------------------------------------------

def in_data(game_id: str) -> dict[str, list]:
    """Every id of each explained kind that the game's data (or rules' options) can show."""
    d = data(game_id)
    if game_id == "colt_express":
        return {"bandits": d["bandits"], "events": d["events"], "turns": d["turn_kinds"],
                "cards": d["card_kinds"] + ["bullet"], "loot": ["purse", "jewel", "strongbox"]}
    if game_id == "ticket_to_ride":
        return {"colors": d["colors"] + ["gray", "locomotive"]}
    if game_id == "switch_and_signal":
        return {"helpers": [h for hs in d["helpers"].values() for h in hs],
                "cards": d["action_card_types"], "train_colours": d["train_colours"],
                "departure": [c["id"] for c in d["departure_cards"]] + ["start"],
                "places": ["trade_city", "port", "start", "junction"]}
    if game_id == "railways_of_the_world":
        return {"cards": [c["key"] for c in d["cards"]],
                "card_kinds": sorted({c["kind"] for c in d["cards"]}),
                "terrain": list(d["terrain_cost"]), "colours": d["colours"] + ["gray"]}
    if game_id == "steamland":
        levels = games()[game_id].options_schema()["properties"]["level"]["enum"]
        return {**{k: [x["key"] for x in d[k]] for k in ("items", "weapons", "creatures",
                                                         "tasks", "events", "parts",
                                                         "achievements")},
                "tiles": [d["start_tile"]["key"]] + [t["key"] for t in d["tiles"]],
                "terrain": list(d["terrain"]), "levels": levels}
    return {}


@pytest.mark.parametrize("game_id", sorted(SHOWN))
def test_everything_in_the_data_is_explained(game_id):
    for lang in LANGS:
        texts = explain(game_id, lang)
        for kind, ids in in_data(game_id).items():
            missing = [i for i in ids if not texts.get(kind, {}).get(str(i))]
            assert not missing, f"{game_id} ({lang}): no explanation of {kind} {missing}"


@pytest.mark.parametrize("game_id", sorted(SHOWN))
def test_every_option_and_difficulty_level_is_explained(game_id):
    game = games()[game_id]
    options = set(game.options_schema()["properties"])
    for lang in LANGS:
        texts = explain(game_id, lang)
        assert set(texts.get("options", {})) == options, lang
        for name, opts in game.difficulty_levels():
            assert texts["levels"].get(name) or texts["levels"].get(opts.get("level")), \
                f"{game_id} ({lang}): difficulty level {name} is not explained"


@pytest.mark.parametrize("game_id", sorted(SHOWN))
def test_the_catalogues_match_and_read_in_their_language(game_id):
    ru, en = explain(game_id, "ru"), explain(game_id, "en")
    assert {k: set(v) for k, v in ru.items()} == {k: set(v) for k, v in en.items()}
    for lang, texts in (("ru", ru), ("en", en)):
        names = games()[game_id].i18n(lang)
        for kind, entries in texts.items():
            for key, text in entries.items():
                assert isinstance(text, str) and text.strip() == text and len(text) > 8, \
                    (lang, kind, key)
                assert bool(CYRILLIC.search(text)) == (lang == "ru"), (lang, kind, key, text)
                # a kind the catalogue also names is listed with its names (railtable/howto.py)
                if isinstance(names.get(kind), dict):
                    assert isinstance(names[kind].get(key), str), \
                        f"{game_id} ({lang}): {kind} {key} is explained but has no name"


def test_steamland_groups_follow_the_data_order():
    # the observation numbers tasks, creatures and achievements in data.json's order, and
    # the view finds their keys by position in i18n.json's groups of the same name
    d = data("steamland")
    for lang in LANGS:
        cat = games()["steamland"].i18n(lang)
        for kind in ("tasks", "creatures", "achievements"):
            assert list(cat[kind]) == [x["key"] for x in d[kind]], (lang, kind)
