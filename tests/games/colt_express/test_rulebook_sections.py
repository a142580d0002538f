"""Rule tests named after the rulebook's sections, for cases the other files leave open
(found by mutation testing, docs/developing.md): Belle with exactly one other target, and
every bandit of the pickpocketing queue, in turn order from the first player, seat 0 and
the last seat included. Positions are built with the helpers of this package, then played
through legal actions; expected values are the rulebook's."""

import pytest

from railtable.games.colt_express import rules as R

from .helpers import act, clear_loot, held, legal_json, new, place, put_loot, slot, stealin, where

FOUR = ["belle", "cheyenne", "django", "tuco"]  # Belle is bandit 0, seat 0
CH = ["doc", "cheyenne", "django", "tuco"]


def on_car(chars, car):
    """A 4-player game at the start of round 1 with these bandits (seat order), no loot
    anywhere (tokens back in the box) and every bandit inside car `car`.
    Sets: char/slot (new), tloc (clear_loot), pos (place)."""
    s = new(4, chars=chars, seed=1)
    clear_loot(s)
    for name in chars:
        place(s, name, car)
    return s


@pytest.mark.parametrize("roof", [False, True])
def test_belle_is_not_punched_when_one_other_bandit_shares_her_car(roof):
    # rulebook: БАНДИТЫ, Красотка (she cannot be the target of a punch while another
    # bandit can be)
    s = on_car(FOUR, 4)
    for name in ("django", "belle", "tuco"):
        place(s, name, 2, roof=roof)
    stealin(s, [("django", "punch")])
    # Tuco is the only target, so the punch goes to him: only its direction is a choice
    assert legal_json(s) == [{"type": "punch_to", "to": 1}, {"type": "punch_to", "to": 3}]
    act(s, {"type": "punch_to", "to": 3})
    assert where(s, "tuco") == (3, roof) and where(s, "belle") == (2, roof)


def test_belle_alone_with_the_puncher_is_punched():
    # rulebook: БАНДИТЫ, Красотка (protected only "if another bandit can be the target")
    s = on_car(FOUR, 4)
    place(s, "django", 0)
    place(s, "belle", 0)
    stealin(s, [("django", "punch")])
    # in the locomotive the only way is back: the punch needs no decision at all
    assert where(s, "belle") == (1, False)


def pickpocket_round(first, alone):
    """The last round of a 4-player game about to resolve the Pickpocketing station card,
    with `first` as this round's first player; each bandit named in `alone` stands alone
    inside a car of his own (car 0, 1, ...) with a $250 purse there; the others share the
    caboose. Sets: round_no, first0/first, pos, tloc/tval (purses), the round card (stealin)."""
    s = new(4, chars=CH, seed=6)
    clear_loot(s)
    for name in CH:
        place(s, name, 4)
    s.round_no = 4
    s.first0 = (first - s.round_no) % 4
    s.first = first
    purses = {}
    for car, name in enumerate(alone):
        place(s, name, car)
        purses[name] = put_loot(s, car, False, "purse", 250)
    stealin(s, [], event_card=14)
    return s, purses


@pytest.mark.parametrize("first, order", [(0, ["doc", "tuco"]), (3, ["tuco", "doc"]),
                                          (1, ["tuco", "doc"])])
