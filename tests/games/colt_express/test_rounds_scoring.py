"""Round flow and the end of the game."""

import random

from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, clear_loot, give_loot, legal_json, new, place, set_turns, slot,
                      stealin)


def test_tunnel_cards_face_down_until_resolved():
    # rulebook: КАРТЫ РАУНДОВ, Туннель (cards played face down on a tunnel turn)
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=3)
    set_turns(s, (R.TUNNEL,))
    p = s.cur
    kind = R.KINDS[sorted(c for c in s.hands[p] if c < 12)[0] % 6]
    legal = legal_json(s)
    assert not any(d.get("face_down") for d in legal)  # no separate choice: all face down
    act(s, {"type": "play", "card": kind})
    assert s.pile[-1] & 16
    other = (p + 1) % 4
    assert s.observation(other)["pile"][0]["card"] is None
    assert s.observation(None)["pile"][0]["card"] is None
    assert s.observation(p)["pile"][0]["card"]["kind"] == kind


def test_round_start_shuffles_everything_with_bullets():
    # rulebook: ФАЗА 2 (cards return to their owner; each deck with its bullets is shuffled)
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=8)
    clear_loot(s)
    place(s, "tuco", 2)
    place(s, "doc", 3)
    place(s, "cheyenne", 4, roof=True)
    place(s, "django", 4, roof=True)
    stealin(s, [("tuco", "fire")])
    p = slot(s, "doc")
    assert s.round_no == 1 and s.phase == R.PH_SCHEME
    mine = s.hands[p] + s.decks[p]
    assert len(mine) == 11 and 13 + slot(s, "tuco") in mine
    assert len(s.hands[p]) == 7  # Doc


def test_first_player_and_events_order():
    # rulebook: ФАЗА 2 (the next player clockwise becomes first player next round)
    s = new(3, seed=12)
    f = s.first
    stealin(s, [])
    assert s.first == (f + 1) % 3 and s.cur == s.first


def test_game_ends_after_five_rounds_with_scores():
    # rulebook: КОНЕЦ ИГРЫ (sum of loot; $1000 best shooter; richest wins)
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=2)
    clear_loot(s)
    give_loot(s, "doc", "strongbox")
    give_loot(s, "doc", "purse", 300)
    give_loot(s, "cheyenne", "jewel")
    give_loot(s, "cheyenne", "jewel")
    give_loot(s, "cheyenne", "purse", 500)
    s.cyl[slot(s, "django")] = 4
    s.fired[slot(s, "django")] = 2
    s.round_no = 4
    stealin(s, [])
    assert s.is_terminal() and s.current_player() == R.TERMINAL
    r = s.result()
    assert r.scores == (1300, 1500, 1000, 0)
    assert r.winners == (1,) and r.reason == "last_round"
    assert r.details[2]["gunslinger"] and not r.details[0]["gunslinger"]
    assert r.details[1] == {"bandit": "cheyenne", "loot": 1500, "bullets_received": 0,
                            "bullets_fired": 0, "gunslinger": False, "score": 1500}
    assert s.returns() == [0.0, 1.0, 0.0, 0.0]
    obs = s.observation(0)
    assert obs["phase"] == "game_over" and obs["result"]["winners"] == [1]
    # all purse values are shown at the end
    assert all(p["value"] is not None for b in obs["bandits"] for p in b["purses"])


def test_standard_gunslinger_counts_bullets_left():
    # rulebook: КОНЕЦ ИГРЫ (fewest bullet cards of one's colour left)
    rng = random.Random(0)
    for seed in range(20):
        s = GAME.new_state(4, seed, {"random_bandits": True}, record_events=False)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        left = s.cyl
        best = min(left)
        assert [d["gunslinger"] for d in s.result().details] == [x == best for x in left]


def test_marshal_only_moves_inside():
    # rulebook: ШЕРИФ (he only moves inside the train, one car)
    rng = random.Random(1)
    for seed in range(30):
        s = GAME.new_state(5, seed, {"random_bandits": True}, record_events=False)
        m = s.marshal
        while not s.is_terminal():
            if s.phase == R.PH_MARSHAL:
                assert sorted(a - R.MARSHAL_TO for a in s._legal) == [s.marshal - 1,
                                                                    s.marshal + 1]
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            assert abs(s.marshal - m) <= 2 and 0 <= s.marshal <= s.W
            m = s.marshal


def test_render_text_draws_train_and_hand():
    s = new(4, chars=["doc", "cheyenne", "django", "tuco"], seed=2)
    obs = s.observation(0)
    for lang, loco, doc in (("en", "Locomotive", "Doc"), ("ru", "Локомотив", "Док")):
        text = GAME.render_text(obs, lang)
        assert loco in text and doc in text
        hand_line = [x for x in text.splitlines() if x.startswith(("Hand", "Рука"))]
        assert len(hand_line) == 1 and hand_line[0].count(",") == len(s.hands[0]) - 1
    assert "Hand" not in GAME.render_text(s.observation(None), "en")
