"""Rule tests for money, the auction, Major Lines and the round's turn count (issue #26)."""

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_CARD, A_NOTE, A_PASS_BID, A_PASS_TURN, A_RAISE_MORE, A_STEP,
    A_TAKE_CARD)
from railtable.games.railways_of_the_world.bot import HeuristicBot
from tests.games.railways_of_the_world.helpers import (
    M, build_link, fresh, give, near_pairs, route, to_turn)


def test_faza1_only_the_auction_winner_pays_with_new_notes_when_short():
    # rulebook: ФАЗА 1 (the winner pays his bid in cash or takes new notes to pay it; the
    # players outbid pay nothing)
    s = fresh(3, 1)
    give(s, 1, 2000)
    s.apply(A_BID + 2)                  # seat 0: $3,000 with no cash
    s.apply(A_RAISE_MORE)               # seat 1: $8,000 ...
    s.apply(A_BID)                      # ... $9,000, with $2,000 in hand
    s.apply(A_PASS_BID)                 # seat 2
    s.apply(A_PASS_BID)                 # seat 0: seat 1 wins
    assert s.phase == R.PH_TURN and s.first == 1 and s.order == [1, 2, 0]
    # $7,000 short: two $5,000 notes, $3,000 left over
    assert s.notes == [0, 2, 0]
    assert s.cash == [0, 3000, 0]
    assert s.bank + sum(s.cash) == 0
    assert any(e["type"] == "notes" and e["player"] == 1 and e["count"] == 2 for e in s.events)
    # a winner with the cash pays in cash
    s = fresh(2, 1)
    give(s, 1, 10000)
    s.apply(A_BID)
    s.apply(A_BID + 4)                  # seat 1: $6,000
    s.apply(A_PASS_BID)
    assert s.first == 1 and s.notes == [0, 0] and s.cash == [0, 4000]


def test_variant2_a_passer_short_of_half_his_bid_pays_with_notes():
    # rulebook: ВАРИАНТЫ ИГРЫ, Вариант 2 (a passer pays half his bid) with ФАЗА 1 (bids are
    # not bounded by cash; what is paid may be paid with new notes)
    s = fresh(2, 1, variant2=True)
    s.apply(A_BID + 3)                  # seat 0: $4,000, no cash
    s.apply(A_BID + 4)                  # seat 1: $9,000
    s.apply(A_PASS_BID)                 # seat 0 pays $2,000: one note
    assert s.notes[0] == 1 and s.cash[0] == s.note_value - 2000
    assert s.notes[1] == 2 and s.cash[1] == 2 * s.note_value - 9000


def test_dengi_i_zaimy_notes_at_any_moment_of_ones_turn_any_number():
    # rulebook: ДЕНЬГИ И ЗАЙМЫ (any number of notes at any moment of one's turn; taking one
    # is not an action)
    s = to_turn(fresh(3, 1), 0)
    give(s, 0, 50000)                   # every payment is in reach, notes are still offered
    for k in range(1, 4):
        assert A_NOTE in s.legal_actions()
        s.apply(A_NOTE)
        assert s.notes[0] == k and s.current_player() == 0 and s.phase == R.PH_TURN
    assert s.cash[0] == 50000 + 3 * s.note_value
    s.apply(A_BUILD)
    s.apply(s.legal_actions()[0])
    legal = s.legal_actions()
    assert A_NOTE in legal and any(A_STEP <= a < A_STEP + 6 for a in legal)
    s.apply(A_NOTE)                     # while building too
    assert s.notes[0] == 4 and s.phase == R.PH_BUILD


def test_faza2_notes_are_optional_a_player_without_money_may_pass():
    # rulebook: ФАЗА 2 (one of five actions) with ДЕНЬГИ И ЗАЙМЫ (notes are a free choice;
    # only ФАЗА 3's interest forces them): with no money, nothing to deliver and no card to
    # take, the turn may end without a note
    s = to_turn(fresh(3, 1), 0)
    s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
    s._legal = None
    legal = s.legal_actions()
    assert A_BUILD in legal and A_NOTE in legal    # building on credit stays possible
    assert A_PASS_TURN in legal
    s.apply(A_PASS_TURN)
    assert s.notes == [0, 0, 0] and s.current_player() == 1
    assert {"type": "pass_turn", "player": 0, "to": None} in s.events
    # with the cash for a tile the build is possible without a note: no pass then
    s = to_turn(fresh(3, 1), 0)
    s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
    give(s, 0, 4000)
    assert A_PASS_TURN not in s.legal_actions()
    # a build begun without the cash for a tile is never chosen for the player: he may
    # borrow, and the only way on is his own choice of a note
    s = to_turn(fresh(3, 1), 0)
    s.apply(A_BUILD)
    s.apply(s.legal_actions()[0])
    assert s.legal_actions() == [A_NOTE]


def _major_line_position():
    """Two players; seat 1 owns links joining the cities of a Major Line card still in the
    deck (on top), and it is seat 0's last turn of the round with a card to take."""
    s = fresh(2, 5)
    c = GAME.card_id["major_line_chicago_st_louis"]
    a, b = GAME.card_params[c]["city_ids"][M.id]
    if c in s.display:
        s.display.remove(c)
    else:
        s.deck.remove(c)
    s.deck.append(c)                    # the next card to come out
    r = route(s, 1, a, b)
    assert r is not None
    build_link(s, 1, a, b)              # joined before the card is in play
    assert s.points[1] == 0 and c in s.deck
    to_turn(s, 1)
    s.order = [1, 0]
    s.pos, s.turn = 1, 2                # seat 0's last turn of the round
    s._legal = None
    return s, c, a, b


