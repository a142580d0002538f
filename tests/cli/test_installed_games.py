"""play, simulate and replay on every installed game (the toy games aside)."""

import io
import itertools

import pytest
from rich.console import Console

from railtable.engine.registry import games
from railtable.sim.play import TerminalGame
from tests.cli.helpers import read_jsonl, run

def real_games():
    return [game_id for game_id in games() if not game_id.startswith("toy")]


def console():
    return Console(file=io.StringIO(), width=100, color_system=None)


@pytest.mark.parametrize("game_id", real_games())
def test_a_human_plays_forty_decisions_then_quits(game_id):
    game = games()[game_id]
    asked = itertools.count()

    def ask(prompt):  # the first and the second choice listed, in turn, then quit
        k = next(asked)
        return "q" if k == 40 else str(tg.choices[min(k % 2, len(tg.choices) - 1)].number)
    con = console()
    tg = TerminalGame(game, ["human"] + ["random"] * (game.min_players - 1), 1, lang="ru",
                      console=con, ask=ask)
    played = tg.run()
    text = con.file.getvalue()
    if played.finished:  # a short game
        assert "Конец партии" in text
    else:
        assert len(tg.record.actions) >= 40 and "Партия не закончена" in text


@pytest.mark.parametrize("game_id", [g for g in games() if not g.startswith("toy")])
def test_bots_play_every_game_to_its_end_before_a_spectator(game_id):
    game = games()[game_id]
    con = console()
    played = TerminalGame(game, ["random"] * game.min_players, 2, lang="en", console=con,
                          ask=lambda prompt: pytest.fail("no human here")).run()
    assert played.finished and "Game over" in con.file.getvalue()


@pytest.mark.parametrize("game_id", [g for g in games() if not g.startswith("toy")])
def test_simulated_records_replay_with_their_log(tmp_path, game_id):
    game = games()[game_id]
    out = tmp_path / "games.jsonl"
    sim = run("simulate", game_id, "-p", game.min_players, "-n", 2, "--jobs", 1, "--records",
              "--out", out)
    assert sim.exit_code == 0, sim.output
    result = run("replay", out, "--log", "--lang", "ru")
    assert result.exit_code == 0 and "2 OK, 0 failed" in result.stdout
    decisions = [line for line in result.stdout.splitlines() if line.startswith("seat ")]
    assert len(decisions) == sum(len(r["record"]["actions"]) for r in read_jsonl(out))
