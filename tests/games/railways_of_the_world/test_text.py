"""Terminal text, action labels and log lines in both languages."""

import random

from railtable.games.railways_of_the_world import GAME


def test_render_describe_and_event_text_in_both_languages():
    s = GAME.new_state(3, 4)
    rng = random.Random(4)
    seen = set()
    for _ in range(2500):
        if s.is_terminal():
            break
        for lang in ("en", "ru"):
            text = GAME.render_text(s.observation(s.current_player()), lang)
            assert "Railways of the World" in text or "Железные дороги мира" in text
            for a in s.legal_actions():
                assert s.describe(a, lang)
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
        for e in s.events:
            seen.add(e["type"])
            for lang in ("en", "ru"):
                line = GAME.event_text(e, lang)
                assert line and line != e["type"] or e["type"] in ("game_over",)
    assert {"bid", "pass_bid", "link", "delivery", "income"} <= seen


def test_city_names_are_translated():
    i18n = GAME.i18n()
    assert i18n["ru"]["cities"]["new_york"] == "Нью-Йорк"
    assert i18n["en"]["cities"]["st_louis"] == "St. Louis"
    for key in GAME.card_id:
        assert i18n["en"]["cards"][key] and i18n["ru"]["cards"][key]
