"""The arena: rotated seats, reproducible ratings, the command's output and errors."""

import json
from collections import Counter

from railtable.sim.arena import lineup, run_arena
from railtable.sim.pool import Batch
from tests.cli.helpers import assert_bad_input, run
from tests.engine.toy_game import GAME
from tests.sim.strength import strength_table


def test_rotation_seats_every_bot_in_every_seat_equally():
    b = Batch("toy", 3, ("a", "b", "b"), 1, 6, rotate=True)
    seen = Counter((seat, b.seats_for(i)[seat]) for i in range(6) for seat in range(3))
    assert seen == {(s, "a"): 2 for s in range(3)} | {(s, "b"): 4 for s in range(3)}
    assert Batch("toy", 2, ("a", "b"), 1, 2).seats_for(1) == ["a", "b"]  # no rotation
    assert lineup(["x", "y"], 5) == ["x", "y", "x", "y", "x"]


def test_search_outrates_random_and_the_run_is_reproducible():
    specs = ["mcts(iterations=40)", "random"]
    a = run_arena(GAME, 2, specs, 5, 40, bootstrap=30)
    b = run_arena(GAME, 2, specs, 5, 40, bootstrap=30)
    assert a.pop("timing").keys() == b.pop("timing").keys()  # thinking times vary
    assert a == b
    top, bottom = a["ratings"]
    assert top["bot"] == "mcts(iterations=40)" and top["elo"] > bottom["elo"]
    assert top["games"] == bottom["games"] == 40 and top["seats_played"] == 40
    assert a["head_to_head"]["mcts(iterations=40)"]["random"] > 0.5
    assert a["errors"] == []


def test_arena_command_json_and_bad_input():
    result = run("arena", "toy", "--bots", "random,mcts(iterations=5)", "-n", "6",
                 "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 6 and {r["bot"] for r in report["ratings"]} == {
        "random", "mcts(iterations=5)"}
    assert_bad_input(run("arena", "toy", "--bots", "random"), "at least two different bots")
    assert_bad_input(run("arena", "toy", "--bots", "random,random,random", "-p", "2"),
                     "3 bots for 2 seats")


def test_a_logged_run_cut_short_resumes_where_it_stopped(tmp_path):
    specs = ["mcts(iterations=20)", "random"]
    whole = run_arena(GAME, 2, specs, 3, 12, bootstrap=20)
    log = tmp_path / "run.jsonl"
    run_arena(GAME, 2, specs, 3, 5, bootstrap=20, log=log)  # the first 5 games
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["arena"]["lineup"] == specs and len(lines) == 6
    log.write_text("\n".join(lines) + '\n{"seed": 8, "se')  # killed while writing game 6
    played, resumed = [], []
    rest = run_arena(GAME, 2, specs, 3, 12, bootstrap=20, log=log,
                     on_done=played.append, on_resume=resumed.append)
    assert resumed == [5] and sum(played) == 7  # the torn game is played again
    assert rest["ratings"] == whole["ratings"] and rest["games"] == 12
    seeds = [json.loads(line)["seed"] for line in log.read_text().splitlines()[1:]
             if line.startswith('{"seed": ') and line.endswith("}")]
    assert seeds[:5] == [3, 4, 5, 6, 7] and seeds[-7:] == list(range(8, 15))


def test_a_resumed_run_plays_the_games_its_log_lacks_wherever_they_are(tmp_path):
    # A game taken out of the middle of a log (or lost there) is played again, once; the
    # games after it are not, and a game logged twice counts once.
    specs = ["mcts(iterations=10)", "random"]
    whole = run_arena(GAME, 2, specs, 3, 8, bootstrap=20)
    log = tmp_path / "run.jsonl"
    run_arena(GAME, 2, specs, 3, 8, bootstrap=20, log=log)
    lines = log.read_text().splitlines()
    kept = lines[:3] + lines[4:] + [lines[5]]  # game 2 (seed 5) out, game 4 twice
    log.write_text("\n".join(kept) + "\n")
    played, resumed = [], []
    again = run_arena(GAME, 2, specs, 3, 10, bootstrap=20, log=log,
                      on_done=played.append, on_resume=resumed.append)
    assert resumed == [7] and sum(played) == 3
    seeds = [json.loads(line)["seed"] for line in log.read_text().splitlines()[1:]]
    assert seeds[-3:] == [5, 11, 12]  # the missing game, then the two new ones
    assert again["games"] == 10 and again["errors"] == []
    shorter = run_arena(GAME, 2, specs, 3, 8, bootstrap=20, log=log)
    assert shorter.pop("timing").keys() == whole.pop("timing").keys()
    assert shorter == whole  # the same report as the run never cut


