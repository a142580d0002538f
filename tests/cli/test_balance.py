"""railtable balance: each seat's win rate per player count, checked against the games
`railtable simulate` plays with the same seeds, the table, the plot and bad input."""

import json

import pytest

import tests.sim.toys  # noqa: F401  (registers toy_coop)
from railtable.sim.summary import wilson
from tests.cli.helpers import assert_bad_input, read_jsonl, run


def balance_json(*args):
    result = run("balance", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_rates_agree_with_the_games_simulate_plays(tmp_path):
    report = balance_json("toy", "-p", "2-3", "-n", "50", "--seed", "4", "--bot", "random",
                          "--jobs", "1")
    assert report["game"] == "toy" and report["bot"] == "random"
    assert [r["players"] for r in report["rows"]] == [2, 3]
    for row in report["rows"]:
        n = row["players"]
        out = tmp_path / f"{n}.jsonl"
        done = run("simulate", "toy", "-p", n, "-n", 50, "--seed", 4, "--bots", "random",
                   "--jobs", 1, "--out", out)
        assert done.exit_code == 0, done.output
        wins = [0.0] * n
        for line in read_jsonl(out):
            w = line["result"]["winners"]
            for p in w:
                wins[p] += 1 / len(w)
        assert row["games"] == 50 and row["fair"] == pytest.approx(1 / n)
        assert [s["seat"] for s in row["seats"]] == list(range(n))
        for s in row["seats"]:
            assert s["wins"] == pytest.approx(wins[s["seat"]])
            assert s["win_rate"] == pytest.approx(wins[s["seat"]] / 50)
            assert s["ci95"] == pytest.approx(list(wilson(s["wins"], 50)))
            assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
            assert s["gap"] == pytest.approx(s["win_rate"] - 1 / n)
            assert s["within"] == (abs(s["gap"]) <= 0.05 + 1e-9)
        assert row["fair_seats"] == all(s["within"] for s in row["seats"])
        assert row["nobody"] == pytest.approx(50 - sum(wins))


def test_every_player_count_by_default_table_and_plot(tmp_path):
    png = tmp_path / "seats.png"
    result = run("balance", "toy", "-n", "12", "--jobs", "1", "--plot", png)
    assert result.exit_code == 0, result.output
    for n in (2, 3, 4):  # the toy game takes 2-4 players
        assert f"{n} players, 12 games" in result.stdout
    assert "within" in result.stdout and "95% interval" in result.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cooperative_game_reports_the_team():
    report = balance_json("toy_coop", "-p", "2", "-n", "20", "--jobs", "1")
    row = report["rows"][0]
    assert row["cooperative"] and row["seats"] == [] and row["fair"] is None
    assert 0 <= row["team"]["win_rate"] <= 1 and row["team"]["wins"] <= 20


@pytest.mark.parametrize("args, fragment", [
    (["nosuchgame"], "unknown game"),
    (["toy", "-p", "5"], "2-4 players, not 5"),
    (["toy", "-p", "3-2"], "empty"),
    (["toy", "-p", "two"], "not a number"),
    (["toy", "--bot", "random,random"], "one bot spec"),
    (["toy", "--bot", "nosuchbot"], "nosuchbot"),
    (["toy", "--options", "{"], "--options"),
    (["toy", "-n", "0"], "-n"),
])
def test_bad_input_is_one_error_line(args, fragment):
    assert_bad_input(run("balance", *args), fragment)


def test_plot_into_a_missing_folder_is_refused(tmp_path):
    assert_bad_input(run("balance", "toy", "--plot", tmp_path / "no" / "x.png"), "--plot")
