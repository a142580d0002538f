"""The basic game (option `basic`): the first game of the rulebook, without the bandits'
abilities and the round cards' events. Each test plays the same position with and without
the option, so it shows the ability or event applied in the full game and left out in the
basic one."""

import random

import pytest

from railtable.engine import OptionsError
from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R
from railtable.games.colt_express.actions import PLAY_DOWN

from .helpers import (act, clear_loot, give_loot, held, legal_json, new, place, set_turns, slot,
                      stealin, where)

FOUR = ["belle", "cheyenne", "django", "tuco"]
NOBELLE = ["doc", "cheyenne", "django", "tuco"]
FULL_AND_BASIC = pytest.mark.parametrize("basic", [False, True], ids=["full", "basic"])


def setup4(basic, chars=NOBELLE):
    s = new(4, chars=chars, seed=1, basic=basic)
    clear_loot(s)
    for name in chars:
        place(s, name, 4)
    return s


# -- abilities --------------------------------------------------------------------------------

@FULL_AND_BASIC
@pytest.mark.parametrize("n,opts,size", [
    (6, {}, 6),                        # every bandit is in a 6-player game
    (6, {"expert": True}, 6),          # the expert variant refills the hand to 6
    (3, {"two_bandits": True}, 7),     # one chosen card, then 6 drawn
], ids=["standard", "expert", "two_bandits"])
def test_doc_draws_as_many_cards_as_the_others(basic, n, opts, size):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА (abilities come with the advanced rules); БАНДИТЫ, Док
    # (7 cards instead of 6); 2 БАНДИТА НА ИГРОКА, ПЕРСОНАЖИ (Doc's seat: 7 after its card)
    for seed in range(3):
        s = GAME.new_state(n, seed, {"random_bandits": True, "basic": basic, **opts})
        rng = random.Random(seed)
        while s.phase != R.PH_SCHEME:  # the 2-bandit hidden start and chosen card
            s.apply(rng.choice(s.legal_actions()))
        doc = s.slot[R.DOC] // s.bps
        assert doc >= 0
        for p in range(n):
            extra = 1 if p == doc and not basic else 0
            assert len(s.hands[p]) == size + extra, (seed, p, doc)
        assert s.doc_seat == (-1 if basic else doc)


