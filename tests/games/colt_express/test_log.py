"""The log: every event a player reads, checked whole (type, fields, audience), for each
card of Stealin', each round-card event and station card, Schemin' and the set-up. The log
is what players read and what the undo barrier reads (docs/developing.md, "Mutation
testing"); an event missing or with a wrong field is a rule a player sees broken.
Positions are built with the helpers of this package, then played through legal actions;
expected values are the rulebook's (and the event names of the game's data tables)."""

import pytest

from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, clear_loot, give_loot, legal_json, new, place, put_loot, set_turns,
                      slot, stealin)

CH = ["doc", "cheyenne", "django", "tuco"]  # seat 0 .. seat 3 (the last seat)
PUB = None  # the audience of a public event


def on_car(chars=CH, car=4, n=4):
    """A game at the start of round 1 with these bandits (seat order), no loot anywhere and
    every bandit inside car `car`; round 1 has no event, round 2 is the Angry Marshal card
    (0), seat 3 (the last seat) is the first player of round 1.
    Sets: char/slot (new), tloc (clear_loot), pos (place), rcards, first0/first."""
    s = new(n, chars=chars, seed=1)
    clear_loot(s)
    for name in chars:
        place(s, name, car)
    s.rcards = (5, 0, 1, 2, 3)
    s.first0 = s.first = n - 1
    return s


def upto(events, kind):
    """The events before the first one of type `kind`."""
    out = []
    for e in events:
        if e["type"] == kind:
            break
        out.append(e)
    return out


def test_a_stealin_names_each_card_in_turn_then_the_next_round():
    # rulebook: ФАЗА 2 «ОГРАБЛЕНИЕ» (the pile is turned over and each card is carried out in
    # the order played), then the next round: its card turned over, the first player passing
    # clockwise (from the last seat to seat 0) and six cards dealt (Doc seven)
    s = on_car()
    place(s, "doc", 1)
    stealin(s, [("doc", "climb"), ("tuco", "robbery")], event_card=5)
    assert upto(s.events, "deal") == [
        {"type": "stealin", "round": 1, "to": PUB},
        {"type": "resolve", "player": 0, "card": {"kind": "climb"}, "step": 1, "of": 2,
         "to": PUB},
        {"type": "climb", "bandit": "doc", "car": 1, "roof": True, "to": PUB},
        {"type": "resolve", "player": 3, "card": {"kind": "robbery"}, "step": 2, "of": 2,
         "to": PUB},
        {"type": "no_effect", "bandit": "tuco", "card": "robbery", "to": PUB},
        {"type": "round", "round": 2, "card": 0, "event": "angry_marshal", "first_player": 0,
         "turns": ["normal", "normal", "tunnel", "switching"], "reveal": True, "to": PUB},
    ]
    counts = [e for e in s.events if e["type"] == "deal_count"]
    assert counts == [{"type": "deal_count", "player": p, "count": 7 if p == 0 else 6,
                       "to": PUB} for p in range(4)]
    deals = [e for e in s.events if e["type"] == "deal"]
    assert [(e["player"], e["to"], len(e["cards"])) for e in deals] == [
        (0, [0], 7), (1, [1], 6), (2, [2], 6), (3, [3], 6)]


def test_a_round_without_an_event_is_announced_with_none():
    # rulebook: КАРТЫ РАУНДОВ (some round cards have no event)
    s = on_car()
    s.rcards = (5, 6, 1, 2, 3)
    stealin(s, [], event_card=5)
    rounds = [e for e in s.events if e["type"] == "round"]
    assert rounds == [{"type": "round", "round": 2, "card": 6, "event": None,
                       "first_player": 0,
                       "turns": ["normal", "tunnel", "normal", "tunnel", "normal"],
                       "reveal": True, "to": PUB}]
    assert not [e for e in s.events if e["type"] == "event"]


