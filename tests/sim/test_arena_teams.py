"""The arena on a cooperative game: teams on the same deals, paired differences."""

import json
import math
import statistics

import pytest
from rich.console import Console

from railtable.games.switch_and_signal import GAME
from railtable.sim.arena import (ArenaLogError, deal_pairs, lineup, log_header, run_arena,
                                 team_pairs)
from railtable.sim.match import play_match
from railtable.sim.pool import Batch
from railtable.sim.ratings import paired_difference, wilson
from railtable.sim.report import print_arena
from tests.cli.helpers import assert_bad_input, run
from tests.sim.strength import strength_table

TEAMS = ["greedy", "random"]  # the cheap bots: a game takes milliseconds


def logged_games(log) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()[1:]]


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "timing"}  # thinking times vary


def test_a_team_batch_deals_each_seed_to_every_team_in_every_seat():
    b = Batch("x", 3, ("a", "b"), 10, 6, teams=True)
    assert [b.seed_for(i) for i in range(6)] == [10, 10, 11, 11, 12, 12]
    assert [b.seats_for(i) for i in range(3)] == [["a"] * 3, ["b"] * 3, ["a"] * 3]
    rotated = Batch("x", 2, ("a", "b"), 10, 4, rotate=True)  # unchanged without teams
    assert [rotated.seed_for(i) for i in range(3)] == [10, 11, 12]


def test_every_deal_is_played_by_both_teams_with_the_same_seed(tmp_path):
    log = tmp_path / "run.jsonl"
    report = run_arena(GAME, 3, TEAMS, 5, 3, log=log)
    header = json.loads(log.read_text().splitlines()[0])["arena"]
    assert header["teams"] is True and header["lineup"] == TEAMS
    games = logged_games(log)
    assert [g["seed"] for g in games] == [5, 5, 6, 6, 7, 7]
    assert [g["seats"] for g in games] == [[team] * 3 for team in TEAMS * 3]
    # the same game a plain match of that seed and those seats plays: the teams were paired
    g = games[2]
    alone = play_match(GAME, 3, g["seed"], g["seats"]).state.result()
    assert list(alone.winners) == g["result"]["winners"] and alone.scores == tuple(
        g["result"]["scores"])

    won = {(g["seats"][0], g["seed"]): bool(g["result"]["winners"]) for g in games}
    assert report["mode"] == "teams" and report["bots"] == TEAMS
    assert report["deals"] == 3 and report["games"] == 6 and report["errors"] == []
    for row, team in zip(report["ratings"], TEAMS):
        wins = sum(won[team, seed] for seed in (5, 6, 7))
        low, high = wilson(wins, 3)
        assert row == {"bot": team, "games": 3, "wins": wins, "win_rate": round(wins / 3, 4),
                       "win_rate_low": round(low, 4), "win_rate_high": round(high, 4)}
        assert "elo" not in row
    (pair,) = report["pairs"]
    d = [won["greedy", s] - won["random", s] for s in (5, 6, 7)]
    assert (pair["a"], pair["b"], pair["deals"]) == ("greedy", "random", 3)
    assert pair["only_a"] == d.count(1) and pair["only_b"] == d.count(-1)
    assert pair["both"] + pair["neither"] == d.count(0)
    assert pair["difference"] == round(sum(d) / 3, 4)
    assert set(report["timing"]) == set(TEAMS) and report["timing"]["greedy"]["decisions"] > 0


def test_a_team_run_cut_short_resumes_and_matches_one_uninterrupted_run(tmp_path):
    whole = run_arena(GAME, 3, TEAMS, 5, 3)
    log = tmp_path / "run.jsonl"
    run_arena(GAME, 3, TEAMS, 5, 2, log=log)  # two deals: four games
    lines = log.read_text().splitlines()
    assert len(lines) == 1 + 4
    # killed in the middle of deal 2: its second game torn while being written
    log.write_text("\n".join(lines[:4]) + '\n{"seed": 6, "ga')
    played, resumed = [], []
    rest = run_arena(GAME, 3, TEAMS, 5, 3, log=log, on_done=played.append,
                     on_resume=resumed.append)  # and extended to a third deal
    assert resumed == [3] and sum(played) == 3
    assert without_timing(rest) == without_timing(whole)
    assert [g["seed"] for g in logged_games(log)] == [5, 5, 6, 6, 7, 7]
    again = []  # nothing left to play
    assert without_timing(run_arena(GAME, 3, TEAMS, 5, 3, log=log,
                                    on_done=again.append)) == without_timing(whole)
    assert again == []


def test_a_team_log_and_a_log_of_rotated_seats_are_never_mixed(tmp_path):
    header = log_header(GAME, 3, TEAMS, 5)
    rotated = {k: v for k, v in header.items() if k != "teams"} | {
        "lineup": lineup(TEAMS, 3)}
    log = tmp_path / "old.jsonl"
    log.write_text(json.dumps({"arena": rotated}) + "\n")
    with pytest.raises(ArenaLogError, match="differs in: lineup, teams"):
        run_arena(GAME, 3, TEAMS, 5, 1, log=log)