@FULL_AND_BASIC
def test_ghost_gets_no_face_down_first_card(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Призрак (his first card may be played face down)
    s = GAME.new_state(6, 5, {"random_bandits": True, "basic": basic})
    ghost = s.slot[R.GHOST]
    set_turns(s, GAME.card_turns[2])  # a first turn in the open (not a tunnel)
    offered = set()
    for _ in range(6):  # everyone's first turn, each playing a card face up
        p = s.current_player()
        if any(a >= PLAY_DOWN for a in s.legal_actions()):
            offered.add(p)
        act(s, next(x for x in legal_json(s) if x["type"] == "play"))
    assert offered == (set() if basic else {ghost})


@FULL_AND_BASIC
def test_django_shot_does_not_push(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Джанго (his target is pushed one car away)
    s = setup4(basic)
    place(s, "django", 1, roof=True)
    place(s, "tuco", 3, roof=True)
    stealin(s, [("django", "fire")])
    assert s.recv[slot(s, "tuco")] == 1
    assert where(s, "tuco") == ((3, True) if basic else (4, True))
    assert any(e["type"] == "pushed" for e in s.events) is not basic


@FULL_AND_BASIC
def test_belle_may_be_shot_like_anyone(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Красотка (not a target while another is possible)
    s = setup4(basic, FOUR)
    place(s, "django", 2)
    place(s, "belle", 1)
    place(s, "tuco", 3)
    stealin(s, [("django", "fire")])
    if basic:
        assert legal_json(s) == [{"type": "fire", "target": "belle"},
                                 {"type": "fire", "target": "tuco"}]
        act(s, {"type": "fire", "target": "belle"})
        assert s.recv[slot(s, "belle")] == 1 and s.recv[slot(s, "tuco")] == 0
    else:  # Tuco is the only target: the shot is applied
        assert s.recv[slot(s, "tuco")] == 1 and s.recv[slot(s, "belle")] == 0


@FULL_AND_BASIC
def test_belle_may_be_punched_like_anyone(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Красотка (Удар as well as Выстрел)
    s = setup4(basic, FOUR)
    place(s, "cheyenne", 2)
    place(s, "belle", 2)
    place(s, "tuco", 2)
    stealin(s, [("cheyenne", "punch")])
    if basic:
        assert legal_json(s) == [{"type": "punch", "target": "belle"},
                                 {"type": "punch", "target": "tuco"}]
        act(s, {"type": "punch", "target": "belle"})
        assert s.phase == R.PH_PUNCH_DIR and s.ctx_t == slot(s, "belle")
    else:  # Tuco is the only victim: the punch is applied at once
        assert s.phase == R.PH_PUNCH_DIR and s.ctx_t == slot(s, "tuco")


@FULL_AND_BASIC
def test_tuco_cannot_shoot_through_the_roof(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Туко (a bandit on the roof of his own car)
    s = setup4(basic)
    place(s, "tuco", 2)
    place(s, "doc", 2, roof=True)
    stealin(s, [("tuco", "fire")])
    assert s.recv[slot(s, "doc")] == (0 if basic else 1)
    assert s.cyl[slot(s, "tuco")] == (6 if basic else 5)
    if basic:
        assert {"type": "no_effect", "bandit": "tuco", "card": "fire", "to": None} in s.events


@FULL_AND_BASIC
def test_cheyenne_punch_drops_the_purse(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; БАНДИТЫ, Шайенн (she may keep the purse the victim drops)
    s = setup4(basic)
    place(s, "cheyenne", 2)
    place(s, "doc", 2)
    tok = give_loot(s, "doc", "purse", 450)
    for p in range(R.JEWEL0):
        if s.tloc[p] == R.HELD + slot(s, "doc") and p != tok:
            s.tloc[p] = R.BOX
    stealin(s, [("cheyenne", "punch")])
    if not basic:
        assert legal_json(s) == [{"type": "pass"}, {"type": "keep_purse"}]
        return
    # the purse falls where she stands; what is left is the victim's direction
    assert legal_json(s) == [{"type": "punch_to", "to": 1}, {"type": "punch_to", "to": 3}]
    assert s.tloc[tok] == 2 * 2
    act(s, {"type": "punch_to", "to": 3})
    assert held(s, "cheyenne")[0] == [] and held(s, "doc")[0] == []
    assert where(s, "doc") == (3, False)


# -- events -----------------------------------------------------------------------------------

EVENT_CARDS = [c for c in range(14) if GAME.card_event[c] >= 0]  # station cards: not basic


def _event_position(basic):
    s = new(4, chars=NOBELLE, seed=6, basic=basic)
    clear_loot(s)
    s.marshal = 2
    place(s, "doc", 2, roof=True)      # above the Marshal: Angry Marshal, Swivel Arm, Braking
    place(s, "tuco", 3)                # inside: Passengers' Rebellion, Angry Marshal's move
    place(s, "django", 1, roof=True)
    place(s, "cheyenne", 0)
    return s


def _what_events_change(s):
    return (s.pos[:], s.recv[:], s.marshal, s.neutral, s.tloc[:], s.ransom[:])


@FULL_AND_BASIC
@pytest.mark.parametrize("card", EVENT_CARDS)
def test_no_event_at_the_end_of_the_round(basic, card):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА (events at the end of a round belong to the advanced
    # rules); СОБЫТИЯ (each of the round cards' events)
    s = _event_position(basic)
    before = _what_events_change(s)
    stealin(s, [], event_card=card)
    assert s.round_no == 1  # the round is over
    assert (_what_events_change(s) == before) is basic, R.EVENTS[GAME.card_event[card]]
    assert any(e["type"] == "event" for e in s.events) is not basic


def _play_out(s, rng, check=None):
    """Random play to the end; every event of the game (the state keeps the last step's)."""
    events = list(s.events)
    while s.current_player() >= 0:
        if check:
            check(s)
        s.apply(rng.choice(s.legal_actions()))
        events += s.events
    return events


@FULL_AND_BASIC
def test_round_cards_announce_no_event(basic):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА; КАРТЫ РАУНДОВ (the turns still apply in the basic game)
    s = GAME.new_state(4, 3, {"random_bandits": True, "basic": basic})
    assert any(GAME.card_event[c] >= 0 for c in s.rcards)  # at least 3 of the 5 have one
    events = _play_out(s, random.Random(3))
    rounds = [e for e in events if e["type"] == "round"]
    assert len(rounds) == 5
    assert [e["turns"] for e in rounds] == \
        [[R.TURN_KINDS[t] for t in GAME.card_turns[c]] for c in s.rcards]
    shown = [c["event"] for c in s.observation(0)["round_cards"]]
    if basic:
        assert all(e["event"] is None for e in rounds) and shown == [None] * 5
        assert not any(e["type"] == "event" for e in events)
    else:
        want = [R.EVENTS[GAME.card_event[c]] if GAME.card_event[c] >= 0 else None
                for c in s.rcards]
        assert [e["event"] for e in rounds] == want and shown == want
    assert s.observation(None)["basic"] is basic


@pytest.mark.parametrize("n,opts", [
    (2, {}), (3, {}), (3, {"two_bandits": True}), (4, {"expert": True}), (5, {}),
    (6, {"random_bandits": True}),
])
def test_whole_basic_games_use_no_ability_and_no_event(n, opts):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА (random play through whole games)
    for seed in range(4):
        s = GAME.new_state(n, seed, {"basic": True, **opts})

        def check(s):
            assert s.phase != R.PH_PUNCH_KEEP  # Cheyenne
            if s.phase == R.PH_SCHEME:
                assert all(a < PLAY_DOWN for a in s.legal_actions())  # Ghost
        events = _play_out(s, random.Random(seed), check)
        assert sum(e["type"] == "round" for e in events) == 5
        assert not any(e["type"] == "event" for e in events)
        assert not any(e["type"] == "pushed" and e["by"] == "django" for e in events)


# -- options ----------------------------------------------------------------------------------

@pytest.mark.parametrize("other", ["station_cards", "tuco_both_ways"])
def test_advanced_options_are_refused_with_the_basic_game(other):
    # rulebook: СОБЫТИЯ (the station cards: an advanced set-up); БАНДИТЫ, Туко (an ability)
    GAME.new_state(4, 0, {other: True})
    with pytest.raises(OptionsError, match="basic game"):
        GAME.new_state(4, 0, {other: True, "basic": True})


@pytest.mark.parametrize("n,opts", [
    (2, {}), (3, {"two_bandits": True}), (4, {"expert": True}), (5, {"random_bandits": True}),
    (3, {"two_bandits": True, "random_bandits": True}),
])
def test_separate_variants_combine_with_the_basic_game(n, opts):
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ and ОСОБЫЕ ПРАВИЛА ИГРЫ: 2 БАНДИТА НА ИГРОКА are variants
    # of their own, not tied to ПРОДВИНУТЫЕ ПРАВИЛА
    s = GAME.new_state(n, 0, {"basic": True, **opts})
    assert s.basic


def test_basic_is_off_by_default():
    # a record stored before the option existed keeps its meaning: the full game
    assert GAME.parse_options(None).basic is False
    assert GAME.new_state(4, 0).basic is False


# -- the bot ----------------------------------------------------------------------------------

@FULL_AND_BASIC
def test_bot_counts_on_cheyenne_keeping_a_purse_only_in_the_full_game(basic):
    # rulebook: БАНДИТЫ, Шайенн; the bot asks the rules' state whether abilities are played
    s = setup4(basic)
    place(s, "cheyenne", 2)
    place(s, "doc", 2)
    for p in range(R.JEWEL0):
        if s.tloc[p] == R.HELD + slot(s, "doc"):
            s.tloc[p] = R.BOX
    give_loot(s, "doc", "purse", 450)  # its value unknown to Cheyenne's seat
    give_loot(s, "doc", "jewel")
    stealin(s, [("cheyenne", "punch")])
    assert s.phase == R.PH_PUNCH_LOOT
    bot = GAME.bots()["heuristic"](slot(s, "cheyenne"), 0)
    kind = GAME.action_to_json(s, bot.act(s))["kind"]
    # the full game: a purse she keeps is worth more to her than a jewel left on the floor
    assert kind == ("jewel" if basic else "purse")
