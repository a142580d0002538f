"""The corner cases of /work/shared/reference/colt_express/NOTES.md, one test each."""

import random

from railtable.engine import IllegalAction
from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, cards_of, clear_loot, give_loot, held, legal_json, loot_at, new,
                      place, put_loot, set_turns, slot, stealin, where)

CH = ["doc", "cheyenne", "django", "tuco"]


def base(chars=CH, n=4):
    s = new(n, chars=chars, seed=2)
    clear_loot(s)
    for name in chars:
        place(s, name, n)
    return s


def test_note1_punch_direction_ends_and_roof_loot():
    # NOTES.md #1; rulebook: УДАР
    s = base()
    place(s, "doc", 3, roof=True)
    place(s, "tuco", 3, roof=True)
    j = give_loot(s, "tuco", "jewel")
    stealin(s, [("doc", "punch")])
    # two directions, one car only even on a roof
    assert legal_json(s) == [{"type": "punch_to", "to": 2}, {"type": "punch_to", "to": 4}]
    act(s, {"type": "punch_to", "to": 4})
    assert where(s, "tuco") == (4, True)
    # the jewel lies on the roof where the punch happened and can be robbed later
    assert s.tloc[j] == 3 * 2 + 1
    stealin(s, [("doc", "robbery")])
    assert held(s, "doc")[1] == 1
    # at the caboose only one direction exists
    place(s, "cheyenne", 1, roof=True)
    place(s, "django", 1, roof=True)
    place(s, "tuco", 4)
    place(s, "doc", 4)
    stealin(s, [("doc", "punch")])
    assert where(s, "tuco") == (3, False)


def test_note2_every_way_into_the_marshals_car():
    # NOTES.md #2; rulebook: ШЕРИФ
    s = base()
    s.marshal = 2
    # move inside
    place(s, "doc", 3)
    stealin(s, [("doc", "move")])
    act(s, {"type": "move", "to": 2})
    assert where(s, "doc") == (2, True)
    n0 = s.neutral
    # climbing down goes straight back up with another bullet
    stealin(s, [("doc", "climb")])
    assert where(s, "doc") == (2, True) and s.neutral == n0 - 1
    # being punched into it
    place(s, "doc", 1)
    place(s, "tuco", 1)
    stealin(s, [("doc", "punch")])
    act(s, {"type": "punch_to", "to": 2})
    assert where(s, "tuco") == (2, True)
    # Django's push
    place(s, "django", 4)
    place(s, "cheyenne", 3)
    stealin(s, [("django", "fire")])
    assert where(s, "cheyenne") == (2, True)
    # the Marshal card: inside bandits flee, roof bandits are untouched
    place(s, "doc", 3)
    place(s, "tuco", 3, roof=True)
    before = s.recv[slot(s, "tuco")]
    stealin(s, [("django", "marshal")])
    act(s, {"type": "marshal", "to": 3})
    assert where(s, "doc") == (3, True) and s.recv[slot(s, "tuco")] == before
    # Angry Marshal: moving toward the caboose into a car with a bandit inside
    place(s, "tuco", 4)
    stealin(s, [], event_card=0)
    assert s.marshal == 4 and where(s, "tuco") == (4, True)


def test_note3_shooting_on_roofs():
    # NOTES.md #3; rulebook: ВЫСТРЕЛ, 2
    s = base()
    place(s, "doc", 2, roof=True)
    place(s, "cheyenne", 2, roof=True)   # same roof: neither target nor blocker
    place(s, "django", 3)                # inside: does not block
    place(s, "tuco", 0, roof=True)       # locomotive roof counts
    stealin(s, [("doc", "fire")])
    assert s.recv[slot(s, "tuco")] == 1 and s.recv[slot(s, "cheyenne")] == 0
    # inside: only the two adjacent interiors
    place(s, "doc", 2)
    place(s, "cheyenne", 4)
    place(s, "django", 1, roof=True)
    place(s, "tuco", 0)
    stealin(s, [("doc", "fire")])
    assert s.cyl[slot(s, "doc")] == 5  # no target this time


def test_note4_belle_only_target_can_be_hit():
    # NOTES.md #4; rulebook: БАНДИТЫ, Красотка
    s = base(["belle", "cheyenne", "django", "tuco"])
    place(s, "tuco", 2)
    place(s, "belle", 2)
    place(s, "cheyenne", 2)
    stealin(s, [("tuco", "punch")])
    # Cheyenne is the only punch target (Belle excluded): forced, only the direction is asked
    assert s.phase == R.PH_PUNCH_DIR and s.ctx_t == slot(s, "cheyenne")
    s = base(["belle", "cheyenne", "django", "tuco"])
    place(s, "tuco", 2)
    place(s, "belle", 2)
    stealin(s, [("tuco", "punch")])
    assert s.phase == R.PH_PUNCH_DIR and s.ctx_t == slot(s, "belle")
    s = base(["belle", "cheyenne", "django", "tuco"])
    place(s, "tuco", 2)
    place(s, "belle", 3)
    stealin(s, [("tuco", "fire")])
    assert s.recv[slot(s, "belle")] == 1


