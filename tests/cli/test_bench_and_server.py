"""railtable bench --json, and the thin serve / loadtest commands."""

import json
import sys
import types

import pytest

from tests.cli.helpers import run

BENCH_KEYS = {"game", "players", "seed", "games_per_s", "decisions_per_s", "decisions_per_game",
              "legal_actions_per_decision", "clones_per_s", "determinizations_per_s",
              "python", "cores", "pool_states"}


def test_bench_json_has_the_figures():
    result = run("bench", "toy", "--players", "3", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert BENCH_KEYS <= set(figures)
    assert figures["game"] == "toy" and figures["players"] == 3
    assert figures["decisions_per_game"] == 12  # the toy game always lasts 12 decisions
    assert 1 < figures["legal_actions_per_decision"] <= 7  # draw or one of six values
    for key in ("games_per_s", "decisions_per_s", "clones_per_s", "determinizations_per_s"):
        assert figures[key] > 0, key


def test_bench_table():
    result = run("bench", "toy", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    assert "random playouts" in result.stdout and "determinizations" in result.stdout


def test_bench_compare_sets_the_two_builds_side_by_side():
    # one process per build (railtable/build.py); where nothing is compiled both are pure
    result = run("bench", "toy", "--compare", "--players", "2", "--seconds", "0.05", "--json",
                 "--rounds", "2")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["game"], r["players"]) for r in rows] == [("toy", 2)]
    pure, compiled = rows[0]["pure"], rows[0]["compiled"]
    # each build measured twice; each figure is its best round
    for build in ("pure", "compiled"):
        taken = rows[0]["rounds"][build]
        assert len(taken) == 2
        assert rows[0][build]["clones_per_s"] == max(r["clones_per_s"] for r in taken)
    assert pure["build"] == "pure" and pure["compiled_modules"] == []
    assert compiled["build"] == ("compiled" if compiled["compiled_modules"] else "pure")
    for figures in (pure, compiled):
        for key in ("games_per_s", "decisions_per_s", "clones_per_s", "mcts_playouts_per_s",
                    "games_per_cpu_s", "clones_per_cpu_s", "mcts_playouts_per_cpu_s"):
            assert figures[key] > 0, key
    table = run("bench", "toy", "--compare", "--seconds", "0.05")
    assert table.exit_code == 0, table.output
    assert all(w in table.stdout for w in ("games/s", "clones/s", "MCTS", "compiled"))


def test_compare_alternates_the_builds_and_keeps_each_rate_at_its_best_round(monkeypatch):
    from railtable.sim import bench
    calls = []

    def fake(game_id, players, *, pure, seed, seconds):
        calls.append("pure" if pure else "compiled")
        k = len(calls)
        return {"games_per_s": 10.0 * k, "clones_per_cpu_s": 100.0 - k,
                "determinizations_per_s": None, "build": calls[-1], "pool_states": k}

    monkeypatch.setattr(bench, "bench_in_process", fake)
    rows = bench.compare(["toy"], {"toy": 2}, rounds=3)
    # the order alternates, so a slow spell of the machine is as likely to hit either build
    assert calls == ["pure", "compiled", "compiled", "pure", "pure", "compiled"]
    pure = rows[0]["pure"]
    assert pure["games_per_s"] == 50.0 and pure["clones_per_cpu_s"] == 99.0
    # what is not a rate comes from the first round, and a missing figure stays missing
    assert pure["pool_states"] == 1 and pure["determinizations_per_s"] is None
    assert [r["games_per_s"] for r in rows[0]["rounds"]["compiled"]] == [20.0, 30.0, 60.0]
    with pytest.raises(ValueError):
        bench.compare(["toy"], {"toy": 2}, rounds=0)


def test_bench_compare_refuses_a_bad_number_of_rounds():
    result = run("bench", "toy", "--compare", "--rounds", "0")
    assert result.exit_code != 0 and "--rounds" in result.output


def test_bench_without_a_game_needs_compare():
    result = run("bench")
    assert result.exit_code != 0 and "--compare" in result.output


def fake_module(monkeypatch, name):
    calls = []
    module = types.ModuleType(name)
    module.run = lambda **kw: calls.append(kw)
    monkeypatch.setitem(sys.modules, name, module)
    return calls


