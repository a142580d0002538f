"""railtable play: scripted answers stand in for the person at the terminal."""

import io
import json

from rich.console import Console

from railtable.engine.record import Record, check_result, replay
from railtable.sim.play import TerminalGame
from tests.cli.helpers import run
from tests.engine.toy_game import GAME


def scripted(answers):
    it = iter(answers)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return next(it)
    return ask, asked


def console():
    return Console(file=io.StringIO(), width=100, color_system=None)


def test_one_human_against_a_bot_finishes_the_game(tmp_path):
    ask, asked = scripted(["7", "x", "1"] + ["1"] * 10)  # two bad answers first
    con = console()
    tg = TerminalGame(GAME, ["human", "random"], 3, lang="en", console=con, ask=ask)
    played = tg.run()
    text = con.file.getvalue()
    assert played.finished and played.state.is_terminal()
    assert len(asked) == 8  # 6 decisions of seat 0, plus the two refused answers
    assert text.count("No choice is called «7»") == 1
    assert text.count("No choice is called «x»") == 1
    assert "Pass the terminal" not in text
    # the toy game has no catalogue: no reason text (never its raw id)
    assert "Game over: —" in text
    assert "Bot 2 (random moves)" in text and "Player 1 (you)" in text
    # the human sees its own private events ("draw" with the card) and the bot's public ones
    assert "  draw\n" in text and "  draw_back\n" in text
    rec = Record.from_json(json.loads(tg.record.dumps()))
    assert check_result(rec, replay(rec)).scores == played.state.result().scores


def test_hot_seat_hides_each_hand():
    # two humans: before each turn, a pass-the-terminal prompt answered with Enter ("")
    answers = []
    for _ in range(12):
        answers += ["", "1"]
    ask, asked = scripted(answers)
    con = console()
    played = TerminalGame(GAME, ["human", "human"], 5, lang="en", console=con, ask=ask).run()
    assert played.finished
    passes = [p for p in asked if p.startswith("Pass the terminal")]
    assert len(passes) == 12
    assert passes[0].startswith("Pass the terminal to Player 1")
    assert passes[1].startswith("Pass the terminal to Player 2")
    text = con.file.getvalue()
    # after a hand-over the next player reads what happened since their last turn, and
    # never the other's private draw
    assert "Since your last turn:" in text
    since = text.split("Since your last turn:")[1].split("to decide")[0]
    assert "draw_back" in since and "  draw\n" not in since


def test_two_humans_and_a_bot_hand_over_only_between_humans():
    ask, asked = scripted(["", "1", "", "1"] * 10)
    TerminalGame(GAME, ["human", "random", "human"], 2, console=console(), ask=ask,
                 options={"decisions": 6}).run()
    kinds = ["pass" if p.startswith("Pass") else "choose" for p in asked]
    assert kinds == ["pass", "choose"] * 4


def test_quit_saves_an_unfinished_record(tmp_path):
    save = tmp_path / "game.json"
    result = run("play", "toy", "--seats", "human,random", "--seed", "4", "--save", save,
                 "--lang", "ru", input="1\nq\n")
    assert result.exit_code == 0, result.output
    assert "Партия не закончена" in result.stdout and "Traceback" not in result.output
    rec = json.loads(save.read_text())
    assert rec["seats"] == ["human", "random"] and rec["seed"] == 4
    assert len(rec["actions"]) == 2 and "result" not in rec
    again = run("replay", save)
    assert again.exit_code == 0 and "unfinished after 2 decisions" in again.stdout


def test_play_to_the_end_from_the_command_line(tmp_path):
    save = tmp_path / "game.json"
    result = run("play", "toy", "--seats", "random,human", "--seed", "8", "--save", save,
                 input="1\n" * 6)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout and "Player 2 (you)" in result.stdout
    assert json.loads(save.read_text())["result"]["reason"] == "decisions_used"
    assert run("replay", save).exit_code == 0


def test_end_of_input_quits_cleanly():
    result = run("play", "toy", "--seats", "human,random", "--seed", "1", input="1\n")
    assert result.exit_code == 0
    assert "Game left unfinished" in result.stdout and "--save" in result.stdout


