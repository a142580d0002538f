"""What the table shows (the observation every player reads): the auction under way, the
new-city tiles and the bag, once-a-round cards used, the round and the score track in the
envelope, and the result's details. Found by mutation testing (docs/developing.md): parts
of the view no rule test read."""

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_CARD, A_PASS_BID, A_PASS_TURN, A_RAISE_MORE, A_TAKE_CARD, A_URB_CITY,
    A_URB_COLOUR, A_URBANIZE, A_USE_CARD, A_UPGRADE)
from tests.games.railways_of_the_world.helpers import M, fresh, give, set_cubes, to_turn


def test_faza1_the_auction_shows_the_bid_the_bidder_and_who_is_still_in():
    # rulebook: Фаза 1 (the last round's first player opens; each next player raises by at
    # least $1,000 or passes and is out): everyone sees the standing bid, its bidder, the
    # players still in, and who opened
    s = fresh(3, 1)
    s.first = s.opener = s.cur = 1
    for p in range(3):
        give(s, p, 10000)
    assert s.observation(None)["auction"] == {"bid": 0, "bidder": -1,
                                              "active": [True, True, True], "opener": 1}
    s.apply(A_BID + 1)          # seat 1: $2,000
    s.apply(A_PASS_BID)         # seat 2 is out
    obs = s.observation(2)
    assert obs["auction"] == {"bid": 2000, "bidder": 1, "active": [True, True, False],
                              "opener": 1}
    assert obs["current_player"] == 0
    s.apply(A_RAISE_MORE)       # seat 0: $5,000 more, and goes on raising
    obs = s.observation(None)
    assert obs["phase"] == "raise" and obs["current_player"] == 0
    assert obs["auction"]["bid"] == 7000 and obs["auction"]["bidder"] == 0
    s.apply(A_BID)              # ... $1,000 more: $8,000 in all
    obs = s.observation(None)
    assert obs["phase"] == "auction" and obs["current_player"] == 1
    assert obs["auction"] == {"bid": 8000, "bidder": 0, "active": [True, True, False],
                              "opener": 1}
    s.apply(A_PASS_BID)         # seat 1 is out: seat 0 wins and pays
    obs = s.observation(None)
    assert "auction" not in obs and obs["first_player"] == 0
    assert obs["players"][0]["cash"] == 10000 - 8000 and obs["players"][0]["notes"] == 0


def test_new_city_tiles_and_the_bag_as_the_table_shows_them():
    # rulebook: components (25 cubes of each of five colours, in the bag or on the cities;
    # new-city tiles) and Развитие города (a tile used, two cubes drawn from the bag); the
    # project's split of the twelve tiles: three of each colour but red
    s = to_turn(fresh(3, 6), 0)
    obs = s.observation(None)
    assert obs["new_city_tiles"] == {"yellow": 3, "blue": 3, "black": 3, "purple": 3}
    on_cities = [sum(c["cubes"][k] for c in obs["cities"]) for k in range(5)]
    assert [obs["bag"][k] + on_cities[k] for k in range(5)] == [25] * 5
    g = M.gray_cities[0]
    give(s, 0, 10000)
    s.apply(A_URBANIZE)
    s.apply(A_URB_COLOUR + 3)   # black
    s.apply(A_URB_CITY + g)
    after = s.observation(None)
    assert after["new_city_tiles"] == {"yellow": 3, "blue": 3, "black": 2, "purple": 3}
    assert sum(after["bag"]) == sum(obs["bag"]) - 2
    assert after["cities"][g]["colour"] == "black"


def test_a_once_a_round_card_shows_as_used_until_the_round_ends():
    # rulebook: Получение карты операции, purple diamond (once a round): the table shows the
    # card used this round, and free again in the next
    s = fresh(2, 8)
    c = GAME.card_id["government_subsidy"]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    to_turn(s, 0)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    assert s.observation(1)["players"][0]["used_this_round"] == []
    s.apply(A_USE_CARD + c)
    assert s.observation(1)["players"][0]["used_this_round"] == ["government_subsidy"]
    assert s.observation(1)["players"][0]["cards"] == ["government_subsidy"]
    for p in range(2):
        give(s, p, 100000)
    r = s.round
    while s.round == r:
        s.apply(A_UPGRADE if A_UPGRADE in s.legal_actions() else A_PASS_TURN)
    assert s.observation(1)["players"][0]["used_this_round"] == []
    assert s.observation(None)["round"] == r + 2  # rounds are counted from 1


def test_the_envelope_shows_the_score_track_and_the_result_its_details():
    # rulebook: ОКОНЧАНИЕ ИГРЫ (the income track's position, one point off per «1» note;
    # ties by links, then cash): the running scores are the track, the result details each
    # seat's parts
    s = to_turn(fresh(2, 4), 0)
    s.points = [7, 3]
    s.end_round = s.round
    assert s.observation(None)["scores"] == [7, 3]
    for p in range(2):
        give(s, p, 100000)
    while not s.is_terminal():
        s.apply(A_UPGRADE)
    obs = s.observation(None)
    assert obs["phase"] == "over" and obs["current_player"] is None
    res = s.result()
    assert res.reason == "empty_cities" and res.scores == (7.0, 3.0) and res.winners == (0,)
    d = res.details
    assert [x["score"] for x in d] == [7, 3] and [x["income_track"] for x in d] == [7, 3]
    assert [x["notes"] for x in d] == [0, 0] and [x["links"] for x in d] == [0, 0]
    assert [x["locomotive"] for x in d] == [p["locomotive"] for p in obs["players"]]
    assert [x["cash"] for x in d] == [p["cash"] for p in obs["players"]]


def test_a_game_stopped_before_its_end_is_scored_as_unfinished():
    # a game left before the rulebook's end (ОКОНЧАНИЕ ИГРЫ) is scored as it stands
    s = to_turn(fresh(3, 4), 0)
    s.points = [2, 5, 5]
    s.links_built = [0, 1, 2]
    res = s.result()
    assert res.reason == "unfinished" and res.winners == (2,)
    assert s.observation(None)["result"] is None and s.phase != R.PH_OVER


def _bag_left(s, left):
    """Move every cube in the bag but `left` (5 counts) onto the first non-gray city.
    Sets: cubes, bag."""
    c = next(x for x in range(M.num_cities) if s.city_colour[x] != R.GRAY)
    base = c * 5
    for k in range(5):
        s.cubes[base + k] += s.bag[k] - left[k]
        s.bag[k] = left[k]


def test_urbanizing_draws_from_what_the_bag_holds():
    # rulebook: Развитие города (two cubes drawn from the bag at random): a bag holding only
    # blue cubes gives two blue ones; a bag with one cube left gives that one (the project's
    # reading: fewer when the bag runs short, docs/games/railways_of_the_world.md)
    for left, want in (([0, 0, 4, 0, 0], [2, 2]), ([0, 0, 0, 0, 1], [4]),
                       ([1, 0, 0, 0, 0], [0])):
        s = to_turn(fresh(3, 6), 0)
        g = M.gray_cities[0]
        set_cubes(s, g, [0] * 5)
        _bag_left(s, left)
        give(s, 0, 10000)
        s.apply(A_URBANIZE)
        s.apply(A_URB_COLOUR + 1)
        s.apply(A_URB_CITY + g)
        urb = [e for e in s.events if e["type"] == "urbanize"]
        assert urb[0]["cubes"] == want, left
        obs = s.observation(None)
        assert obs["cities"][g]["cubes"] == [want.count(k) for k in range(5)]
        assert obs["bag"] == [left[k] - want.count(k) for k in range(5)]