def test_a_log_of_another_run_is_refused(tmp_path):
    import pytest

    from railtable.sim.arena import ArenaLogError
    log = tmp_path / "run.jsonl"
    run_arena(GAME, 2, ["random", "mcts(iterations=5)"], 1, 2, bootstrap=5, log=log)
    with pytest.raises(ArenaLogError, match="differs in: seed"):
        run_arena(GAME, 2, ["random", "mcts(iterations=5)"], 2, 2, bootstrap=5, log=log)
    other = tmp_path / "notes.jsonl"
    other.write_text('{"x": 1}\n')
    assert_bad_input(run("arena", "toy", "--bots", "random,mcts(iterations=5)", "-n", "2",
                         "--jobs", "1", "--log", str(other)), "not an arena log")


def test_a_note_in_a_logs_first_line_does_not_stop_it_resuming(tmp_path):
    # a note says which build or code played (scripts/strength_table.py shows it); the
    # run's settings are the rest of the line
    specs = ["random", "mcts(iterations=5)"]
    log = tmp_path / "run.jsonl"
    run_arena(GAME, 2, specs, 1, 2, bootstrap=5, log=log)
    lines = log.read_text().splitlines()
    first = json.loads(lines[0])
    first["arena"]["note"] = "compiled build"
    log.write_text("\n".join([json.dumps(first)] + lines[1:]) + "\n")
    report = run_arena(GAME, 2, specs, 1, 3, bootstrap=5, log=log)
    assert report["games"] == 3 and len(log.read_text().splitlines()) == 4
    assert json.loads(log.read_text().splitlines()[0])["arena"]["note"] == "compiled build"


def test_thinking_times_are_reported_against_the_budget():
    report = run_arena(GAME, 2, ["mcts(ms=5)", "random"], 1, 4, bootstrap=5)
    mcts, rand = report["timing"]["mcts(ms=5)"], report["timing"]["random"]
    assert mcts["decisions"] > 0 and mcts["budget_ms"] == 5 and 0 <= mcts["on_time"] <= 1
    assert mcts["median_ms"] <= mcts["p99_ms"] <= mcts["max_ms"]
    assert rand["median_ms"] <= rand["p99_ms"] <= rand["max_ms"]
    # it searched (counted in playouts, not in milliseconds: the times themselves depend on
    # the machine's load and are reported in docs/performance.md, never asserted)
    assert mcts["min_playouts"] >= 1 and "median_playouts" not in rand
    assert "budget_ms" not in rand and "on_time" not in rand


def test_playouts_of_each_search_decision_are_logged_and_summarised(tmp_path):
    from railtable.bots.mcts import STOP_CHECK
    assert STOP_CHECK > 6  # so no search here stops early: each finishes all 6 playouts
    log = tmp_path / "run.jsonl"
    report = run_arena(GAME, 2, ["mcts(iterations=6)", "random"], 1, 4,
                       bootstrap=5, log=log)
    games = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    for g in games:
        seat = g["seats"].index("mcts(iterations=6)")
        assert g["playouts"][1 - seat] is None  # a random seat does not search
        assert len(g["playouts"][seat]) == len(g["think_ms"][seat])
        assert set(g["playouts"][seat]) == {6}  # every iteration of the budget finished
    row = report["timing"]["mcts(iterations=6)"]
    assert row["median_playouts"] == row["min_playouts"] == 6
    assert "median_playouts" not in report["timing"]["random"]


def test_arena_table_shows_thinking_times_and_a_log_resumes_from_the_command_line(tmp_path):
    log = tmp_path / "run.jsonl"
    args = ("arena", "toy", "--bots", "mcts(ms=2),random", "--jobs", "1", "--log", str(log))
    first = run(*args, "-n", "2")
    assert first.exit_code == 0, first.output
    assert "Thinking time" in first.stdout and "within 1.2" in first.stdout
    more = run(*args, "-n", "4")
    assert more.exit_code == 0, more.output
    assert len(log.read_text().splitlines()) == 1 + 4
    assert "4 games" in more.stdout


def test_strength_table_row_matches_the_arena_report(tmp_path):
    # scripts/strength_table.py rebuilds docs/bots.md's table from the logs alone
    table = strength_table()
    log = tmp_path / "toy.jsonl"
    report = run_arena(GAME, 2, ["mcts(iterations=5)", "random"], 4, 10, bootstrap=5, log=log)
    mine = next(r for r in report["ratings"] if r["bot"] == "mcts(iterations=5)")
    cells = [c.strip() for c in table.row(log).strip("|").split("|")]
    assert cells[:4] == ["toy", "2", "`mcts(iterations=5)` vs random", "10"]
    assert cells[4].startswith(f"{mine['wins']:g} (")
    assert cells[5] == f"{mine['win_rate_low']:.1%}-{mine['win_rate_high']:.1%}"
