"""Round-card events and train station cards, one rule test each."""

from railtable.games.colt_express import rules as R

from .helpers import (act, clear_loot, give_loot, held, legal_json, loot_at, new, place,
                      put_loot, slot, stealin, where)

CH = ["doc", "cheyenne", "django", "tuco"]


def fresh(n=4):
    s = new(n, chars=CH[:n], seed=6)
    clear_loot(s)
    for name in CH[:n]:
        place(s, name, n)
    return s


def test_angry_marshal():
    # rulebook: СОБЫТИЯ, Разгневанный шериф (roof above him shot, then one car to the caboose)
    s = fresh()
    s.marshal = 2
    place(s, "doc", 2, roof=True)
    place(s, "tuco", 2, roof=True)
    place(s, "django", 3, roof=True)
    place(s, "cheyenne", 3)
    stealin(s, [], event_card=0)
    assert s.recv == [1, 1, 0, 1]
    assert s.marshal == 3 and where(s, "cheyenne") == (3, True)
    assert s.neutral == 10


def test_swivel_arm():
    # rulebook: СОБЫТИЯ, Поворотный кронштейн (all roof bandits to the caboose roof)
    s = fresh()
    place(s, "doc", 0, roof=True)
    place(s, "tuco", 2, roof=True)
    place(s, "django", 1)
    stealin(s, [], event_card=1)  # the 2-4 player Swivel Arm card
    assert where(s, "doc") == (4, True) and where(s, "tuco") == (4, True)
    assert where(s, "django") == (1, False)


def test_braking():
    # rulebook: СОБЫТИЯ, Торможение (roof bandits one car toward the locomotive)
    s = fresh()
    place(s, "doc", 4, roof=True)
    place(s, "tuco", 0, roof=True)
    stealin(s, [], event_card=2)
    assert where(s, "doc") == (3, True) and where(s, "tuco") == (0, True)
    assert where(s, "django") == (4, False)


def test_take_it_all():
    # rulebook: СОБЫТИЯ, Забирайте всё! (second strongbox inside the Marshal's car)
    s = fresh()
    s.marshal = 1
    stealin(s, [], event_card=3)
    assert loot_at(s, 1) == ([], 0, 1) and s.tloc[R.BOX0 + 1] == 1 * 2
    assert s.observation(0)["second_strongbox"] == "in_play"


def test_passengers_rebellion():
    # rulebook: СОБЫТИЯ, Пассажиры дают отпор (every bandit inside, locomotive too)
    s = fresh()
    place(s, "doc", 0)
    place(s, "tuco", 2, roof=True)
    s.marshal = 3
    stealin(s, [], event_card=4)
    assert s.recv == [1, 1, 1, 0]


def test_pickpocketing_is_optional_and_needs_solitude():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража
    s = fresh()
    s.round_no = 4
    place(s, "doc", 1, roof=True)
    put_loot(s, 1, True, "purse", 250)
    put_loot(s, 4, False, "purse", 250)  # three bandits share car 4: nobody alone there
    stealin(s, [], event_card=14)
    assert s.cur == slot(s, "doc") and s.phase == R.PH_PICKPOCKET
    act(s, {"type": "pass"})
    assert s.is_terminal() and held(s, "doc") == ([], 0, 0)


def test_marshals_revenge_spares_other_loot():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Месть шерифа
    s = fresh()
    s.round_no = 4
    s.marshal = 3
    place(s, "doc", 3, roof=True)
    give_loot(s, "doc", "strongbox")
    place(s, "tuco", 2, roof=True)
    give_loot(s, "tuco", "purse", 250)
    stealin(s, [], event_card=15)
    assert held(s, "doc") == ([], 0, 1) and held(s, "tuco") == ([250], 0, 0)


def test_hostage_taking():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Выкуп за машиниста
    s = fresh()
    s.round_no = 4
    s.marshal = 2
    place(s, "doc", 0)
    place(s, "tuco", 0, roof=True)
    place(s, "django", 1, roof=True)
    stealin(s, [], event_card=16)
    d = s.result().details
    assert [x["loot"] for x in d] == [250, 0, 0, 250]
    assert s.observation(None)["bandits"][0]["ransom"] == 250
    assert legal_json(s) == []