@pytest.mark.parametrize("kind", ["fire", "punch", "robbery"])
def test_a_card_with_nothing_to_do_is_announced_without_effect(kind):
    # rulebook: КАРТЫ ДЕЙСТВИЙ (no target or no loot: the card does nothing); seat 0's Doc,
    # alone in the locomotive, nobody in a neighbouring car
    s = on_car()
    place(s, "doc", 0)
    s.marshal = 3
    stealin(s, [("doc", kind)])
    assert upto(s.events, "round")[1:] == [
        {"type": "resolve", "player": 0, "card": {"kind": kind}, "step": 1, "of": 1,
         "to": PUB},
        {"type": "no_effect", "bandit": "doc", "card": kind, "to": PUB}]
    assert s.cyl[0] == 6 and s.recv == [0, 0, 0, 0]


def test_a_punch_into_the_marshals_car_is_announced_push_then_flight():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, УДАР (the victim is knocked into a neighbouring car) and ШЕРИФ
    # (a bandit who enters the Marshal's car goes up to its roof with a neutral bullet)
    s = on_car()
    s.marshal = 2
    place(s, "doc", 3)
    place(s, "tuco", 3)
    stealin(s, [("doc", "punch")])
    assert s.events[1:] == [
        {"type": "resolve", "player": 0, "card": {"kind": "punch"}, "step": 1, "of": 1,
         "to": PUB},
        {"type": "punch", "bandit": "doc", "target": "tuco", "to": PUB}]
    act(s, {"type": "punch_to", "to": 2})
    assert upto(s.events, "round") == [
        {"type": "pushed", "bandit": "tuco", "by": "punch", "from": 3, "car": 2,
         "roof": False, "to": PUB},
        {"type": "flee", "bandits": ["tuco"], "car": 2, "bullet": True, "to": PUB}]
    assert s.neutral == 12 and s.recv == [0, 0, 0, 1]


@pytest.mark.parametrize("neutral, bullet", [(13, True), (0, False)])
def test_djangos_push_into_the_marshals_car_is_announced(neutral, bullet):
    # rulebook: БАНДИТЫ, Джанго (his target is pushed one car along the shot) and ШЕРИФ;
    # with no neutral bullet left the flight brings none (NOTES.md #8)
    s = on_car()
    s.marshal = 2
    s.neutral = neutral
    place(s, "django", 4)
    place(s, "cheyenne", 3)
    place(s, "doc", 0, roof=True)
    place(s, "tuco", 0, roof=True)
    stealin(s, [("django", "fire")])
    assert upto(s.events, "round")[2:] == [
        {"type": "fire", "bandit": "django", "target": "cheyenne", "to": PUB},
        {"type": "pushed", "bandit": "cheyenne", "by": "django", "from": 3, "car": 2,
         "roof": False, "to": PUB},
        {"type": "flee", "bandits": ["cheyenne"], "car": 2, "bullet": bullet, "to": PUB}]
    assert s.recv == [0, 1 + bullet, 0, 0] and s.fired == [0, 0, 1, 0]


def test_a_move_into_the_marshals_car_is_announced_move_then_flight():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ДВИЖЕНИЕ and ШЕРИФ; the last seat's Tuco walks in
    s = on_car()
    s.marshal = 3
    stealin(s, [("tuco", "move")])  # from the caboose the only way is forward: no choice
    assert upto(s.events, "round")[2:] == [
        {"type": "move", "bandit": "tuco", "from": 4, "car": 3, "roof": False, "to": PUB},
        {"type": "flee", "bandits": ["tuco"], "car": 3, "bullet": True, "to": PUB}]


def test_the_marshal_card_is_announced_with_everyone_who_flees():
    # rulebook: ШЕРИФ (every bandit inside the car he enters flees to its roof, one bullet each)
    s = on_car()
    s.marshal = 3
    stealin(s, [("cheyenne", "marshal")])
    assert legal_json(s) == [{"type": "marshal", "to": 2}, {"type": "marshal", "to": 4}]
    act(s, {"type": "marshal", "to": 4})
    assert upto(s.events, "round") == [
        {"type": "marshal", "car": 4, "to": PUB},
        {"type": "flee", "bandits": ["doc", "cheyenne", "django", "tuco"], "car": 4,
         "bullet": True, "to": PUB}]
    assert s.neutral == 9 and s.recv == [1, 1, 1, 1]


