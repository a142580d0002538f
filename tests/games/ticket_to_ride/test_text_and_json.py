"""Labels, log lines, the terminal view, JSON actions and options."""

import json
import random

import pytest

from railtable.engine import IllegalAction, OptionsError
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.rules import OVER
from railtable.games.ticket_to_ride.text import i18n

from .helpers import BLUE, claim, hand, position, route


def test_players_and_options():
    # rulebook: «Краткий обзор» (2-5 players); the rulebook offers no variants
    for n in (1, 6):
        with pytest.raises(OptionsError):
            GAME.new_state(n, 1)
    assert GAME.options_schema()["properties"] == {}
    with pytest.raises(OptionsError):
        GAME.parse_options({"double_routes": True})


def test_i18n_names_every_city_and_colour():
    data = GAME.data
    for lang in ("ru", "en"):
        t = i18n()[lang]
        assert {c["key"] for c in data["cities"]} == set(t["cities"])
        assert set(GAME.kinds) | {"gray"} == set(t["colors"])
    # the rulebook's own Russian names
    ru = i18n()["ru"]["cities"]
    assert (ru["montreal"], ru["new_york"], ru["toronto"]) == ("Монреаль", "Нью-Йорк", "Торонто")
    assert i18n()["ru"]["colors"]["pink"] == "фиолетовый"


def test_json_actions_round_trip_and_labels():
    rng = random.Random(3)
    for n in (2, 5):
        s = GAME.new_state(n, 8)
        while s.phase != OVER:
            legal = s.legal_actions()
            for a in legal:
                d = GAME.action_to_json(s, a)
                assert json.loads(json.dumps(d)) == d
                assert GAME.action_from_json(s, d) == a
                for lang in ("ru", "en"):
                    assert s.describe(a, lang)
            s.apply(legal[int(rng.random() * len(legal))])
            for e in s.events:
                for lang in ("ru", "en"):
                    line = GAME.event_text(e, lang)
                    assert line and line != e["type"]
            if rng.random() < 0.05:
                for p in [None] + list(range(n)):
                    for lang in ("ru", "en"):
                        assert GAME.render_text(s.observation(p), lang)
        for lang in ("ru", "en"):
            assert GAME.render_text(s.observation(0), lang)


def test_json_claim_form():
    r = route("Montreal", "New York")
    s = position(2, hands=[hand(blue=3, loco=3), hand()])
    assert GAME.action_to_json(s, claim(r, BLUE, 1)) == {
        "type": "claim_route", "route": r, "color": "blue", "locomotives": 1}
    assert GAME.action_to_json(s, claim(r, None)) == {
        "type": "claim_route", "route": r, "color": None, "locomotives": 3}
    assert GAME.action_from_json(s, {"type": "claim_route", "route": r, "color": "red",
                                     "locomotives": 3}) == claim(r, None)
    assert "Монреаль" in s.describe(claim(r, BLUE, 1), "ru")
    for bad in ({"type": "claim_route", "route": 500}, {"type": "claim_route", "route": r,
                                                        "color": "teal"},
                {"type": "fly"}, {"type": "take_face_up", "slot": 7}, [],
                {"type": "keep_tickets", "tickets": [99]}):
        with pytest.raises(IllegalAction):
            GAME.action_from_json(s, bad)