def test_note5_django_push_and_empty_gun():
    # NOTES.md #5; rulebook: БАНДИТЫ, Джанго; ВЫСТРЕЛ (no bullets left: no effect)
    s = base()
    place(s, "django", 2, roof=True)
    place(s, "tuco", 4, roof=True)
    stealin(s, [("django", "fire")])
    assert where(s, "tuco") == (4, True)  # the end of the train: no push
    place(s, "django", 3)
    place(s, "tuco", 2)
    place(s, "doc", 0, roof=True)
    place(s, "cheyenne", 0, roof=True)
    s.marshal = 1
    stealin(s, [("django", "fire")])
    assert where(s, "tuco") == (1, True)  # pushed into the Marshal's interior, to the roof
    s.cyl[slot(s, "django")] = 0
    place(s, "tuco", 2)
    recv = s.recv[:]
    stealin(s, [("django", "fire")])
    assert where(s, "tuco") == (2, False) and s.recv == recv and s.fired[2] == 2


def test_note6_face_down_cards():
    # NOTES.md #6; rulebook: КАРТЫ РАУНДОВ (Туннель), БАНДИТЫ (Призрак)
    s = new(4, chars=["ghost", "cheyenne", "django", "tuco"], seed=9)
    s.rcards = (1,) + s.rcards[1:]
    set_turns(s, GAME.card_turns[1])  # normal, tunnel, normal, normal
    g = slot(s, "ghost")
    # walk to Ghost's first decision
    while s.cur != g:
        s.apply(s.legal_actions()[0])
    legal = legal_json(s)
    assert any(d.get("face_down") for d in legal) and {"type": "draw"} in legal
    kind = next(d for d in legal if d.get("face_down"))["card"]
    act(s, {"type": "play", "card": kind, "face_down": True})
    obs = s.observation((g + 1) % 4)
    entry = obs["pile"][-1]
    assert entry["seat"] == g and entry["face_down"] and entry["card"] is None
    assert s.observation(g)["pile"][-1]["card"]["kind"] == kind
    # later turns: no face-down option for Ghost
    while s.phase == R.PH_SCHEME and s.turn_i == 0:
        s.apply(s.legal_actions()[0])
    while s.phase == R.PH_SCHEME and s.cur != g:
        s.apply(s.legal_actions()[-1] if s.turn_i == 1 else s.legal_actions()[0])
    assert not any(d.get("face_down") for d in legal_json(s))
    # a Ghost who draws on the first turn forfeits the power
    s = new(4, chars=["ghost", "cheyenne", "django", "tuco"], seed=9)
    set_turns(s, GAME.card_turns[2])
    while s.cur != g:
        s.apply(s.legal_actions()[0])
    act(s, {"type": "draw"})
    while s.cur != g:
        s.apply(s.legal_actions()[1])
    assert not any(d.get("face_down") for d in legal_json(s))
    # during Stealin' a face-down card is revealed when its turn comes
    s = base(["ghost", "cheyenne", "django", "tuco"])
    s.record_events = True
    place(s, "ghost", 2)
    stealin(s, [("ghost", "move", True)])
    assert any(e["type"] == "reveal" and e.get("reveal") for e in s.events)
    assert s.observation(1)["pile"][0]["card"] == {"kind": "move"}


def test_note7_bullets_never_playable_and_short_draw():
    # NOTES.md #7; rulebook: ВЫСТРЕЛ (bullet cards are dead weight); ФАЗА 1 (draw)
    s = new(4, seed=4)
    p = s.cur
    s.hands[p] = [R.NEUTRAL, 13 + 1]
    s.decks[p] = [0, 1]
    s._legal = s._scheme_legal()
    assert legal_json(s) == [{"type": "draw"}]
    try:
        s.apply(R.PLAY + 0)
        raise AssertionError("a bullet hand played a card")
    except IllegalAction:
        pass
    act(s, {"type": "draw"})
    assert sorted(s.hands[p]) == [0, 1, R.NEUTRAL, 14] and s.decks[p] == []


def test_note8_neutral_bullets_run_out():
    # NOTES.md #8; rulebook: ШЕРИФ (too few neutral bullets: nobody gets one)
    s = base()
    s.marshal = 3
    place(s, "doc", 3)
    place(s, "tuco", 3)
    s.neutral = 1
    recv = s.recv[:]
    stealin(s, [("cheyenne", "marshal")])
    if s.phase == R.PH_MARSHAL:
        act(s, {"type": "marshal", "to": 2})
    s.marshal = 2
    stealin(s, [("cheyenne", "marshal")])
    act(s, {"type": "marshal", "to": 3})
    assert where(s, "doc") == (3, True) and where(s, "tuco") == (3, True)
    assert s.recv == recv and s.neutral == 1
    # one bandit, one bullet: he gets it
    place(s, "doc", 2)
    stealin(s, [("doc", "move")])
    act(s, {"type": "move", "to": 3})
    assert s.neutral == 0 and s.recv[slot(s, "doc")] == recv[slot(s, "doc")] + 1


