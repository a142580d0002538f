"""railtable simulate on the toy games: the summary agrees with the games it wrote."""

import json
import statistics
from collections import Counter

import pytest

import tests.sim.toys  # noqa: F401  (registers toy_coop and toy_crash)
from railtable.sim.summary import wilson
from tests.cli.helpers import read_jsonl, run


def simulate_json(*args):
    result = run("simulate", *args, "--json")
    return result, json.loads(result.stdout) if result.stdout.strip() else None


def test_summary_equals_a_recomputation_from_the_lines(tmp_path):
    out = tmp_path / "games.jsonl"
    result, summary = simulate_json("toy", "-p", "3", "-n", "60", "--seed", "5", "--bots",
                                    "random", "--jobs", "1", "--out", out)
    assert result.exit_code == 0, result.output
    lines = read_jsonl(out)
    assert [line["seed"] for line in lines] == list(range(5, 65))
    assert all(line["seats"] == ["random"] * 3 and line["options"] == {"decisions": 12}
               for line in lines)
    assert summary["games"] == 60 and summary["errors"] == []
    wins = [0.0] * 3
    ties = [0] * 3
    for line in lines:
        w = line["result"]["winners"]
        for p in w:
            wins[p] += 1 / len(w)
            ties[p] += len(w) > 1
    assert any(ties), "the sample should hold a tie to check how ties count"
    for p, row in enumerate(summary["per_seat"]):
        scores = [line["result"]["scores"][p] for line in lines]
        assert row["wins"] == pytest.approx(wins[p])
        assert row["win_rate"] == pytest.approx(wins[p] / 60)
        assert row["ties"] == ties[p]
        assert row["score"]["mean"] == pytest.approx(statistics.mean(scores))
        assert row["score"]["std"] == pytest.approx(statistics.stdev(scores))
        details = summary["details"]["numbers"]["score"][p]
        assert details["mean"] == pytest.approx(statistics.mean(scores))
    assert sum(r["wins"] for r in summary["per_seat"]) == pytest.approx(60)
    assert summary["reasons"] == dict(Counter(line["result"]["reason"] for line in lines))
    assert summary["decisions_per_game"]["mean"] == pytest.approx(
        statistics.mean(line["decisions"] for line in lines))
    assert summary["games_per_s"] > 0


def test_jobs_do_not_change_the_games(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    common = ["toy", "-p", "4", "-n", "40", "--seed", "3", "--bots",
              "random,random,random,random", "--records"]
    assert run("simulate", *common, "--jobs", "1", "--out", one).exit_code == 0
    assert run("simulate", *common, "--jobs", "2", "--out", two).exit_code == 0
    assert one.read_text() == two.read_text()
    assert len(read_jsonl(one)) == 40


def test_a_crash_loses_only_its_game(tmp_path):
    out = tmp_path / "games.jsonl"
    result, summary = simulate_json("toy_crash", "-p", "2", "-n", "12", "--jobs", "1",
                                    "--out", out)
    assert result.exit_code == 1
    lines = read_jsonl(out)
    crashed = [line["seed"] for line in lines if "error" in line]
    assert crashed and len(crashed) < 12
    assert [e["seed"] for e in summary["errors"]] == crashed
    assert all("ZeroDivisionError: boom in apply" == e["error"] for e in summary["errors"])
    assert summary["games"] == 12 - len(crashed)
    assert "boom in apply" in lines[[line["seed"] for line in lines].index(crashed[0])][
        "traceback"]
    table = run("simulate", "toy_crash", "-p", "2", "-n", "12", "--jobs", "1")
    assert table.exit_code == 1
    assert "failed" in table.stdout and "boom in apply" in table.stdout


def test_cooperative_summary_reports_the_team(tmp_path):
    out = tmp_path / "games.jsonl"
    result, summary = simulate_json("toy_coop", "-p", "3", "-n", "50", "--jobs", "1",
                                    "--out", out)
    assert result.exit_code == 0, result.output
    lines = read_jsonl(out)
    won = sum(1 for line in lines if line["result"]["winners"])
    assert 0 < won < 50
    team = summary["team"]
    assert team["wins"] == won and team["games"] == 50
    assert team["ci95"] == pytest.approx(list(wilson(won, 50)))
    assert team["loss_reasons"] == dict(Counter(
        line["result"]["reason"] for line in lines if not line["result"]["winners"]))
    assert "wins" not in summary["per_seat"][0]
    # details by type: numbers, booleans as a rate, strings as wins per value
    flags = summary["details"]["flags"]["drew_nothing"]
    for p in range(3):
        zeros = [line["result"]["details"][p]["drew_nothing"] for line in lines]
        assert flags[p] == pytest.approx(sum(zeros) / 50)
    moods = summary["details"]["labels"]["mood"]
    assert sum(v["games"] for v in moods.values()) == 150
    proud_wins = sum(1 for line in lines for d in line["result"]["details"]
                     if d["mood"] == "proud" and line["result"]["winners"])
    assert moods["proud"]["wins"] == pytest.approx(proud_wins / 3)
    text = run("simulate", "toy_coop", "-p", "3", "-n", "50", "--jobs", "1")
    assert "Team wins" in text.stdout and "Reasons for losing" in text.stdout


def test_difficulty_curve(tmp_path):
    png, out = tmp_path / "curve.png", tmp_path / "levels.jsonl"
    result = run("simulate", "toy_coop", "-p", "2", "-n", "30", "--jobs", "1", "--json",
                 "--plot", png, "--out", out)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["label"] for r in data["levels"]] == ["easy", "medium", "hard"]
    rates = [r["win_rate"] for r in data["levels"]]
    assert rates[0] > rates[2]
    for r in data["levels"]:
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    lines = read_jsonl(out)
    assert [line["level"] for line in lines] == ["easy"] * 30 + ["medium"] * 30 + ["hard"] * 30
    assert lines[0]["options"] == {"decisions": 30}


def test_the_pool_on_a_real_game(tmp_path):
    # a game of the tree, named: if its random games stop playing to their end, this fails
    from railtable.games.colt_express import GAME as game
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    common = [game.id, "-p", str(game.min_players), "-n", "6", "--bots", "random"]
    assert run("simulate", *common, "--jobs", "1", "--out", one).exit_code == 0
    assert run("simulate", *common, "--jobs", "2", "--out", two).exit_code == 0
    assert one.read_text() == two.read_text()
    assert len(read_jsonl(one)) == 6