def test_serve_passes_its_options(monkeypatch):
    calls = fake_module(monkeypatch, "railtable.server")
    result = run("serve", "--port", "9001", "--db", "sqlite:///x.db")
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "127.0.0.1", "port": 9001, "db": "sqlite:///x.db",
                      "idle_minutes": 10.0, "workers": 1, "broker": None, "bot_delay": 0.6,
                      "lease_seconds": 10.0, "check_seconds": 2.0, "bot_workers": 2,
                      "limits": {"bot_ms": 5000, "bot_iterations": 100_000,
                                 "bot_steps": 10_000_000, "bot_jobs": 1,
                                 "create_rate": "10/minute",
                                 "message_rate": "20/second;600/minute",
                                 "signin_rate": "10/minute;100/day",
                                 "chat_rate": "5/10seconds;120/hour"},
                      "open_hours": 24.0, "sweep_seconds": 1.0}]
    monkeypatch.setenv("RAILTABLE_BOT_MAX_MS", "250")
    result = run("serve", "--bot-max-jobs", "2", "--rate-tables", "none", "--bot-workers", "3")
    assert result.exit_code == 0, result.output
    assert calls[-1]["bot_workers"] == 3
    assert {k: calls[-1]["limits"][k] for k in ("bot_ms", "bot_jobs", "create_rate")} == {
        "bot_ms": 250, "bot_jobs": 2, "create_rate": "none"}
    monkeypatch.delenv("RAILTABLE_BOT_MAX_MS")
    assert run("serve", "--bot-max-ms", "0").exit_code != 0
    result = run("serve", "--open-hours", "0", "--sweep-seconds", "0.5")
    assert result.exit_code == 0, result.output
    assert (calls[-1]["open_hours"], calls[-1]["sweep_seconds"]) == (0.0, 0.5)
    assert run("serve", "--open-hours", "-1").exit_code != 0
    assert run("serve", "--sweep-seconds", "0").exit_code != 0
    result = run("serve", "--idle-minutes", "0")
    assert result.exit_code == 0, result.output
    assert calls[-1]["idle_minutes"] == 0.0
    assert run("serve", "--idle-minutes", "-1").exit_code != 0
    result = run("serve", "--workers", "3", "--broker", "redis://127.0.0.1:6379/0", "--db",
                 "postgresql+psycopg://u@h/d", "--lease-seconds", "4", "--check-seconds", "1")
    assert result.exit_code == 0, result.output
    assert {k: calls[-1][k] for k in ("workers", "broker", "lease_seconds",
                                      "check_seconds")} == {
        "workers": 3, "broker": "redis://127.0.0.1:6379/0", "lease_seconds": 4.0,
        "check_seconds": 1.0}
    assert run("serve", "--workers", "0").exit_code != 0


def test_loadtest_passes_its_options(monkeypatch):
    calls = fake_module(monkeypatch, "railtable.server.loadtest")
    result = run("loadtest", "--tables", "3", "--seats", "2", "--seconds", "1.5",
                 "--game", "toy", "--url", "http://127.0.0.1:1")
    assert result.exit_code == 0, result.output
    assert calls == [{"tables": 3, "seats": 2, "seconds": 1.5, "game": "toy",
                      "url": "http://127.0.0.1:1"}]


def test_loadtest_whole_views(monkeypatch):
    calls = fake_module(monkeypatch, "railtable.server.loadtest")
    result = run("loadtest", "--tables", "2", "--game", "toy", "--whole-views", "--deflate")
    assert result.exit_code == 0, result.output
    assert calls[0]["patches"] is False and calls[0]["deflate"] is True


def test_traffic_measures_both_modes_through_a_live_table():
    result = run("traffic", "branch_line", "--games", "1", "--json")
    assert result.exit_code == 0, result.output
    [r] = json.loads(result.stdout)
    assert (r["game"], r["players"], r["games"]) == ("branch_line", 3, 1)
    for who in ("seat/en", "seat/ru", "spectator/en", "spectator/ru"):
        views, patches = r["by"]["views/" + who], r["by"]["patches/" + who]
        # one full state, then a message a decision (and who is online, once)
        assert views["messages"] == patches["messages"] >= r["moves"] + 1
        assert 0 < patches["bytes"] < views["bytes"]
        assert 0 < patches["deflate"] < patches["bytes"]
        assert set(patches["by_type"]) <= {"state", "patch", "players"}
        assert set(views["by_type"]) <= {"state", "update", "players"}


def test_traffic_table_and_bad_input():
    result = run("traffic", "branch_line", "--games", "1")
    assert result.exit_code == 0, result.output
    assert "branch_line" in result.stdout and "patches" in result.stdout
    assert run("traffic", "chess").exit_code == 2
    assert run("traffic", "branch_line", "--players", "9").exit_code == 2
    assert run("traffic", "branch_line", "--games", "0").exit_code == 2


def test_loadtest_paces_moves_with_rate(monkeypatch):
    calls = fake_module(monkeypatch, "railtable.server.loadtest")
    result = run("loadtest", "--tables", "2", "--game", "toy", "--rate", "500")
    assert result.exit_code == 0, result.output
    assert calls[0]["rate"] == 500.0 and calls[0]["tables"] == 2


def test_missing_server_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "railtable.server", types.ModuleType("railtable.server"))
    result = run("serve")
    assert result.exit_code == 1
    assert result.stderr.strip() == ("error: railtable.server has no run(); "
                                     "is the server installed?")
