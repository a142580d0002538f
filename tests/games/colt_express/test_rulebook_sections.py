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


# ------------------------------------------------ found by mutation testing, seed 40

def test_a_shuffled_deck_deals_each_kind_of_card_in_proportion():
    # rulebook: ПОДГОТОВКА К ИГРЕ and ФАЗА 1 (each player shuffles his ten action cards and
    # draws six): over many deals every kind comes as often as its share of the deck, 6/10
    # of its cards on average, whatever its place in the unshuffled deck
    from collections import Counter
    from railtable.games.colt_express import GAME
    dealt, decks = Counter(), 0
    for seed in range(300):
        s = GAME.new_state(3, seed, {"random_bandits": True})
        for p in range(3):
            if p != s.doc_seat:  # Doc's player draws seven
                dealt.update(s.hands[p])
                decks += 1
    deck = Counter([0, 0, 1, 1, 2, 2, 3, 4, 4, 5])  # the ten action cards of a bandit
    for c, k in deck.items():
        assert abs(dealt[c] / decks - 0.6 * k) < 0.1, (c, dealt[c] / decks)


def test_a_new_game_announces_the_first_player_the_bandits_and_each_hand():
    # rulebook: ПОДГОТОВКА К ИГРЕ (the first player; the bandits' starting cars) and ФАЗА 1
    # (six cards drawn: each hand is its owner's to see, its size everyone's)
    s = new(3, seed=5)
    first = [e for e in s.events if e["type"] == "first_player"]
    assert first == [{"type": "first_player", "player": s.first0, "to": None}]
    board = [e for e in s.events if e["type"] == "board"]
    assert len(board) == 1 and board[0]["bandits"] == {
        R.BANDITS[s.char[b]]: s.pos[b] >> 1 for b in range(s.nb)}
    for p in range(3):
        deal = [e for e in s.events if e["type"] == "deal" and e["player"] == p]
        assert len(deal) == 1 and deal[0]["to"] == [p]
        assert sorted(c["kind"] for c in deal[0]["cards"]) == sorted(
            R.KINDS[c % 6] for c in s.hands[p])
        assert {"type": "deal_count", "player": p, "count": len(s.hands[p]),
                "to": None} in s.events


def test_a_move_is_announced():
    # rulebook: ФАЗА 2, Перемещение (the bandit moves to the next car); the log says where
    s = new(3, chars=["doc", "tuco", "django"], seed=5)
    clear_loot(s)
    place(s, "tuco", 2)
    stealin(s, [("tuco", "move")])
    assert {"type": "move", "to": 1} in legal_json(s)
    act(s, {"type": "move", "to": 1})
    assert {"type": "move", "bandit": "tuco", "from": 2, "car": 1, "roof": False,
            "to": None} in s.events


