"""Bad input ends with one line `error: ...` and exit status 2, never a traceback."""

import pytest

import tests.sim.toys  # noqa: F401  (registers toy_coop and toy_crash)
from tests.cli.helpers import assert_bad_input, run


@pytest.mark.parametrize("args, fragments", [
    (["simulate", "chess"], ["unknown game 'chess'", "toy"]),
    (["play", "chess", "--seats", "human,random"], ["unknown game 'chess'"]),
    (["bench", "chess"], ["unknown game 'chess'"]),
    (["simulate", "toy", "-p", "9"], ["2-4 players, not 9"]),
    (["simulate", "toy", "--bots", "random,random,random,random,random"], ["not 5"]),
    (["play", "toy", "--seats", "human"], ["2-4 players, not 1"]),
    (["bench", "toy", "--players", "7"], ["not 7"]),
    (["simulate", "toy", "--options", "{decisions: 3}"], ["--options is not valid JSON"]),
    (["simulate", "toy", "--options", "[1]"], ["must be a JSON object"]),
    (["simulate", "toy", "--options", '{"speed": 2}'], ["unknown option(s) for toy: speed"]),
    (["play", "toy", "--seats", "human,random", "--options", '{"decisions": 99}'],
     ["at most 40"]),
    (["simulate", "toy", "--bots", "mcts(ms=1"], ["--bots", "unbalanced"]),
    (["simulate", "toy", "--bots", "random,,random"], ["empty bot spec"]),
    (["simulate", "toy", "--bots", "genius"], ["unknown bot 'genius'", "random"]),
    (["simulate", "toy", "--bots", "random(depth=3)"], ["bad parameters for bot"]),
    (["simulate", "toy", "-p", "3", "--bots", "random,random"],
     ["2 bots for 3 players"]),
    (["play", "toy", "--seats", "human,9lives"], ["not a bot spec"]),
    (["play", "toy", "--seats", "human,random", "--lang", "de"], ["--lang must be ru or en"]),
    (["simulate", "toy", "--records"], ["--records needs --out"]),
    # options valid alone but not for this player count: one message before any game
    (["simulate", "colt_express", "-p", "2", "--options", '{"expert": true}'],
     ["colt_express with 2 players", "one bandit per player"]),
    (["play", "colt_express", "--seats", "human,random", "--options", '{"expert": true}'],
     ["one bandit per player"]),
    (["bench", "colt_express", "--players", "2", "--options", '{"expert": true}'],
     ["one bandit per player"]),
    (["simulate", "toy", "--out", "/no/such/folder/x.jsonl"], ["does not exist"]),
    (["simulate", "toy", "--plot", "curve.png"], ["toy defines no difficulty levels"]),
    (["replay", "/no/such/file.jsonl"], ["cannot read /no/such/file.jsonl"]),
    (["loadtest", "--game", "chess"], ["unknown game 'chess'"]),
    # Typer's own checks of the command line, on one line too
    (["simulate", "toy", "-n", "0"], ["'-n' / '--games'"]),
    (["simulate", "toy", "--jobs", "two"], ["'--jobs'"]),
    (["simulate"], ["Missing argument 'GAME'"]),
    (["replay"], ["Missing argument 'FILE'"]),
    (["bench", "toy", "--frobnicate"], ["No such option: --frobnicate"]),
    (["conquer"], ["No such command 'conquer'"]),
])
def test_bad_input_is_one_line(args, fragments):
    assert_bad_input(run(*args), *fragments)


def test_unreadable_or_foreign_files(tmp_path):
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text('{"game": "toy"}\nnot json\n')
    assert_bad_input(run("replay", garbage), "garbage.jsonl:2: not JSON")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert_bad_input(run("replay", empty), "is empty")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    assert_bad_input(run("replay", binary), "cannot read")


def test_summaries_without_records_are_refused(tmp_path):
    out = tmp_path / "games.jsonl"
    assert run("simulate", "toy", "-n", "3", "--jobs", "1", "--out", out).exit_code == 0
    assert_bad_input(run("replay", out), "holds no records", "--records")
    assert_bad_input(run("replay", out, "--index", "5"), "holds no records")


def test_index_out_of_range(tmp_path):
    out = tmp_path / "games.jsonl"
    run("simulate", "toy", "-n", "2", "--jobs", "1", "--records", "--out", out)
    assert_bad_input(run("replay", out, "--index", "2"), "records 0-1")


def test_the_command_list_gives_each_command_a_summary_of_one_line():
    # `railtable --help` once broke three summaries mid-sentence where their docstrings wrap
    import inspect

    from typer.testing import CliRunner

    from railtable.cli import app
    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "250"}).output
    rows = [" ".join(line.strip("│ ").split()) for line in out.splitlines()]
    for command in app.registered_commands:
        name = command.callback.__name__
        summary = command.short_help or inspect.cleandoc(command.callback.__doc__ or "")
        first = summary.split("\n\n")[0]
        assert first and "\n" not in first, (name, first)
        assert f"{name} {first}" in rows, (name, out)
