"""The 2-bandits-per-player rules and the expert variant."""

from collections import Counter

from railtable.games.colt_express import GAME
from railtable.games.colt_express import rules as R

from .helpers import (act, cards_of, clear_loot, legal_json, new, place, set_turns, slot,
                      stealin)


def test_two_players_always_two_bandits_three_cars():
    # rulebook: ОСОБЫЕ ПРАВИЛА ИГРЫ: 2 БАНДИТА НА ИГРОКА, ПОДГОТОВКА К ИГРЕ
    s = GAME.new_state(2, 1)
    assert s.two and s.nb == 4 and s.W == 3
    assert all(c in range(7) for c in s.rcards)  # the 2-4 cards
    t = GAME.new_state(3, 1, {"two_bandits": True})
    assert t.two and t.nb == 6 and t.W == 4
    assert not GAME.new_state(3, 1).two


def test_teams_pair_leaders_with_partners_and_are_chosen():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ПОДГОТОВКА (Ghost, Doc, Belle each get a random partner)
    for seed in range(10):
        s = GAME.new_state(2, seed)
        leaders = sorted(R.BANDITS[a] for a, _ in s.teams)
        partners = sorted(R.BANDITS[b] for _, b in s.teams)
        assert leaders == ["belle", "doc", "ghost"]
        assert partners == ["cheyenne", "django", "tuco"]
    s = GAME.new_state(2, 3)
    assert s.phase == R.PH_TEAM and len(s._legal) == 3
    act(s, {"type": "choose_team", "team": 2})
    assert len(s._legal) == 2 and R.TEAM + 2 not in s._legal


def test_eleven_cards_and_hidden_start():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ПОДГОТОВКА (11 cards; figures hidden in the hands)
    s = GAME.new_state(2, 4)
    act(s, {"type": "choose_team", "team": 0})
    act(s, {"type": "choose_team", "team": 1})
    assert s.phase == R.PH_HIDE
    for p in range(2):
        assert Counter(s.decks[p]) == Counter([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    seat0 = [R.BANDITS[s.char[0]], R.BANDITS[s.char[1]]]
    act(s, {"type": "hide", "bandit": seat0[1]})
    # the choice is hidden from the other seat until both have chosen
    assert s.observation(1)["hidden"] == {"chosen": [True, False], "yours": None}
    assert s.observation(0)["hidden"]["yours"] == seat0[1]
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    # left hand -> last car, right hand -> the car before it
    assert s.pos[1] == 3 * 2 and s.pos[0] == 2 * 2
    assert s.pos[2] == 3 * 2 and s.pos[3] == 2 * 2


def test_card_chosen_before_the_draw():
    # rulebook: ОСОБЫЕ ПРАВИЛА, НАЧАЛО РАУНДА (one card chosen, then 6 drawn; Doc 7 more)
    s = GAME.new_state(2, 6, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    assert s.phase == R.PH_CHOOSE and s.cur == s.first
    assert len(legal_json(s)) == 11
    p = s.cur
    act(s, {"type": "choose_card", "card": "marshal", "bandit": R.BANDITS[s.char[2 * p]]})
    act(s, legal_json(s)[0])
    assert s.phase == R.PH_SCHEME
    assert R.MARSHAL in s.hands[p]
    for q in range(2):
        assert len(s.hands[q]) == 7 + (q == s.doc_seat)


def _team_scheme(seed=2, turns=(R.NORMAL,)):
    s = GAME.new_state(2, seed, {"random_bandits": True})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[0]]})
    act(s, {"type": "hide", "bandit": R.BANDITS[s.char[2]]})
    while s.phase == R.PH_CHOOSE:
        s.apply(s.legal_actions()[0])
    set_turns(s, turns)
    return s


def test_fire_chain():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ОБЩЕЕ ПРАВИЛО (after a Fire, one card of the other bandit)
    s = _team_scheme()
    p = s.cur
    s.hands[p] = [2, 8, 6 + 3, 5, 0]  # Fire (first), Fire (second), Punch (second), Marshal, Move
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.phase == R.PH_CHAIN and s.cur == p
    opts = legal_json(s)
    assert {"type": "pass"} in opts and len(opts) == 3  # second bandit's Fire or Punch only
    assert all(d.get("bandit") == R.BANDITS[s.char[2 * p + 1]] for d in opts[1:])
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p + 1]]})
    # a second Fire gives no third card
    assert s.phase == R.PH_SCHEME and s.cur != p
    assert len(s.pile) == 2 and s.observation(1 - p)["pile"][1]["chained"]