@pytest.mark.parametrize("marshal, to", [(0, 1), (4, 3)])
def test_the_marshal_at_either_end_of_the_train_moves_without_a_choice(marshal, to):
    # rulebook: ШЕРИФ (one car, inside the train): from the locomotive or the caboose only
    # one way is open
    s = on_car(car=2)
    s.marshal = marshal
    stealin(s, [("tuco", "marshal")])
    assert s.marshal == to
    assert upto(s.events, "round")[2:] == [{"type": "marshal", "car": to, "to": PUB}]


def test_a_punch_that_knocks_out_a_jewel_is_announced():
    # rulebook: УДАР (the victim drops one loot token of the puncher's choice)
    s = on_car()
    place(s, "doc", 0)
    place(s, "tuco", 0)
    s.marshal = 3
    give_loot(s, "tuco", "jewel")
    stealin(s, [("doc", "punch")])
    assert upto(s.events, "round")[2:] == [
        {"type": "punch", "bandit": "doc", "target": "tuco", "to": PUB},
        {"type": "punch_loot", "bandit": "doc", "loot": "jewel", "victim": "tuco",
         "kept": False, "to": PUB},
        {"type": "pushed", "bandit": "tuco", "by": "punch", "from": 0, "car": 1,
         "roof": False, "to": PUB}]


def test_a_purse_knocked_out_is_announced_by_its_token():
    # rulebook: УДАР (a purse dropped stays face down: the log names the token, not its value)
    s = on_car()
    place(s, "doc", 4, roof=True)
    place(s, "tuco", 4, roof=True)
    tok = give_loot(s, "tuco", "purse", 400)
    stealin(s, [("doc", "punch")])
    assert upto(s.events, "round")[2:] == [
        {"type": "punch", "bandit": "doc", "target": "tuco", "to": PUB},
        {"type": "punch_loot", "bandit": "doc", "loot": "purse", "purse": tok,
         "victim": "tuco", "kept": False, "to": PUB},
        {"type": "pushed", "bandit": "tuco", "by": "punch", "from": 4, "car": 3,
         "roof": True, "to": PUB}]
    assert s.tloc[tok] == 4 * 2 + 1


@pytest.mark.parametrize("keep", [True, False])
def test_cheyennes_choice_of_the_purse_is_announced(keep):
    # rulebook: БАНДИТЫ, Шайенн (she may keep the purse her victim drops)
    s = on_car()
    place(s, "cheyenne", 2)
    place(s, "tuco", 2)
    tok = give_loot(s, "tuco", "purse", 400)
    stealin(s, [("cheyenne", "punch")])
    assert s.phase == R.PH_PUNCH_KEEP
    act(s, {"type": "keep_purse"} if keep else {"type": "pass"})
    assert s.events == [{"type": "punch_loot", "bandit": "cheyenne", "victim": "tuco",
                         "loot": "purse", "purse": tok, "kept": keep, "to": PUB}]
    assert s.tloc[tok] == (R.HELD + 1 if keep else 2 * 2)
    # the purse she keeps is hers to look at; one left on the floor stays face down
    assert s.observation(1)["bandits"][1]["purses"] == (
        [{"id": tok, "value": 400}] if keep else [])


