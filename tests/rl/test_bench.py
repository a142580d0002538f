"""railtable bench --rl: environment steps per second beside the raw engine's decisions."""

import json

from tests.cli.helpers import run


def test_bench_rl_json():
    result = run("bench", "ticket_to_ride", "--seconds", "0.05", "--rl", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["rl_steps_per_s"] > 0
    assert figures["rl_vs_raw"] == figures["rl_steps_per_s"] / figures["decisions_per_s"]
    assert figures["rl_observation_size"] == 596  # Ticket to Ride, 2 players (docs page)


def test_bench_rl_table():
    result = run("bench", "toy", "--seconds", "0.05", "--rl")
    assert result.exit_code == 0, result.output
    assert "RL environment steps" in result.stdout


def test_bench_without_rl_has_no_rl_figures():
    result = run("bench", "toy", "--seconds", "0.05", "--json")
    assert "rl_steps_per_s" not in json.loads(result.stdout)