def test_no_chain_on_tunnel_turn():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ОБЩЕЕ ПРАВИЛО (only during a standard turn)
    s = _team_scheme(turns=(R.TUNNEL,))
    p = s.cur
    s.hands[p] = [2, 8, 9]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.phase == R.PH_SCHEME and s.cur != p


def test_chain_question_reveals_nothing():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ОБЩЕЕ ПРАВИЛО: after a face-up Fire the question is asked
    # even with no partner card in hand (its absence would tell the others)
    s = _team_scheme()
    p = s.cur
    s.hands[p] = [2, 0, 1]  # only the first bandit's cards
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p]]})
    assert s.phase == R.PH_CHAIN and legal_json(s) == [{"type": "pass"}]
    act(s, {"type": "pass"})
    assert s.cur != p


def test_team_gunslinger_ignores_friendly_fire():
    # rulebook: ОСОБЫЕ ПРАВИЛА, КОНЕЦ ИГРЫ (shots at your own bandits do not count)
    s = new(2, seed=3)
    clear_loot(s)
    a, b = R.BANDITS[s.char[0]], R.BANDITS[s.char[1]]
    c, d = R.BANDITS[s.char[2]], R.BANDITS[s.char[3]]
    place(s, a, 1)
    place(s, b, 2)
    place(s, c, 3, roof=True)
    place(s, d, 3, roof=True)
    stealin(s, [(a, "fire")])
    if s.phase == R.PH_FIRE:
        act(s, {"type": "fire", "target": b})
    assert s.recv[0] == 1 and s.fired == [0, 0]
    r = s.result()
    assert all(x["gunslinger"] for x in r.details)
    s.fired = [0, 1]
    assert [x["gunslinger"] for x in s.result().details] == [False, True]
    assert s.result().details[0]["bandit"] == f"{a}+{b}"


def test_team_ghost_face_down_and_doc_eight():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ПЕРСОНАЖИ (Ghost's board: any card face down on the first turn)
    for seed in range(100):  # a deal with the Ghost on the seat to move, and Doc in play
        s = _team_scheme(seed=seed)
        if s.ghost_seat == s.cur and s.doc_seat >= 0:
            break
    else:
        raise AssertionError("no deal puts the Ghost first with Doc in play")
    p = s.cur
    downs = [d for d in legal_json(s) if d.get("face_down")]
    bandits = {d["bandit"] for d in downs}
    assert bandits == {R.BANDITS[s.char[2 * p]], R.BANDITS[s.char[2 * p + 1]]}
    assert len(s.hands[s.doc_seat]) == 8
    # a face-down Fire may still be followed by a partner card; any face-down card gets the
    # question, so others cannot tell a Fire from the question alone
    s.hands[p] = [2, 8, 9, 0]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "move", "bandit": R.BANDITS[s.char[2 * p]],
            "face_down": True})
    assert s.phase == R.PH_CHAIN and legal_json(s) == [{"type": "pass"}]
    act(s, {"type": "pass"})
    s2 = _team_scheme(seed=seed)
    s2.hands[p] = [2, 8, 9, 0]
    s2._legal = s2._scheme_legal()
    act(s2, {"type": "play", "card": "fire", "bandit": R.BANDITS[s2.char[2 * p]],
             "face_down": True})
    assert len(legal_json(s2)) == 3
    act(s2, {"type": "play", "card": "punch", "bandit": R.BANDITS[s2.char[2 * p + 1]]})
    obs = s2.observation(1 - p)
    assert obs["pile"][0]["card"] is None and obs["pile"][1]["chained"]


def test_expert_discard_pile():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ
    s = new(3, seed=5, expert=True)
    p = s.cur
    s.hands[p].append(R.NEUTRAL)
    set_turns(s, (R.NORMAL,))
    act(s, {"type": "draw"})
    while s.phase == R.PH_SCHEME:
        s.apply(s.legal_actions()[0])
    # bullets are discarded, the rest may be kept or discarded one by one
    assert s.phase == R.PH_DISCARD
    assert R.NEUTRAL in s.discards[p] and R.NEUTRAL not in s.hands[p]
    q = s.cur
    n = len(s.hands[q])
    act(s, legal_json(s)[1])
    assert len(s.hands[q]) == n - 1 and len(s.discards[q]) >= 1
    while s.phase == R.PH_DISCARD:
        act(s, {"type": "pass"})
    # played cards go to the discard pile; hands are kept and refilled to 6 (Doc 7)
    assert s.round_no == 1
    for x in range(3):
        # a hand kept larger than 6 is not cut (the rulebook sets no limit)
        assert len(s.hands[x]) >= 6 + (x == s.doc_seat)
        assert Counter(c for c in cards_of(s, x) if c < 12) == Counter(
            {0: 2, 1: 2, 2: 2, 3: 1, 4: 2, 5: 1})


