"""Stealin' (phase 2): the action cards and the bandits' abilities."""

from railtable.games.colt_express import rules as R

from .helpers import (act, cards_of, put_loot, clear_loot, give_loot, held, legal_json, loot_at, new, place, slot,
                      stealin, where)

FOUR = ["belle", "cheyenne", "django", "tuco"]
NOBELLE = ["doc", "cheyenne", "django", "tuco"]


def setup4(chars=NOBELLE):
    s = new(4, chars=chars, seed=1)
    clear_loot(s)
    for i, name in enumerate(chars):
        place(s, name, 4)
    return s


def test_move_inside_adjacent_car():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ДВИЖЕНИЕ (inside: to an adjacent car)
    s = setup4()
    place(s, "doc", 2)
    stealin(s, [("doc", "move")])
    assert legal_json(s) == [{"type": "move", "to": 1}, {"type": "move", "to": 3}]
    act(s, {"type": "move", "to": 3})
    assert where(s, "doc") == (3, False)


def test_move_on_roof_one_to_three_cars():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ДВИЖЕНИЕ (roof: 1-3 cars forward or back)
    s = setup4()
    place(s, "doc", 4, roof=True)
    stealin(s, [("doc", "move")])
    assert [d["to"] for d in legal_json(s)] == [1, 2, 3]
    act(s, {"type": "move", "to": 1})
    assert where(s, "doc") == (1, True)


def test_move_from_the_end_is_forced():
    # rulebook: ФАЗА 2 (actions are mandatory; a single possibility is applied)
    s = setup4()
    place(s, "doc", 4)
    stealin(s, [("doc", "move")])
    assert where(s, "doc") == (3, False)


def test_climb_both_ways():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ЛЕСТНИЦА
    s = setup4()
    place(s, "doc", 3)
    place(s, "tuco", 2, roof=True)
    stealin(s, [("doc", "climb"), ("tuco", "climb")])
    assert where(s, "doc") == (3, True) and where(s, "tuco") == (2, False)


def test_fire_inside_only_adjacent_cars():
    # rulebook: ВЫСТРЕЛ, 1 (inside: a bandit in one of the two adjacent cars only)
    s = setup4()
    place(s, "doc", 2)
    place(s, "cheyenne", 1)
    place(s, "django", 4)
    place(s, "tuco", 3, roof=True)
    stealin(s, [("doc", "fire")])
    # only Cheyenne is a target: the forced shot is applied
    assert s.recv[slot(s, "cheyenne")] == 1 and s.cyl[slot(s, "doc")] == 5
    assert 13 + slot(s, "doc") in cards_of(s, slot(s, "cheyenne"))


def test_fire_no_target_keeps_bullet():
    # rulebook: ВЫСТРЕЛ (nobody in sight: the card has no effect)
    s = setup4()
    place(s, "doc", 1)
    stealin(s, [("doc", "fire")])
    assert s.cyl[slot(s, "doc")] == 6 and sum(s.recv) == 0


def test_fire_on_roof_line_of_sight():
    # rulebook: ВЫСТРЕЛ, 2 (roof: any distance, no bandit in between, choose on a shared roof)
    s = setup4()
    place(s, "doc", 2, roof=True)
    place(s, "cheyenne", 4, roof=True)
    place(s, "django", 4, roof=True)
    place(s, "tuco", 0, roof=True)
    stealin(s, [("doc", "fire")])
    assert sorted(d["target"] for d in legal_json(s)) == ["cheyenne", "django", "tuco"]
    place(s, "tuco", 3, roof=True)  # now Tuco blocks the line to car 4
    stealin(s, [("doc", "fire")])
    assert s.recv[slot(s, "tuco")] == 1


def test_tuco_shoots_through_the_roof():
    # rulebook: БАНДИТЫ, Туко (a bandit on the roof of his own car)
    s = setup4()
    place(s, "tuco", 2)
    place(s, "doc", 2, roof=True)
    stealin(s, [("tuco", "fire")])
    assert s.recv[slot(s, "doc")] == 1
    # another bandit cannot
    place(s, "cheyenne", 2)
    stealin(s, [("cheyenne", "fire")])
    assert s.recv[slot(s, "doc")] == 1


def test_tuco_shoots_down_only_with_the_option():
    # rulebook: БАНДИТЫ, Туко names only the roof of his car; the option allows the reverse
    for opt, hit in ((False, 0), (True, 1)):
        s = new(4, chars=NOBELLE, seed=1, tuco_both_ways=opt)
        clear_loot(s)
        for name in NOBELLE:
            place(s, name, 4, roof=True)
        place(s, "tuco", 2, roof=True)
        place(s, "doc", 2)
        place(s, "cheyenne", 0)
        place(s, "django", 0)
        stealin(s, [("tuco", "fire")])
        assert s.recv[slot(s, "doc")] == hit