@pytest.mark.parametrize("n", [3, 4])
def test_expert_each_player_decides_once_what_to_discard_from_the_first_player(n):
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (at the end of phase 1 each player keeps the cards he
    # wants and discards the rest): one decision each, in turn order from the first player
    # (our reading: the rulebook has it at once; play asks each seat in turn)
    s = new(n, seed=5, expert=True)
    while s.phase == R.PH_SCHEME:
        s.apply(s.legal_actions()[0])
    while s.phase == R.PH_CHAIN:
        s.apply(s.legal_actions()[0])
    asked = []
    while s.phase == R.PH_DISCARD:
        asked.append(s.cur)
        act(s, {"type": "pass"})
    assert asked == [(s.first + k) % n for k in range(n)]


def test_purses_nobody_has_seen_are_dealt_again_in_a_determinized_world():
    # rulebook: ПОДГОТОВКА К ИГРЕ (purses lie face down: nobody knows their values): a
    # sampled world of seat 0 may give the purses in the train other values, the totals kept
    import random
    s = new(3, seed=5)
    seen = set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert sorted(d.tval) == sorted(s.tval)
        seen.add(tuple(d.tval))
    assert len(seen) > 1


def test_a_card_played_in_a_tunnel_is_dealt_again_in_other_seats_worlds():
    # rulebook: ФАЗА 1, Тоннель (a card played in a tunnel is laid face down): another seat's
    # sampled world does not know which card it is
    import random
    from .helpers import set_turns
    s = new(3, seed=5)
    set_turns(s, (R.TUNNEL, R.NORMAL, R.NORMAL, R.NORMAL))
    p = s.cur
    s.apply(s.legal_actions()[-1])  # seat p plays a card, face down in the tunnel
    assert s.pile[0] & 16 and s.pile[0] >> 5 == p
    kinds = {s.determinize((p + 1) % 3, random.Random(k)).pile[0] & 15 for k in range(30)}
    assert len(kinds) > 1


# ------------------------------------------------ found by mutation testing, seed 41

def test_a_jewel_taken_is_announced_as_a_jewel_whichever_token_it_is():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, КРАЖА (take one loot token where your bandit stands): the log
    # names the kind; the second of the jewels (another lies elsewhere) is a jewel too
    s = on_car(CH, 4)
    place(s, "doc", 1)
    first = put_loot(s, 3, True, "jewel")   # the first jewel token, on another roof
    tok = put_loot(s, 1, False, "jewel")
    assert tok > first == R.JEWEL0
    stealin(s, [("doc", "robbery")])
    assert {"type": "take", "bandit": "doc", "loot": "jewel", "to": None} in s.events
    assert held(s, "doc")[1] == 1


def test_a_climb_is_announced():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, Смена этажа (the bandit goes up to the roof or down inside)
    s = new(3, chars=["doc", "tuco", "django"], seed=5)
    clear_loot(s)
    place(s, "tuco", 2)
    stealin(s, [("tuco", "climb")])
    assert {"type": "climb", "bandit": "tuco", "car": 2, "roof": True, "to": None} in s.events
    assert where(s, "tuco") == (2, True)


def test_the_first_round_is_round_one():
    # rulebook: ХОД ИГРЫ (five rounds, one round card each): the observation counts from one
    s = new(3, seed=5)
    assert s.observation(0)["round"] == 1


def test_expert_an_empty_deck_rebuilt_from_the_discards_is_announced():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (when the deck runs out, the discard pile is shuffled
    # into a new deck). Builder: sets the current player's deck to one card, the rest of his
    # cards in the discard pile (decks, discards)
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.discards[p] = s.decks[p][:]
    s.decks[p] = [1]
    s._legal = s._scheme_legal()
    act(s, {"type": "draw"})
    assert {"type": "reshuffle", "player": p, "to": None} in s.events


def test_two_bandits_the_final_score_names_both_bandits_of_each_player():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА» (each player leads a team of two bandits: a leader and
    # his partner) and КОНЕЦ ИГРЫ; the teams are the pairs the draft announced (each
    # leader's partner is dealt at random)
    import random

    from railtable.games.colt_express import GAME
    s = GAME.new_state(3, 4, {"two_bandits": True})
    teams = {}
    while s.phase == R.PH_TEAM:  # each player in turn takes the first team left
        team = [a for a in legal_json(s) if a["type"] == "choose_team"][0]["team"]
        act(s, {"type": "choose_team", "team": team})
        # the last team left goes to the last player without a choice, in the same apply
        for e in s.events:
            if e["type"] == "choose_team":
                teams[e["player"]] = "+".join(e["bandits"])
    assert sorted(teams) == [0, 1, 2]
    r = random.Random(4)
    while s.current_player() >= 0:
        legal = s.legal_actions()
        s.apply(legal[r.randrange(len(legal))])
    names = [d["bandit"] for d in s.result().details]
    assert names == [teams[p] for p in range(3)]


# ------------------------------------------------ found by mutation testing, seed 42

def purse_seen_by(s, seat, owner):
    """The purse values of bandit seat `owner` as seat `seat` sees them."""
    return [x["value"] for x in s.observation(seat)["bandits"][owner]["purses"]]


def test_a_purse_robbed_by_the_last_seat_is_seen_by_its_taker_only():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, КРАЖА (the bandit takes a purse; its value stays hidden from
    # the others until the end): seat 3, the last, takes it
    s = on_car(CH, 4)
    place(s, "tuco", 1)
    put_loot(s, 1, False, "purse", 300)
    stealin(s, [("tuco", "robbery")])
    assert purse_seen_by(s, 3, 3) == [300]
    assert purse_seen_by(s, 1, 3) == [None] and purse_seen_by(s, 2, 3) == [None]


def test_a_purse_pickpocketed_by_the_last_seat_is_seen_by_its_taker_only():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Карманная кража (the purse is taken face down);
    # the station card of round four, so that the game goes on and values stay hidden.
    # Builder: as pickpocket_round, with round_no 3
    s = new(4, chars=CH, seed=6)
    clear_loot(s)
    for name in CH:
        place(s, name, 4)
    s.round_no = 3
    place(s, "tuco", 0)
    tok = put_loot(s, 0, False, "purse", 250)
    stealin(s, [], event_card=14)
    act(s, {"type": "loot", "kind": "purse", "purse": tok})
    assert not s.is_terminal()
    assert purse_seen_by(s, 3, 3) == [250]
    assert purse_seen_by(s, 1, 3) == [None]


def test_marshals_revenge_is_announced_with_the_purse_dropped():
    # rulebook: КАРТЫ ЖЕЛЕЗНОДОРОЖНЫХ СТАНЦИЙ, Месть шерифа
    from .helpers import give_loot
    s = on_car(CH, 2)
    s.round_no = 4
    s.marshal = 3
    place(s, "tuco", 3, roof=True)
    cheap = give_loot(s, "tuco", "purse", 250)
    give_loot(s, "tuco", "purse", 450)
    stealin(s, [], event_card=15)
    assert {"type": "revenge", "bandit": "tuco", "purse": cheap, "to": None} in s.events


def test_a_punch_with_two_bandits_at_hand_asks_which_by_name():
    # rulebook: КАРТЫ ДЕЙСТВИЙ, Удар (the puncher chooses a bandit on his spot)
    s = on_car(CH, 2)
    stealin(s, [("django", "punch")])
    assert s.phase == R.PH_PUNCH_TARGET
    assert legal_json(s) == [{"type": "punch", "target": name}
                             for name in ("cheyenne", "doc", "tuco")]


def test_a_card_played_face_up_is_announced_to_everyone_face_up():
    # rulebook: ФАЗА 1, Планирование (cards are played face up on the common pile, except in
    # a tunnel or by the Ghost)
    from .helpers import set_turns
    s = new(3, seed=5)
    set_turns(s, (R.NORMAL, R.NORMAL, R.NORMAL, R.NORMAL))
    p = s.cur
    c = [a for a in s.legal_actions() if R.PLAY <= a < R.PLAY + 12][0] - R.PLAY
    s.apply(R.PLAY + c)
    plays = [e for e in s.events if e["type"] in ("play", "play_face_down")]
    assert plays == [{"type": "play", "player": p, "card": s._card_json(p, c),
                      "face_down": False, "to": None}]


def test_expert_a_discard_is_told_to_its_owner_and_counted_for_all():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (at the end of phase 1 a player may discard cards he does
    # not want to keep; his discard pile is his to look through)
    s = new(3, seed=5, expert=True)
    while s.phase in (R.PH_SCHEME, R.PH_CHAIN):
        s.apply(s.legal_actions()[0])
    assert s.phase == R.PH_DISCARD
    q = s.cur
    c = s.legal_actions()[1] - R.DISCARD
    s.apply(R.DISCARD + c)
    assert {"type": "discard", "player": q, "card": s._card_json(q, c), "to": [q]} in s.events
    assert {"type": "discard_count", "player": q, "count": 1, "to": None} in s.events


def test_two_bandits_a_hidden_bandit_choice_is_told_to_its_player_only():
    # rulebook: ВАРИАНТ «ДВА БАНДИТА» (each player hides one of his two bandits in his hand:
    # it starts in the caboose); the others learn only that the choice is made
    from railtable.games.colt_express import GAME
    s = GAME.new_state(2, 2, {"random_bandits": True})
    assert s.phase == R.PH_HIDE
    p = s.current_player()
    hide = [a for a in legal_json(s) if a["type"] == "hide"][0]
    act(s, hide)
    assert {"type": "hide", "player": p, "bandit": hide["bandit"], "to": [p]} in s.events
    assert {"type": "hide_done", "player": p, "to": None} in s.events


def test_a_sampled_world_gives_the_seat_to_move_its_own_options():
    # a search bot's sampled world (determinize) of the last seat while seat 0 schemes: seat
    # 0's options are those of the hand it is given there
    import random
    s = next(s for s in map(lambda k: new(3, seed=k), range(50)) if s.cur == 0)
    for k in range(10):
        d = s.determinize(2, random.Random(k))
        plays = {a - R.PLAY for a in d.legal_actions() if R.PLAY <= a < R.PLAY + 12}
        assert plays == {c for c in d.hands[0] if c < 12}


# ------------------------------------------------ found by mutation testing, seed 51

@pytest.mark.parametrize("n, car, to", [(3, 0, 1), (3, 3, 2), (6, 0, 1), (6, 6, 5)])
def test_a_move_inside_from_either_end_of_the_train_goes_to_the_next_car(n, car, to):
    # rulebook: КАРТЫ ДЕЙСТВИЙ, ДВИЖЕНИЕ (inside, one car forward or back): from the
    # locomotive or the caboose the only way is the neighbouring car, with no question
    chars = ["doc", "cheyenne", "django", "tuco", "belle", "ghost"][:n]
    s = new(n, chars=chars, seed=1)
    clear_loot(s)
    for name in chars:
        place(s, name, 2, roof=True)
    s.marshal = s.W if car == 0 else 0  # at the other end, out of the way
    mover = "tuco" if n > 3 else "django"
    place(s, mover, car)
    stealin(s, [(mover, "move")])
    assert where(s, mover) == (to, False)
    assert {"type": "move", "bandit": mover, "from": car, "car": to, "roof": False,
            "to": None} in s.events
