"""railtable replay re-executes records and notices any that do not reach their result."""

import json

from tests.cli.helpers import read_jsonl, run


def simulated(tmp_path, n=4):
    out = tmp_path / "games.jsonl"
    assert run("simulate", "toy", "-p", "2", "-n", n, "--jobs", "1", "--records",
               "--out", out).exit_code == 0
    return out


def test_records_from_simulate_replay(tmp_path):
    result = run("replay", simulated(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("OK") == 4 + 1 and "4 OK, 0 failed" in result.stdout


def test_a_tampered_result_or_action_fails(tmp_path):
    out = simulated(tmp_path)
    lines = read_jsonl(out)
    lines[1]["record"]["result"]["scores"][0] += 1
    lines[2]["record"]["actions"][0] = {"type": "fly"}
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = run("replay", out)
    assert result.exit_code == 1
    assert "2 OK, 2 failed" in result.stdout
    assert "FAIL #1" in result.stdout and "record says" in result.stdout
    assert "FAIL #2" in result.stdout and "action 0" in result.stdout
    only = run("replay", out, "--index", "3")
    assert only.exit_code == 0 and "#3" in only.stdout and "1 OK, 0 failed" in only.stdout


def test_log_shows_decisions_and_public_events(tmp_path):
    out = simulated(tmp_path, n=1)
    result = run("replay", out, "--log", "--lang", "ru")
    assert result.exit_code == 0
    record = read_jsonl(out)[0]["record"]
    decisions = [line for line in result.stdout.splitlines() if line.startswith("seat ")]
    assert len(decisions) == len(record["actions"])
    assert decisions[0].startswith("seat 0 (random): ")
    # the toy's private "draw" event (the card drawn) is not shown to a spectator
    events = [line.strip() for line in result.stdout.splitlines() if line.startswith("  ")]
    assert "draw" not in events and set(events) <= {"play", "draw_back"}
    draws = sum(1 for a in record["actions"] if a["type"] == "draw")
    assert events.count("draw_back") == draws


def test_a_single_json_record(tmp_path):
    out = simulated(tmp_path, n=1)
    path = tmp_path / "one.json"
    path.write_text(json.dumps(read_jsonl(out)[0]["record"], indent=2))
    result = run("replay", path)
    assert result.exit_code == 0 and "1 OK" in result.stdout


def test_a_record_of_an_unknown_game_fails(tmp_path):
    out = simulated(tmp_path, n=2)
    lines = read_jsonl(out)
    lines[0]["record"]["game"] = "chess"
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = run("replay", out)
    assert result.exit_code == 1
    assert "FAIL #0" in result.stdout and "unknown game 'chess'" in result.stdout
    assert "1 OK, 1 failed" in result.stdout