def test_robbery_takes_loot_from_own_level():
    # rulebook: КРАЖА (any token where you are; not through the roof; nothing: no effect)
    s = setup4()
    place(s, "doc", 2, roof=True)
    put = put_loot
    put(s, 2, False, "jewel")
    stealin(s, [("doc", "robbery")])
    assert held(s, "doc") == ([], 0, 0) and loot_at(s, 2) == ([], 1, 0)
    place(s, "doc", 2)
    p1 = put(s, 2, False, "purse", 400)
    stealin(s, [("doc", "robbery")])
    assert legal_json(s) == [{"type": "loot", "kind": "purse", "purse": p1},
                             {"type": "loot", "kind": "jewel"}]
    act(s, {"type": "loot", "kind": "purse", "purse": p1})
    assert held(s, "doc") == ([400], 0, 0)
    # the thief now knows the value; others do not
    assert s.known[p1] == 1 << slot(s, "doc")


def test_punch_drops_loot_and_knocks_victim():
    # rulebook: УДАР (victim drops a token where you are, is moved to an adjacent car, same level)
    s = setup4()
    place(s, "doc", 2, roof=True)
    place(s, "django", 2, roof=True)
    j = give_loot(s, "django", "jewel")
    stealin(s, [("doc", "punch")])
    # victim and the loot are forced; the direction is a decision
    assert legal_json(s) == [{"type": "punch_to", "to": 1}, {"type": "punch_to", "to": 3}]
    act(s, {"type": "punch_to", "to": 1})
    assert where(s, "django") == (1, True)
    assert s.tloc[j] == 2 * 2 + 1


def test_punch_chooses_the_loot():
    # rulebook: УДАР (the puncher takes a token from the victim's board)
    s = setup4()
    place(s, "doc", 0)
    place(s, "django", 0)
    place(s, "tuco", 1)
    s.marshal = 3
    give_loot(s, "django", "strongbox")
    give_loot(s, "django", "jewel")
    stealin(s, [("doc", "punch")])
    opts = legal_json(s)
    assert {"type": "loot", "kind": "strongbox"} in opts and len(opts) == 2
    act(s, {"type": "loot", "kind": "strongbox"})
    # in the locomotive only one direction exists: applied at once
    assert where(s, "django") == (1, False) and loot_at(s, 0)[2] == 1


def test_cheyenne_may_keep_the_purse():
    # rulebook: БАНДИТЫ, Шайенн (she may keep the purse the victim drops)
    s = setup4()
    place(s, "cheyenne", 2)
    place(s, "doc", 2)
    tok = give_loot(s, "doc", "purse", 450)
    for p in range(R.JEWEL0):
        if s.tloc[p] == R.HELD + slot(s, "doc") and p != tok:
            s.tloc[p] = R.BOX
    stealin(s, [("cheyenne", "punch")])
    assert legal_json(s) == [{"type": "pass"}, {"type": "keep_purse"}]
    act(s, {"type": "keep_purse"})
    act(s, {"type": "punch_to", "to": 3})
    assert held(s, "cheyenne")[0] == [450] and held(s, "doc")[0] == []


def test_belle_protected_when_other_target():
    # rulebook: БАНДИТЫ, Красотка
    s = setup4(FOUR)
    place(s, "django", 2)
    place(s, "belle", 1)
    place(s, "tuco", 3)
    stealin(s, [("django", "fire")])
    assert s.recv[slot(s, "tuco")] == 1 and s.recv[slot(s, "belle")] == 0


def test_django_pushes_along_the_line_of_fire():
    # rulebook: БАНДИТЫ, Джанго
    s = setup4()
    place(s, "django", 1, roof=True)
    place(s, "tuco", 3, roof=True)
    stealin(s, [("django", "fire")])
    assert where(s, "tuco") == (4, True)


def test_marshal_card_moves_marshal_and_scares_bandits():
    # rulebook: ШЕРИФ (the Marshal moves one car; bandits inside flee to the roof with a bullet)
    s = setup4()
    s.marshal = 2
    place(s, "doc", 1)
    place(s, "tuco", 3)
    stealin(s, [("doc", "marshal")])
    assert legal_json(s) == [{"type": "marshal", "to": 1}, {"type": "marshal", "to": 3}]
    act(s, {"type": "marshal", "to": 3})
    assert s.marshal == 3 and where(s, "tuco") == (3, True)
    assert R.NEUTRAL in cards_of(s, slot(s, "tuco")) and s.neutral == 12


def test_cards_resolve_in_play_order():
    # rulebook: ФАЗА 2 (the pile is turned over and resolved in the order played)
    s = setup4()
    place(s, "doc", 2)
    put = put_loot
    put(s, 2, True, "jewel")
    stealin(s, [("doc", "climb"), ("doc", "robbery")])
    assert held(s, "doc")[1] == 1