def test_resume_a_saved_game(tmp_path):
    save = tmp_path / "game.json"
    assert run("play", "toy", "--seats", "human,random", "--seed", "4", "--save", save,
               input="1\nq\n").exit_code == 0
    result = run("play", "--resume", save, "--save", save, input="1\n" * 5)
    assert result.exit_code == 0, result.output
    assert "Resumed after 2 decisions" in result.stdout and "Game over" in result.stdout
    rec = json.loads(save.read_text())
    assert len(rec["actions"]) == 12 and rec["result"]["reason"] == "decisions_used"
    assert rec["seed"] == 4 and rec["seats"] == ["human", "random"]
    assert run("replay", save).exit_code == 0
    # a finished game cannot be resumed
    again = run("play", "--resume", save)
    assert again.exit_code == 2 and "already finished" in again.stderr


def test_resume_refuses_what_does_not_fit(tmp_path):
    save = tmp_path / "game.json"
    run("play", "toy", "--seats", "human,random", "--seed", "4", "--save", save, input="q\n")
    for args, message in [
        (["toy_coop", "--resume", save], "is a game of toy, not toy_coop"),
        (["--resume", save, "--seed", "3"], "come from the saved game"),
        (["--resume", save, "--seats", "human,random,random"], "saved game has 2"),
        (["--seats", "human,random"], "name a GAME"),
        (["toy"], "--seats is required"),
    ]:
        result = run("play", *args)
        assert result.exit_code == 2 and message in result.stderr, (args, result.output)


def test_bots_alone_are_watched_as_a_spectator():
    def never(prompt):
        raise AssertionError(f"asked {prompt!r} with no human seated")
    con = console()
    played = TerminalGame(GAME, ["random", "random", "random"], 6, console=con,
                          ask=never).run()
    text = con.file.getvalue()
    assert played.finished and "Game over" in text
    assert "  draw_back\n" in text and "  draw\n" not in text  # no private card shown


def test_long_choice_lists_are_set_in_columns():
    from railtable.sim.play import choice_lines
    labels = [f"option {i}" for i in range(1, 41)]
    lines = choice_lines(labels, width=80)
    assert len(lines) == 14 and lines[0].count("[bold]") == 3  # 3 columns fit in 80
    assert lines[0].startswith("[bold]  1[/bold]  option 1 ")
    assert "[bold] 15[/bold]  option 15" in lines[0] and lines[-1].endswith("option 28")
    assert lines[11].endswith("option 40")
    assert choice_lines(labels[:5], width=80) == [f"[bold]  {i}[/bold]  option {i}"
                                                 for i in range(1, 6)]
    assert len(choice_lines(labels, width=20)) == 40  # too narrow: one column


def test_a_crashing_game_still_leaves_its_record(tmp_path):
    import tests.sim.toys  # noqa: F401  (registers toy_crash, which fails on seed 3)
    save = tmp_path / "bug.json"
    result = run("play", "toy_crash", "--seats", "random,random", "--seed", "3", "--save", save)
    assert isinstance(result.exception, ZeroDivisionError)  # a bug shows its traceback
    rec = json.loads(save.read_text())
    # the record ends with the decision that crashed, so replaying it shows the bug
    assert rec["game"] == "toy_crash" and len(rec["actions"]) == 10 and "result" not in rec
    again = run("replay", save)
    assert again.exit_code == 1 and "FAIL #0" in again.stdout
    assert "ZeroDivisionError: boom in apply" in again.stdout


def test_a_cooperative_game_ends_with_the_team_result():
    import tests.sim.toys as toys
    con = console()
    TerminalGame(toys.COOP, ["random", "random"], 1, lang="ru", console=con,
                 ask=lambda prompt: "").run()
    text = con.file.getvalue()
    assert ("Команда победила!" in text) != ("Команда проиграла." in text)


def test_the_end_and_the_log_in_russian_words_with_the_seats_named():
    # a real game (Ticket to Ride): the end table gives the reason and every detail from
    # the catalogue, the log names the seats as the terminal does (issue #29)
    from railtable.engine.registry import get_game
    con = Console(file=io.StringIO(), width=140, color_system=None)
    played = TerminalGame(get_game("ticket_to_ride"), ["random", "random"], 4, lang="ru",
                          console=con, ask=lambda prompt: "").run()
    text = con.file.getvalue()
    assert played.finished
    reason = played.state.result().reason
    want = {"last_round": "сыгран последний круг", "no_moves": "ни у кого нет допустимых ходов"}
    assert f"Конец партии: {want[reason]}" in text
    for label in ("очки за маршруты", "выполнено карт маршрутов", "бонус за самый длинный путь",
                  "осталось вагонов"):
        assert label in text
    for raw in (reason, "route_points", "longest_path_bonus", "True", "False"):
        assert raw not in text.split("Конец партии")[1]
    assert "Бот 1 (случайные ходы) берёт" in text