def test_a_face_down_card_is_revealed_instead_of_announced():
    # rulebook: КАРТЫ РАУНДОВ, Туннель (face-down cards are turned over one by one in
    # Stealin'): the log shows the card to everyone when its turn comes
    s = on_car()
    place(s, "tuco", 2)
    stealin(s, [("tuco", "climb", True), ("doc", "climb")])
    assert upto(s.events, "round") == [
        {"type": "stealin", "round": 1, "to": PUB},
        {"type": "reveal", "player": 3, "card": {"kind": "climb"}, "reveal": True,
         "to": PUB},
        {"type": "climb", "bandit": "tuco", "car": 2, "roof": True, "to": PUB},
        {"type": "resolve", "player": 0, "card": {"kind": "climb"}, "step": 2, "of": 2,
         "to": PUB},
        {"type": "climb", "bandit": "doc", "car": 4, "roof": True, "to": PUB}]


# -- round-card events and station cards ---------------------------------------------------

def test_the_angry_marshal_is_announced_shots_then_his_move():
    # rulebook: СОБЫТИЯ, Разгневанный шериф (he shoots the bandits on his roof, then moves one
    # car toward the caboose; the bandits inside it flee)
    s = on_car()
    s.marshal = 2
    place(s, "doc", 2, roof=True)
    place(s, "tuco", 2, roof=True)
    place(s, "django", 3)
    place(s, "cheyenne", 1, roof=True)
    stealin(s, [], event_card=0)
    assert upto(s.events, "round") == [
        {"type": "stealin", "round": 1, "to": PUB},
        {"type": "event", "event": "angry_marshal", "to": PUB},
        {"type": "marshal_shoots", "bandits": ["doc", "tuco"], "bullet": True, "to": PUB},
        {"type": "marshal", "car": 3, "to": PUB},
        {"type": "flee", "bandits": ["django"], "car": 3, "bullet": True, "to": PUB}]
    assert s.recv == [1, 0, 1, 1] and s.neutral == 10


def test_the_angry_marshal_with_nobody_on_his_roof_shoots_nobody():
    # rulebook: СОБЫТИЯ, Разгневанный шериф: an empty roof, no shot to announce
    s = on_car()
    s.marshal = 1
    stealin(s, [], event_card=0)
    assert upto(s.events, "round")[1:] == [
        {"type": "event", "event": "angry_marshal", "to": PUB},
        {"type": "marshal", "car": 2, "to": PUB}]
    assert s.recv == [0, 0, 0, 0]


def test_the_passengers_rebellion_is_announced_with_every_bandit_inside():
    # rulebook: СОБЫТИЯ, Пассажиры дают отпор (each bandit inside a car, the locomotive
    # included, takes a neutral bullet)
    s = on_car()
    place(s, "doc", 0)
    place(s, "django", 2, roof=True)
    s.marshal = 3
    stealin(s, [], event_card=4)
    assert upto(s.events, "round")[1:] == [
        {"type": "event", "event": "passengers_rebellion", "to": PUB},
        {"type": "rebellion", "bullet": True, "bandits": ["doc", "cheyenne", "tuco"],
         "to": PUB}]
    assert s.recv == [1, 1, 0, 1] and s.neutral == 10


def test_the_passengers_rebellion_with_too_few_bullets_gives_none():
    # rulebook: ШЕРИФ (too few neutral bullets left: nobody gets one; NOTES.md #8)
    s = on_car()
    s.neutral = 3
    s.marshal = 0
    stealin(s, [], event_card=4)
    assert {"type": "rebellion", "bullet": False,
            "bandits": ["doc", "cheyenne", "django", "tuco"], "to": PUB} in s.events
    assert s.recv == [0, 0, 0, 0] and s.neutral == 3


@pytest.mark.parametrize("card, event", [(1, "swivel_arm"), (2, "braking"),
                                         (3, "take_it_all")])
def test_the_other_round_events_are_announced_by_name(card, event):
    # rulebook: СОБЫТИЯ
    s = on_car()
    stealin(s, [], event_card=card)
    assert upto(s.events, "round")[1:] == [{"type": "event", "event": event, "to": PUB}]


def last_round(first=3):
    """The fifth round of `on_car` about to end, `first` its first player.
    Sets: as on_car, round_no, first0/first."""
    s = on_car()
    s.rcards = (0, 1, 2, 3, 5)
    s.round_no = 4
    s.first = first
    s.first0 = (first - 4) % 4
    return s


