"""The heuristic bot against the random bot (acceptance: at least 90% of 2-player games)."""

from railtable.games.railways_of_the_world import GAME
from railtable.sim.match import play_match


def test_heuristic_beats_random_in_two_player_games_seats_rotated():
    games, wins = 40, 0
    for seed in range(games):
        seat = seed % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic"
        m = play_match(GAME, 2, 1000 + seed, bots)
        assert m.state.result().reason == "empty_cities"
        wins += seat in m.state.result().winners
    assert wins >= 0.9 * games


def test_heuristic_games_end_for_every_player_count():
    for n in (3, 5, 6):
        m = play_match(GAME, n, 50 + n, ["heuristic"] * n)
        res = m.state.result()
        assert res.reason == "empty_cities" and res.winners
        assert sum(d["links"] for d in res.details) > 0


def test_a_fresh_bot_plans_a_build_it_did_not_choose_itself():
    # A search bot (or a person) chooses "build"; the heuristic then asked where to start
    # (as MCTS asks it, with no plan of its own) plans the build instead of picking at random.
    from railtable.games.railways_of_the_world import rules as R
    from railtable.games.railways_of_the_world.actions import A_BUILD
    from railtable.games.railways_of_the_world.bot import HeuristicBot
    checked = 0
    for seed in range(6):
        s = GAME.new_state(2, seed, record_events=False)
        bots = [HeuristicBot(p, seed) for p in range(2)]
        while s.current_player() >= 0 and checked <= seed:
            p = s.current_player()
            a = bots[p].act(s)
            s.apply(a)
            if a == A_BUILD and s.phase == R.PH_BUILD_START and len(s.legal_actions()) > 2:
                planned = bots[p].act(s)
                answers = {HeuristicBot(p, k).act(s) for k in range(5)}
                assert answers == {planned}
                checked += 1
    assert checked >= 3