def test_paired_difference_on_hand_made_deals():
    # 10 deals: A won 6, B won 2, both won 1 -> A only 5, B only 1, neither 3
    mean, low, high = paired_difference(5, 1, 10)
    d = [1] * 5 + [-1] + [0] * 4
    half = 1.96 * statistics.stdev(d) / math.sqrt(10)  # sample sd: sqrt(4.4 / 9)
    assert mean == pytest.approx(0.4)
    assert (low, high) == pytest.approx((0.4 - half, 0.4 + half))
    assert (low, high) == pytest.approx((-0.03337, 0.83337), abs=1e-5)
    assert paired_difference(0, 0, 0) is None
    assert paired_difference(1, 0, 1) == (1.0, -1.0, 1.0)  # one deal: no spread known
    assert paired_difference(0, 0, 4) == (0.0, 0.0, 0.0)  # every deal alike
    assert paired_difference(2, 0, 3)[2] == 1.0  # clipped to the possible range


def test_deals_are_paired_only_where_both_teams_finished():
    a = {1: True, 2: True, 3: False, 4: False, 5: True}  # deal 5: B's game failed
    b = {1: True, 2: False, 3: True, 4: False}
    assert deal_pairs(a, b) == {"deals": 4, "only_a": 1, "only_b": 1, "both": 1,
                                "neither": 1}
    (pair,) = team_pairs({"x": a, "y": b}, ["x", "y"])
    assert pair["a"] == "x" and pair["difference"] == 0.0
    assert pair["difference_low"] == -pair["difference_high"] < 0
    (none,) = team_pairs({"x": a}, ["x", "y"])  # y never finished a deal
    assert none["deals"] == 0 and none["difference"] is None


def test_print_arena_draws_the_teams_and_their_differences():
    report = run_arena(GAME, 3, TEAMS, 5, 3)
    console = Console(record=True, width=120)
    print_arena(report, console)
    text = " ".join(console.export_text().split())  # the title wraps to the table's width
    assert "3 deals × 2 teams of 3 seats, teams on the same deals, seed 5" in text
    assert "seats rotated" not in text and "Head to head" not in text
    pair = report["pairs"][0]
    assert f"{100 * pair['difference']:+.1f}" in text
    assert f"{pair['only_a']}/{pair['only_b']}/{pair['both']}/{pair['neither']}" in text
    assert "Thinking time" in text


def test_arena_command_plays_a_cooperative_game_by_teams(tmp_path):
    args = ("arena", "switch_and_signal", "--bots", "greedy,random", "-p", "3", "-n", "2",
            "--seed", "5", "--jobs", "1")
    shown = run(*args)
    assert shown.exit_code == 0, shown.output
    assert "teams on the same deals" in shown.stdout and "only" in shown.stdout
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["mode"] == "teams" and report["deals"] == 2 and report["games"] == 4
    assert "teams" in run("arena", "--help").stdout
    assert_bad_input(run("arena", "switch_and_signal", "--bots", "greedy,greedy", "-p", "3"),
                     "at least two different bots")
    assert_bad_input(run("arena", "switch_and_signal", "--bots", "greedy,nobody", "-p", "3"),
                     "nobody")


def test_strength_table_row_of_a_team_log(tmp_path):
    table = strength_table()
    log = tmp_path / "coop.jsonl"
    report = run_arena(GAME, 3, TEAMS, 5, 3, log=log)
    mine, other = report["ratings"]
    pair = report["pairs"][0]
    cells = [c.strip() for c in table.row(log).strip("|").split("|")]
    assert len(cells) == 9
    assert cells[:2] == ["switch_and_signal", "3"] and cells[3] == "3"
    assert cells[2] == (f"`greedy` team vs random team (won {other['wins']} of 3; "
                        f"greedy − random: {100 * pair['difference']:+.1f} points, 95% "
                        f"{100 * pair['difference_low']:+.1f} to "
                        f"{100 * pair['difference_high']:+.1f})")
    assert cells[4].startswith(f"{mine['wins']:g} (")
    assert cells[5] == f"{mine['win_rate_low']:.1%}-{mine['win_rate_high']:.1%}"


def test_worker_processes_play_the_same_team_games():
    pooled = run_arena(GAME, 3, TEAMS, 5, 2, jobs=2)
    assert without_timing(pooled) == without_timing(run_arena(GAME, 3, TEAMS, 5, 2))


def test_a_team_log_missing_one_teams_game_of_a_deal_plays_only_that_game(tmp_path):
    log = tmp_path / "run.jsonl"
    whole = run_arena(GAME, 3, TEAMS, 5, 3, log=log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:4] + lines[5:]) + "\n")  # deal 6 of team "random" out
    played = []
    again = run_arena(GAME, 3, TEAMS, 5, 3, log=log, on_done=played.append)
    assert sum(played) == 1
    last = logged_games(log)[-1]
    assert last["seed"] == 6 and last["seats"] == ["random"] * 3
    assert without_timing(again) == without_timing(whole)