def test_the_game_over_is_announced_with_scores_winners_and_every_purse_held():
    # rulebook: КОНЕЦ ИГРЫ (loot counted, purses turned over; $1000 to the best shooter;
    # the richest wins)
    s = last_round()
    a = give_loot(s, "doc", "purse", 450)
    b = give_loot(s, "tuco", "purse", 300)
    give_loot(s, "tuco", "jewel")
    put_loot(s, 2, False, "purse", 500)  # in the train: nobody's, not turned over
    s.fired = [0, 2, 1, 0]
    stealin(s, [], event_card=5)
    assert s.is_terminal()
    over = [e for e in s.events if e["type"] == "game_over"]
    assert over == [{"type": "game_over", "scores": [450, 1000, 0, 800], "winners": [1],
                     "reveal": True, "purses": {str(a): 450, str(b): 300}, "to": PUB}]


def test_the_ransom_is_announced_for_each_bandit_at_the_locomotive():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Выкуп за машиниста ($250 to each bandit in or
    # on the locomotive)
    s = last_round()
    s.marshal = 2
    place(s, "doc", 0)
    place(s, "tuco", 0, roof=True)
    stealin(s, [], event_card=16)
    assert upto(s.events, "game_over")[1:] == [
        {"type": "event", "event": "hostage_taking", "to": PUB},
        {"type": "ransom", "bandit": "doc", "value": 250, "to": PUB},
        {"type": "ransom", "bandit": "tuco", "value": 250, "to": PUB}]
    assert [d["loot"] for d in s.result().details] == [250, 0, 0, 250]


def test_a_pickpocketing_is_announced_and_a_pass_is_not():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража (optional; the purse is taken
    # face down: the log names the token)
    s = last_round(first=0)
    place(s, "doc", 1)
    place(s, "tuco", 2, roof=True)
    mine = put_loot(s, 1, False, "purse", 350)
    theirs = put_loot(s, 2, True, "purse", 400)
    stealin(s, [], event_card=14)
    assert s.events[1:] == [{"type": "event", "event": "pickpocketing", "to": PUB}]
    assert s.current_player() == 0
    act(s, {"type": "loot", "kind": "purse", "purse": mine})
    assert s.events == [{"type": "pickpocket", "bandit": "doc", "loot": "purse",
                         "purse": mine, "to": PUB}]
    assert s.current_player() == 3
    act(s, {"type": "pass"})
    assert [e["type"] for e in s.events] == ["game_over"]
    assert s.tloc[theirs] == 2 * 2 + 1 and s.result().details[0]["loot"] == 350


def test_marshals_revenge_with_nobody_on_his_roof_announces_only_the_event():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Месть шерифа
    s = last_round()
    s.marshal = 2
    give_loot(s, "doc", "purse", 300)
    place(s, "doc", 3, roof=True)
    stealin(s, [], event_card=15)
    assert upto(s.events, "game_over")[1:] == [
        {"type": "event", "event": "marshals_revenge", "to": PUB}]
    assert s.result().scores[0] == 300 + 1000  # nobody shot: everyone is best shooter


# -- Schemin' and the set-up ---------------------------------------------------------------

def test_a_draw_is_told_to_the_drawer_and_counted_for_everyone():
    # rulebook: ФАЗА 1 «ПЛАНИРОВАНИЕ» (draw three cards from one's deck)
    s = new(3, seed=5)
    p = s.cur
    top = s.decks[p][-3:]
    act(s, {"type": "draw"})
    assert s.events == [
        {"type": "draw", "player": p, "cards": [{"kind": R.KINDS[c]} for c in top],
         "to": [p]},
        {"type": "draw_count", "player": p, "count": 3, "to": PUB}]


def test_a_ghosts_face_down_card_is_told_to_him_and_shown_face_down_to_the_others():
    # rulebook: БАНДИТЫ, Призрак (his first card of the round may be played face down)
    s = new(4, chars=["cheyenne", "django", "tuco", "ghost"], seed=9)
    set_turns(s, GAME.card_turns[2])
    g = slot(s, "ghost")  # the last seat
    while s.cur != g:
        act(s, {"type": "draw"})
    kind = R.KINDS[sorted(c for c in s.hands[g] if c < 12)[0]]
    act(s, {"type": "play", "card": kind, "face_down": True})
    assert s.events == [
        {"type": "play", "player": 3, "card": {"kind": kind}, "face_down": True, "to": [3]},
        {"type": "play_face_down", "player": 3, "to": PUB}]
    assert s.pile[-1] == R.KINDS.index(kind) | 16 | 3 << 5


def test_two_bandits_a_card_chosen_is_told_to_its_player_only():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», НАЧАЛО РАУНДА (each player takes one card of his choice
    # from his deck before drawing)
    s = GAME.new_state(2, 6, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    p = s.cur
    act(s, {"type": "choose_card", "card": "marshal", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.events == [
        {"type": "choose_card", "player": p,
         "card": {"kind": "marshal", "bandit": R.BANDITS[s.char[2 * p]]}, "to": [p]},
        {"type": "choose_card_done", "player": p, "to": PUB}]


def test_two_bandits_a_card_is_announced_with_the_bandit_it_belongs_to():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА», ОБЩЕЕ ПРАВИЛО (after a Fire, one card of the other
    # bandit may follow, face up)
    s = GAME.new_state(2, 2, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    while s.phase == R.PH_CHOOSE:
        s.apply(s.legal_actions()[0])
    set_turns(s, (R.NORMAL,))
    p = s.cur
    lead, partner = R.BANDITS[s.char[2 * p]], R.BANDITS[s.char[2 * p + 1]]
    s.hands[p] = [R.FIRE, 6 + R.PUNCH]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": lead})
    assert s.events == [{"type": "play", "player": p, "face_down": False, "to": PUB,
                         "card": {"kind": "fire", "bandit": lead}}]
    act(s, {"type": "play", "card": "punch", "bandit": partner})
    assert s.events == [{"type": "play", "player": p, "face_down": False, "to": PUB,
                         "card": {"kind": "punch", "bandit": partner}}]


def test_two_bandits_the_start_reveals_the_hidden_bandits():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА» (the figures hidden in the hands are shown when both
    # players open them: the hidden one starts in the caboose, the other in the car before)
    s = GAME.new_state(2, 6, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[1]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    board = [e for e in s.events if e["type"] == "board"]
    assert board == [{"type": "board", "reveal": True, "to": PUB, "bandits": {
        R.BANDITS[s.char[0]]: 2, R.BANDITS[s.char[1]]: 3,
        R.BANDITS[s.char[2]]: 3, R.BANDITS[s.char[3]]: 2}}]


def test_one_bandit_the_start_is_announced_without_a_reveal():
    # rulebook: РАЗМЕЩЕНИЕ БАНДИТОВ (the starting cars follow from the first player: nothing
    # hidden is shown)
    s = GAME.new_state(3, 5, {"random_bandits": True})
    board = [e for e in s.events if e["type"] == "board"]
    assert len(board) == 1 and board[0]["reveal"] is False


def test_expert_bullets_put_aside_at_the_end_of_schemin_are_counted_in_the_log():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (bullet cards in the hand go to the discard pile at the
    # end of phase 1)
    s = new(3, seed=5, expert=True)
    set_turns(s, (R.NORMAL,))
    for p in range(3):
        s.hands[p] += [R.NEUTRAL] * p
    while s.phase == R.PH_SCHEME:
        act(s, {"type": "draw"})
    got = [e for e in s.events if e["type"] == "discard_bullets"]
    assert got == [{"type": "discard_bullets", "player": 1, "count": 1, "to": PUB},
                   {"type": "discard_bullets", "player": 2, "count": 2, "to": PUB}]