def test_note9_gunslinger_and_tie_break():
    # NOTES.md #9; rulebook: КОНЕЦ ИГРЫ
    s = base()
    s.fired = [2, 2, 1, 0]
    s.recv = [3, 1, 0, 0]
    r = s.result()
    assert [d["gunslinger"] for d in r.details] == [True, True, False, False]
    assert r.scores[0] == r.scores[1] == 1000 and r.scores[2] == 0
    # equal scores: the fewest bullet cards received wins
    assert r.winners == (1,)
    # nobody shot: all tie as best shooters, everyone gets $1000
    s.fired = [0, 0, 0, 0]
    assert all(d["gunslinger"] for d in s.result().details)
    assert s.result().scores == (1000,) * 4


def test_note10_events():
    # NOTES.md #10; rulebook: СОБЫТИЯ, КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ
    s = base()
    s.marshal = 1
    place(s, "doc", 1, roof=True)
    place(s, "tuco", 4)
    stealin(s, [], event_card=0)  # Angry Marshal
    assert s.recv[slot(s, "doc")] == 1 and s.marshal == 2
    s.marshal = 4
    stealin(s, [], event_card=0)
    assert s.marshal == 4
    s = base()
    place(s, "doc", 0, roof=True)
    place(s, "tuco", 2, roof=True)
    place(s, "django", 2)
    stealin(s, [], event_card=2)  # Braking
    assert where(s, "doc") == (0, True) and where(s, "tuco") == (1, True)
    assert where(s, "django") == (2, False)
    stealin(s, [], event_card=1)  # Swivel Arm
    assert where(s, "doc") == (4, True) and where(s, "tuco") == (4, True)
    s.marshal = 3
    stealin(s, [], event_card=3)  # Take It All
    assert loot_at(s, 3)[2] == 1
    s = base()
    place(s, "doc", 1, roof=True)
    stealin(s, [], event_card=4)  # Passengers' Rebellion
    assert s.recv == [0, 1, 1, 1]
    # Pickpocketing: optional, alone at the location, moves the purse
    s = base()
    place(s, "doc", 2)
    place(s, "tuco", 3)
    place(s, "django", 3)
    s.round_no = 4
    tok = put_loot(s, 2, False, "purse", 300)
    put_loot(s, 3, False, "purse", 300)
    stealin(s, [], event_card=14)
    assert s.cur == slot(s, "doc") and legal_json(s) == [
        {"type": "pass"}, {"type": "loot", "kind": "purse", "purse": tok}]
    act(s, {"type": "loot", "kind": "purse", "purse": tok})
    assert s.is_terminal() and held(s, "doc")[0] == [300]
    # Marshal's Revenge: least valuable purse of each roof bandit above the Marshal
    s = base()
    s.round_no = 4
    s.marshal = 2
    place(s, "doc", 2, roof=True)
    give_loot(s, "doc", "purse", 450)
    give_loot(s, "doc", "purse", 300)
    give_loot(s, "doc", "jewel")
    place(s, "tuco", 2, roof=True)
    give_loot(s, "tuco", "jewel")
    stealin(s, [], event_card=15)
    assert held(s, "doc") == ([450], 1, 0) and held(s, "tuco") == ([], 1, 0)
    # Hostage-Taking: $250 to each bandit in or on the locomotive
    s = new(6, seed=3)
    clear_loot(s)
    s.round_no = 4
    s.marshal = 3
    place(s, R.BANDITS[s.char[0]], 0)
    place(s, R.BANDITS[s.char[1]], 0, roof=True)
    stealin(s, [], event_card=16)
    assert s.result().details[0]["loot"] == 250 and s.result().details[1]["loot"] == 250
    assert s.result().details[2]["loot"] == 0


def test_note11_turn_orders_and_station_last():
    # NOTES.md #11; rulebook: КАРТЫ РАУНДОВ, ФАЗА 1
    s = new(4, seed=5)
    set_turns(s, (R.SWITCH,))
    order = []
    f = s.first
    for _ in range(4):
        order.append(s.cur)
        s.apply(s.legal_actions()[0])
    assert order == [f, (f - 1) % 4, (f - 2) % 4, (f - 3) % 4]
    s = new(4, seed=5)
    set_turns(s, (R.SPEED,))
    order = []
    for _ in range(8):
        order.append(s.cur)
        s.apply(s.legal_actions()[-1])
    assert order == [x for p in range(4) for x in ((f + p) % 4,) * 2]
    # the first player rotates clockwise every round
    r = random.Random(1)
    s = GAME.new_state(4, 8, {"random_bandits": True, "station_cards": True})
    firsts = []
    while not s.is_terminal():
        if s.phase == R.PH_SCHEME and s.turn_i == 0 and s.ord_i == 0 and s.step == 0:
            if not firsts or firsts[-1][0] != s.round_no:
                firsts.append((s.round_no, s.first))
        legal = s.legal_actions()
        s.apply(legal[r.randrange(len(legal))])
    f0 = firsts[0][1]
    assert [f for _, f in firsts] == [(f0 + k) % 4 for k in range(5)]
    assert s.rcards[4] in (14, 15, 16)