def test_major_line_already_joined_when_its_card_comes_out_is_awarded_then():
    # rulebook: Получение карты операции, green circle (the reward goes to the player who
    # meets the condition once the card is in play): a line already joined is met the
    # moment the card comes out
    s, c, a, b = _major_line_position()
    pts = GAME.card_params[c]["points"]
    takeable = [x for x in s.display if GAME.card_kind[x] != R.K_CONDITION]
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + takeable[0])  # the round ends; the card comes out
    assert s.round == 1 and s.phase == R.PH_AUCTION
    assert s.points[1] == pts and c in s.discard and c not in s.display
    assert any(e["type"] == "card_reward" and e["player"] == 1 and e["card"] == c
               for e in s.events)


def test_major_line_not_paid_for_a_later_unrelated_link():
    # rulebook: Получение карты операции, green circle (the reward is for meeting the
    # card's condition, not for any link built while it lies face up)
    s, c, a, b = _major_line_position()
    takeable = [x for x in s.display if GAME.card_kind[x] != R.K_CONDITION]
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + takeable[0])
    after_reveal = s.points[1]
    # seat 1 builds a link touching neither city of the card
    x, y = next((x, y) for x, y in near_pairs(2, 3) if {x, y}.isdisjoint({a, b})
                and route(s, 1, x, y) is not None)
    build_link(s, 1, x, y)
    assert s.points[1] == after_reveal
    assert s.discard.count(c) == 1


def test_major_line_joined_by_two_goes_to_the_first_to_join():
    # rulebook: Получение карты операции, green circle (one reward, to the player who met the
    # condition first; our reading for a card that comes out met by several)
    s, c, a, b = _major_line_position()
    build_link(s, 0, a, b)              # seat 0 joins them too, later
    to_turn(s, 1)
    s.order = [1, 0]
    s.pos, s.turn = 1, 2
    s._legal = None
    takeable = [x for x in s.display if GAME.card_kind[x] != R.K_CONDITION]
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + takeable[0])
    assert s.points[1] == GAME.card_params[c]["points"] and s.points[0] == 0


def test_hod_igry_turn_count_starts_again_with_each_round():
    # rulebook: ФАЗА 2 (three turns a round, counted on the round track) and ФАЗА 3 (the
    # marker goes back to «1» before the next round): the next auction shows turn 1 of 3
    s = fresh(2, 3)
    bots = [HeuristicBot(0, 1), HeuristicBot(1, 2)]
    while s.round == 0:
        s.apply(bots[s.current_player()].act(s))
    assert s.phase == R.PH_AUCTION
    obs = s.observation(None)
    assert obs["round"] == 2 and obs["turn"] == 1
    text = GAME.render_text(obs, "en")
    assert "1/3" in text and "4/3" not in text
    while not s.is_terminal():
        s.apply(bots[s.current_player()].act(s))
    assert s.observation(None)["turn"] == 3             # the game ends after turn 3 of 3


def _unrelated_link(s, p, a, b):
    """Seat p builds a link touching neither city a nor b."""
    x, y = next((x, y) for x, y in near_pairs(2, 3) if {x, y}.isdisjoint({a, b})
                and route(s, p, x, y) is not None)
    build_link(s, p, x, y)


def test_major_line_coming_out_goes_to_who_joined_it_not_to_the_first_builder():
    # rulebook: Получение карты операции, green circle (the reward goes to the player who
    # meets the condition): seat 0 built the game's first link elsewhere, seat 1 joined the
    # card's cities; when the card comes out, seat 1 scores it, seat 0 nothing
    s = fresh(2, 5)
    c = GAME.card_id["major_line_chicago_st_louis"]
    a, b = GAME.card_params[c]["city_ids"][M.id]
    if c in s.display:
        s.display.remove(c)
    else:
        s.deck.remove(c)
    s.deck.append(c)
    _unrelated_link(s, 0, a, b)
    build_link(s, 1, a, b)
    to_turn(s, 1)
    s.order = [1, 0]
    s.pos, s.turn = 1, 2                # seat 0's last turn of the round
    s._legal = None
    takeable = [x for x in s.display if GAME.card_kind[x] != R.K_CONDITION]
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + takeable[0])
    assert s.round == 1
    rewards = [(e["player"], e["card"]) for e in s.events if e["type"] == "card_reward"]
    assert rewards == [(1, c)]
    assert s.observation(None)["players"][0]["points"] == 0


def test_major_line_coming_out_unmet_stays_face_up():
    # rulebook: Получение карты операции, green circle (rewarded only once its condition is
    # met): a card whose cities nobody has joined comes out and stays on the table
    s = fresh(2, 5)
    c = GAME.card_id["major_line_chicago_st_louis"]
    a, b = GAME.card_params[c]["city_ids"][M.id]
    if c in s.display:
        s.display.remove(c)
    else:
        s.deck.remove(c)
    s.deck.append(c)
    _unrelated_link(s, 0, a, b)
    to_turn(s, 1)
    s.order = [1, 0]
    s.pos, s.turn = 1, 2
    s._legal = None
    takeable = [x for x in s.display if GAME.card_kind[x] != R.K_CONDITION]
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + takeable[0])
    assert s.round == 1
    assert not [e for e in s.events if e["type"] == "card_reward"]
    obs = s.observation(None)
    assert GAME.cards[c]["key"] in obs["display"]
    assert [p["points"] for p in obs["players"]] == [0, 0]
