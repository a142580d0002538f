"""`railtable play branch_line`: a person at the terminal plays a whole game against the
heuristic bot, typing the number of a choice each turn."""

import json

from railtable.engine.record import Record, check_result, replay
from tests.cli.helpers import run


def test_a_person_plays_to_the_end_in_the_terminal(tmp_path):
    save = tmp_path / "game.json"
    # 4 rounds: the person decides 4 times (choice 1: the first legal action, a build)
    result = run("play", "branch_line", "--seats", "human,heuristic", "--seed", "2",
                 "--options", '{"rounds": 4}', "--save", save, "--lang", "en",
                 input="1\n" * 4)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Branch Line" in out and "Your contracts" in out
    assert "Build Harbour–Mill (length 2, +2)" in out
    assert "Game over" in out
    rec = Record.from_json(json.loads(save.read_text()))
    assert len(rec.actions) == 8
    end = replay(rec)
    assert end.is_terminal() and check_result(rec, end).scores == end.result().scores