def test_every_lonely_bandit_may_pickpocket_in_turn_order(first, order):
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража (each bandit alone in a car
    # or on its roof may take a purse from there); turn order from the first player
    s, purses = pickpocket_round(first, ["doc", "tuco"])
    for name in order:
        assert s.phase == R.PH_PICKPOCKET and s.current_player() == slot(s, name)
        assert legal_json(s) == [{"type": "pass"},
                                 {"type": "loot", "kind": "purse", "purse": purses[name]}]
        act(s, {"type": "loot", "kind": "purse", "purse": purses[name]})
        assert held(s, name)[0] == [250]
    assert s.is_terminal()
    assert [d["loot"] for d in s.result().details] == [250, 0, 0, 250]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_purses_laid_in_the_train_are_face_down_for_every_seat(n):
    # rulebook: ПОДГОТОВКА К ИГРЕ (purses are drawn blind and laid in the cars face down;
    # each player's own $250 purse is his to look at)
    from railtable.games.colt_express import GAME
    s = GAME.new_state(n, 5)
    for seat in (0, n - 1):
        obs = s.observation(seat)
        in_train = [p for spot in obs["loot"] for p in spot["purses"]]
        assert in_train and all(p["value"] is None for p in in_train)


def test_a_robbery_is_announced_with_the_loot_taken():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, КРАЖА (take one loot token where your bandit stands); the
    # log says who took what (a purse by its token, its value staying hidden)
    s = on_car(CH, 4)
    place(s, "doc", 1)
    tok = put_loot(s, 1, False, "purse", 300)
    stealin(s, [("doc", "robbery")])
    assert {"type": "take", "bandit": "doc", "loot": "purse", "purse": tok,
            "to": None} in s.events
    assert held(s, "doc")[0] == [300]


@pytest.mark.parametrize("n, ok", [(1, False), (2, True), (6, True), (7, False)])
def test_two_to_six_players(n, ok):
    # rulebook: КОМПОНЕНТЫ (round cards for 2-4 and for 5-6 players; six player kits)
    from railtable.engine.game import OptionsError
    from railtable.games.colt_express import GAME
    if ok:
        assert GAME.new_state(n, 1).num_players == n
    else:
        with pytest.raises(OptionsError):
            GAME.new_state(n, 1)


@pytest.mark.parametrize("marshal", [3, 4])
def test_marshals_revenge_takes_the_cheapest_purse_on_his_roof(marshal):
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Месть шерифа (each bandit on the roof of the
    # Marshal's car drops his purse of least value); car 3 and the caboose (the last car)
    from .helpers import give_loot
    s = on_car(CH, 2)
    s.round_no = 4
    s.marshal = marshal
    place(s, "tuco", marshal, roof=True)
    give_loot(s, "tuco", "purse", 450)
    give_loot(s, "tuco", "purse", 250)
    place(s, "doc", marshal)  # inside, below him: spared
    give_loot(s, "doc", "purse", 300)
    stealin(s, [], event_card=15)
    assert held(s, "tuco")[0] == [450] and held(s, "doc")[0] == [300]


def test_a_shot_and_the_marshals_move_are_announced():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ВЫСТРЕЛ and ШЕРИФ: the log tells who shot whom and where the
    # Marshal went
    s = on_car(CH, 4)
    place(s, "doc", 2)
    place(s, "tuco", 3)
    s.marshal = 1
    stealin(s, [("doc", "fire"), ("cheyenne", "marshal")])
    assert {"type": "fire", "bandit": "doc", "target": "tuco", "to": None} in s.events
    assert legal_json(s) == [{"type": "marshal", "to": 0}, {"type": "marshal", "to": 2}]
    act(s, {"type": "marshal", "to": 2})
    assert {"type": "marshal", "car": 2, "to": None} in s.events


def test_a_hidden_bandit_stays_hidden_in_the_other_seats_sampled_worlds():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ПОДГОТОВКА (each player hides one of his two figures in his
    # hand): a search bot of seat 1 must not learn seat 0's choice from determinize
    import random

    from railtable.games.colt_express import GAME
    s = GAME.new_state(2, 4)
    act(s, {"type": "choose_team", "team": 0})
    act(s, {"type": "choose_team", "team": 1})
    assert s.phase == R.PH_HIDE
    mine = [s.char[0], s.char[1]]
    act(s, {"type": "hide", "bandit": R.BANDITS[mine[1]]})
    seen = {s.determinize(1, random.Random(k)).hidden[0] for k in range(30)}
    assert seen == set(mine)


@pytest.mark.parametrize("card, event", [(0, "angry_marshal"), (2, "braking")])
def test_the_round_cards_event_is_announced(card, event):
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА (a round card's event is carried out at the end of the
    # round, after Stealin'): the log names it
    s = on_car(CH, 4)
    stealin(s, [], event_card=card)
    assert {"type": "event", "event": event, "to": None} in s.events


@pytest.mark.parametrize("ghost_seat", [0, 5])
def test_only_the_ghosts_player_may_play_face_down_in_the_first_turn(ghost_seat):
    # rulebook: БАНДИТЫ, Призрак (his first turn of each round may be played face down);
    # the bandits drafted through play (РАЗМЕЩЕНИЕ БАНДИТОВ), seat 0 or the last seat
    from railtable.games.colt_express import GAME
    from railtable.games.colt_express.actions import PLAY_DOWN

    from .helpers import set_turns
    s = GAME.new_state(6, 5)
    order = ["belle", "cheyenne", "django", "doc", "tuco", "ghost"]
    if ghost_seat == 0:
        order = ["ghost", "belle", "cheyenne", "django", "doc", "tuco"]
    for name in order[:5]:
        act(s, {"type": "choose_bandit", "bandit": name})
    assert s.phase == R.PH_SCHEME and R.BANDITS[s.char[ghost_seat]] == "ghost"
    set_turns(s, GAME.card_turns[2])  # a first turn in the open (not a tunnel)
    offered = set()
    for _ in range(6):  # everyone's first turn, each playing a card face up
        p = s.current_player()
        if any(a >= PLAY_DOWN for a in s.legal_actions()):
            offered.add(p)
        act(s, next(x for x in legal_json(s) if x["type"] == "play"))
    assert offered == {ghost_seat}
