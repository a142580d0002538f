"""Labels, log lines, the terminal view, JSON actions and options."""

import json
import random

import pytest

from railtable.engine import IllegalAction, OptionsError
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import CANCEL, DRAW_TICKETS
from railtable.games.ticket_to_ride.rules import CHOOSE, OVER, PAY
from railtable.games.ticket_to_ride.text import i18n

from .helpers import BLUE, claim, hand, pay, position, route


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
    r = route("Montreal", "New York")                  # blue 3
    s = position(2, hands=[hand(blue=3, loco=3), hand()])
    assert GAME.action_to_json(s, claim(r)) == {"type": "claim_route", "route": r}
    assert GAME.action_from_json(s, {"type": "claim_route", "route": r}) == claim(r)
    assert "Монреаль" in s.describe(claim(r), "ru")
    assert s.describe(claim(r), "en") == "Claim Montréal–New York (3, blue)"
    # the old one-step form (route and payment together) is refused with an explanation
    with pytest.raises(IllegalAction, match="payment is the next decision"):
        GAME.action_from_json(s, {"type": "claim_route", "route": r, "color": "blue",
                                  "locomotives": 1})
    s.apply(claim(r))
    assert s.phase == PAY
    assert GAME.action_to_json(s, pay(BLUE, 1)) == {
        "type": "pay", "color": "blue", "locomotives": 1}
    assert GAME.action_to_json(s, pay(None)) == {
        "type": "pay", "color": None, "locomotives": 3}
    assert GAME.action_from_json(s, {"type": "pay", "color": None, "locomotives": 3}) == \
        pay(None)
    assert GAME.action_from_json(s, {"type": "pay", "color": "red", "locomotives": 3}) == \
        pay(None)
    assert GAME.action_from_json(s, {"type": "pay", "color": "blue", "locomotives": 1}) == \
        pay(BLUE, 1)
    assert GAME.action_to_json(s, CANCEL) == {"type": "cancel_claim"}
    assert GAME.action_from_json(s, {"type": "cancel_claim"}) == CANCEL
    assert s.describe(pay(BLUE, 1), "en") == "Pay 2 blue + 1 locomotive(s)"
    assert s.describe(pay(None), "ru") == "Оплатить: локомотив ×3"
    assert s.describe(CANCEL, "en") == "Back: do not claim Montréal–New York"
    for bad in ({"type": "claim_route", "route": 500}, {"type": "pay", "color": "teal"},
                {"type": "pay", "color": None, "locomotives": 2},
                {"type": "pay", "color": "blue", "locomotives": 4},
                {"type": "fly"}, {"type": "take_face_up", "slot": 7}, [],
                {"type": "keep_tickets", "tickets": [99]}):
        with pytest.raises(IllegalAction):
            GAME.action_from_json(s, bad)
    # a single payment is named in the claim's label (it is made at once)
    s = position(2, hands=[hand(blue=3), hand()])
    assert s.describe(claim(r), "en") == "Claim Montréal–New York (3, blue): 3 blue"
    assert s.describe(claim(r), "ru") == "Проложить Монреаль–Нью-Йорк (3, синий): синий ×3"


def test_pending_claim_in_the_terminal_view_and_log():
    r = route("Montreal", "New York")
    s = position(2, hands=[hand(blue=3, loco=3), hand()])
    s.apply(claim(r))
    assert GAME.event_text(s.events[0], "en") == \
        "Player 1 claims Montréal–New York (3) and chooses how to pay"
    for seat in (0, 1, None):
        text = GAME.render_text(s.observation(seat), "en")
        assert "[bold]claiming[/]: Montréal–New York (3, blue)" in text
        assert "choosing the payment" in text
    s.apply(CANCEL)
    assert GAME.event_text(s.events[0], "ru") == "Игрок 1 отказывается прокладывать Монреаль–Нью-Йорк"
    assert "claiming" not in GAME.render_text(s.observation(0), "en")


def test_vzyatie_kart_marshrutov_keeping_no_ticket_is_refused_in_json():
    # rulebook: «Взятие новых карт маршрутов» (at least one ticket is kept): an empty choice
    # is a malformed keep_tickets, never read as another action such as the pass
    s = position(2, hands=[hand(), hand()])
    s.apply(DRAW_TICKETS)
    assert s.phase == CHOOSE
    with pytest.raises(IllegalAction, match="at least one"):
        GAME.action_from_json(s, {"type": "keep_tickets", "tickets": []})
    offer = list(s.offer[0])
    assert GAME.action_from_json(s, {"type": "keep_tickets", "tickets": offer[:1]}) in \
        s.legal_actions()