def test_expert_bullets_on_top_and_reshuffle():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (bullets go face down on top of the deck; empty deck:
    # shuffle the discard pile)
    s = new(3, chars=["doc", "tuco", "django"], seed=5, expert=True)
    clear_loot(s)
    place(s, "tuco", 2)
    place(s, "django", 3)
    place(s, "doc", 0, roof=True)
    stealin(s, [("tuco", "fire")])
    # the bullet lay on top of Django's deck, so the next round's draw took it, in view of all
    d = slot(s, "django")
    bullet = 13 + slot(s, "tuco")
    assert s.round_no == 1 and bullet in s.hands[d] and s.hknown[d] == (bullet,)
    s2 = new(3, seed=5, expert=True)
    p = s2.cur
    s2.discards[p] = s2.decks[p][:]
    s2.decks[p] = [1]
    s2._legal = s2._scheme_legal()
    act(s2, {"type": "draw"})
    assert len(s2.hands[p]) == 6 + (p == s2.doc_seat) + 3


def test_expert_known_bullets_stay_known_when_determinizing():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (bullets received go face down on top of the deck)
    import random
    s = new(3, seed=5, expert=True)
    p = s.cur
    q = (p + 1) % 3
    s.decks[q] += [R.NEUTRAL, 13 + p]
    s.dknown[q] = 2
    act(s, {"type": "draw"} if s.cur == q else legal_json(s)[1])
    while s.cur != q:
        s.apply(s.legal_actions()[-1])
    act(s, {"type": "draw"})
    assert sorted(s.hknown[q]) == sorted([13 + p, R.NEUTRAL]) and s.dknown[q] == 0
    for k in range(20):
        d = s.determinize(p, random.Random(k))
        assert R.NEUTRAL in d.hands[q] and 13 + p in d.hands[q]


def test_expert_a_known_bullet_left_on_top_after_a_draw_stays_on_top_when_determinizing():
    # rulebook: ВАРИАНТ ДЛЯ ЭКСПЕРТОВ (bullets received go face down on top of the deck, in
    # view of all; a draw takes three cards from the top): of four bullets everyone saw laid
    # there, a draw takes three and the fourth is still known to be the top card.
    # Builder: sets the deck of seat q (four bullets on top) and dknown[q], the count of
    # bullets on top of it that everyone saw laid there
    import random
    s = new(3, seed=5, expert=True)
    p = s.cur
    q = (p + 1) % 3
    top = [R.NEUTRAL, 13 + p, R.NEUTRAL, 13 + p]
    s.decks[q] += top
    s.dknown[q] = 4
    act(s, {"type": "draw"} if s.cur == q else legal_json(s)[1])
    while s.cur != q:
        s.apply(s.legal_actions()[-1])
    act(s, {"type": "draw"})
    assert sorted(s.hknown[q]) == sorted(top[1:]) and s.decks[q][-1] == top[0]
    for k in range(20):
        d = s.determinize(p, random.Random(k))
        assert d.decks[q][-1] == R.NEUTRAL and sorted(top[1:]) == sorted(
            c for c in d.hands[q] if c >= 12)


def test_determinize_keeps_a_face_down_fire_revealed_by_its_partner_card():
    # rulebook: ОСОБЫЕ ПРАВИЛА, ПЕРСОНАЖИ (a face-down Fire may be followed by another card)
    import random
    for seed in range(100):  # a deal with the Ghost on the seat to move, and Doc in play
        s = _team_scheme(seed=seed)
        if s.ghost_seat == s.cur and s.doc_seat >= 0:
            break
    else:
        raise AssertionError("no deal puts the Ghost first with Doc in play")
    p = s.cur
    s.hands[p] = [2, 8, 9, 0, 1]
    s._legal = s._scheme_legal()
    act(s, {"type": "play", "card": "fire", "bandit": R.BANDITS[s.char[2 * p]],
            "face_down": True})
    act(s, {"type": "play", "card": "punch", "bandit": R.BANDITS[s.char[2 * p + 1]]})
    for k in range(30):
        d = s.determinize(1 - p, random.Random(k))
        assert d.pile[0] & 15 == 2 and d.pile[0] & 16
