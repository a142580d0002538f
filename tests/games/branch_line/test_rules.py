"""Branch Line's rules, each test naming the section of docs/games/branch_line.md (the
game's own rulebook) it checks, driven through legal_actions/apply."""

import pytest

from railtable.engine import IllegalAction

from .helpers import DRAW, STOCK_UP, G, contract, dealt, link, play


def test_setup_deals_two_secret_contracts_and_three_rails():
    # rulebook: Setup (two contracts face down, 3 rails, seat 1 begins)
    s = G.new_state(3, 5)
    for p in range(3):
        obs = s.observation(p)
        assert len(obs["contracts"]) == 2
        assert obs["contract_counts"] == [2, 2, 2]
        assert obs["rails"] == [3, 3, 3]
        assert obs["current_player"] == 0
        assert obs["deck"] == len(G.contract_points) - 6
    assert s.observation(None)["contracts"] is None


def test_build_pays_rails_and_scores_by_length():
    # rulebook: A turn, 1 (pay its length, score its points at once: 1 → 1, 2 → 2, 3 → 4)
    s = dealt()
    three = link("harbour", "junction")
    play(s, three)
    obs = s.observation(None)
    assert obs["owners"][three] == 0 and obs["rails"][0] == 0 and obs["scores"][0] == 4
    two = link("mill", "junction")
    play(s, two)
    obs = s.observation(None)
    assert obs["owners"][two] == 1 and obs["rails"][1] == 1 and obs["scores"][1] == 2


def test_a_link_longer_than_your_rails_or_already_built_is_refused():
    # rulebook: A turn, 1 (a free link whose length is at most your rails)
    s = dealt()
    play(s, STOCK_UP, link("mill", "quarry"))       # seat 0: 5 rails; seat 1 builds
    play(s, link("harbour", "junction"))             # seat 0: 2 rails left
    assert link("harbour", "bridge") not in s.legal_actions()   # length 3, seat 1 has 2
    with pytest.raises(IllegalAction, match="needs 3 rails"):
        s.apply(link("harbour", "bridge"))
    with pytest.raises(IllegalAction, match="already built"):
        s.apply(link("mill", "quarry"))


def test_stock_up_adds_two_never_beyond_eight_and_is_always_allowed():
    # rulebook: A turn, 2 (take 2 rails, never more than 8)
    s = dealt(rounds=16)
    seen = []
    for _ in range(4):
        play(s, STOCK_UP, STOCK_UP)
        seen.append(s.observation(0)["rails"][0])
    assert seen == [5, 7, 8, 8]
    assert STOCK_UP in s.legal_actions()


def test_draw_contract_is_secret_and_limited_to_four():
    # rulebook: A turn, 3 (while the deck lasts and you hold fewer than 4; you keep it)
    s = dealt(rounds=16)
    play(s, DRAW)
    mine, theirs = s.observation(0), s.observation(1)
    assert len(mine["contracts"]) == 3 and theirs["contract_counts"][0] == 3
    drawn = s.events[0]
    assert drawn["type"] == "draw_contract" and drawn["to"] == [0]
    assert all("contract" not in e for e in s.visible_events(1))
    play(s, STOCK_UP, DRAW, STOCK_UP)
    assert s.observation(0)["contract_counts"][0] == 4
    assert DRAW not in s.legal_actions()
    with pytest.raises(IllegalAction, match="at most 4"):
        s.apply(DRAW)


def test_game_ends_after_the_last_round():
    # rulebook: End and scoring (after the last round)
    s = dealt(players=3, rounds=4)
    for _ in range(3 * 4 - 1):
        play(s, STOCK_UP)
        assert not s.is_terminal()
    assert s.observation(None)["round"] == 4
    play(s, STOCK_UP)
    res = s.observation(None)["result"]
    assert s.is_terminal() and res["reason"] == "last_round"


def test_game_ends_at_once_when_every_link_is_built():
    # rulebook: End and scoring (or at once when every link is built)
    s = dealt(players=4, rounds=16)
    while not s.is_terminal():
        legal = s.legal_actions()
        builds = [a for a in legal if a < G.num_links]
        play(s, min(builds, key=lambda k: G.link_length[k]) if builds else STOCK_UP)
    obs = s.observation(None)
    assert obs["result"]["reason"] == "all_links_built"
    assert None not in obs["owners"] and obs["round"] < 16


def test_completed_contracts_score_and_open_ones_cost_their_points():
    # rulebook: End and scoring (link points, plus completed, minus not completed)
    done, failed = contract("harbour", "market"), contract("capital", "north_port")
    s = dealt(rounds=4, hands=[[done, failed], [contract("mill", "mine"),
                                                 contract("quarry", "spa")]])
    play(s, link("harbour", "mill"), STOCK_UP, link("mill", "market"))
    assert s.observation(0)["contracts"][0]["completed"] is True
    assert s.observation(0)["contracts"][1]["completed"] is False
    while not s.is_terminal():
        play(s, STOCK_UP)
    res = s.observation(None)["result"]
    links = 2 + 1
    assert res["scores"][0] == links + G.contract_points[done] - G.contract_points[failed]
    assert res["details"][0]["contracts_completed"] == 1
    assert res["details"][0]["contracts_failed"] == 1


def test_other_companies_track_does_not_complete_a_contract():
    # rulebook: End and scoring (other companies' track does not count)
    c = contract("harbour", "market")
    s = dealt(rounds=4, hands=[[c, contract("capital", "north_port")],
                               [contract("mill", "mine"), contract("quarry", "spa")]])
    play(s, link("harbour", "mill"), link("mill", "market"))
    assert s.observation(0)["contracts"][0]["completed"] is False


def test_tie_on_points_goes_to_more_completed_contracts_else_shared():
    # rulebook: End and scoring (most points; then most completed contracts; else shared)
    s = dealt(rounds=4, hands=[[contract("harbour", "market"), contract("quarry", "spa")],
                               [contract("capital", "north_port"), contract("mill", "bridge")]])
    play(s, link("harbour", "mill"), link("harbour", "junction"), link("mill", "market"),
         STOCK_UP, STOCK_UP, link("junction", "bridge"), STOCK_UP, STOCK_UP)
    res = s.result()
    # seat 1: links 2 + 1, harbour-market completed (4), quarry-spa failed (9): -2
    # seat 2: links 4 + 1, capital-north port (3) and mill-bridge (4) failed: -2
    assert res.scores == (-2.0, -2.0)
    assert [d["contracts_completed"] for d in res.details] == [1, 0]
    assert res.winners == (0,)
    # equal points and equal completed contracts: the win is shared
    s = dealt(rounds=4, hands=[[contract("capital", "north_port"), contract("market", "bridge")],
                               [contract("mill", "bridge"), contract("harbour", "market")]])
    while not s.is_terminal():
        play(s, STOCK_UP)
    res = s.result()
    assert res.scores == (-8.0, -8.0) and res.winners == (0, 1)
