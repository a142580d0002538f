"""What a player types in `railtable play`: numbers, short commands, help; bad input gets
a clear message and the game goes on."""

from __future__ import annotations

import io

from rich.console import Console

from railtable.engine.registry import get_game
from railtable.menu import Choice, resolve, short_codes, words
from railtable.sim import play as play_module
from railtable.sim.play import TerminalGame

CHOICES = [
    Choice(10, 1, "Take face-up red (slot 1)", "card 1", ("draw 1",)),
    Choice(11, 6, "Take a card from the deck", "deck", ("draw",)),
    Choice(12, 17, "Claim Seattle–Portland", "claim SEA-POR", ("claim seattle-portland",
                                                               "claim POR-SEA")),
    Choice(13, 18, "Claim Seattle–Vancouver", "claim SEA-VAN 1", ("claim SEA-VAN gry",)),
    Choice(14, 19, "Claim Seattle–Vancouver", "claim SEA-VAN 2"),
    Choice(15, 20, "Claim Montréal–Boston", "путь МОН-БОС", ("claim montreal-boston",)),
]


def names(found):
    return [c.number for c in found]


def test_numbers_and_commands_name_their_choice():
    assert names(resolve(CHOICES, "6")) == [6]
    assert names(resolve(CHOICES, " 17 ")) == [17]
    assert names(resolve(CHOICES, "99")) == []
    assert names(resolve(CHOICES, "deck")) == [6]
    assert names(resolve(CHOICES, "DECK")) == [6]
    assert names(resolve(CHOICES, "draw")) == [6]  # exact alias beats "draw 1" it begins
    assert names(resolve(CHOICES, "draw 1")) == [1]
    assert names(resolve(CHOICES, "claim sea-por")) == [17]
    assert names(resolve(CHOICES, "claim por sea")) == [17]  # either way round
    assert names(resolve(CHOICES, "cl sea-p")) == [17]  # words shortened to their start
    assert names(resolve(CHOICES, "claim seattle portland")) == [17]
    assert names(resolve(CHOICES, "claim sea-van")) == [18, 19]  # ambiguous: both listed
    assert names(resolve(CHOICES, "claim sea-van 2")) == [19]
    assert names(resolve(CHOICES, "claim Montréal–Boston")) == [20]  # accents, dashes
    assert names(resolve(CHOICES, "ПУТЬ мон бос")) == [20]


def test_what_names_nothing():
    for text in ("", "   ", "claim xyz-abc", "-1", "1.5", "зз", "\x00\x1b[2J", "claim " * 2000,
                 "🚂", "[bold]deck[/bold]", "deck 1", "claim sea-por 1"):
        assert resolve(CHOICES, text) == [], text
    assert names(resolve(CHOICES, "claim")) == [17, 18, 19, 20]  # ambiguous, not wrong


def test_words_and_codes():
    assert words("Montréal–N.Y.") == ["montreal", "ny"]
    assert words("Нью-Йорк, Ёлки") == ["нью", "йорк", "елки"]  # й stays, ё is е
    assert short_codes(["Chicago", "New York", "New Orleans", "Charleston", "Charlotte"]) \
        == ["CHI", "NYO", "NOR", "CHA", "CHR"]
    assert short_codes(["Нью-Йорк", "Новый Орлеан"]) == ["НЙО", "НОР"]
    assert len(set(short_codes(["Aa", "Ab", "Ac", "Aa b"]))) == 4  # always all different


def scripted(answers):
    it = iter(answers)

    def ask(prompt):
        return next(it)
    return ask


def console(width=120):
    return Console(file=io.StringIO(), width=width, color_system=None)


def test_bad_input_gets_a_message_and_the_game_goes_on():
    game = get_game("ticket_to_ride")
    con = console()
    tg = TerminalGame(game, ["human", "random"], 7, lang="en", console=con,
                      ask=scripted(["claim zzz-yyy", "keep", "x" * 5000, "0", "\x1b[2J",
                                    "keep 1 2 3", "q"]))
    played = tg.run()
    text = con.file.getvalue()
    assert not played.finished and "Game left unfinished." in text
    assert "No choice is called «claim zzz-yyy»" in text
    assert "«keep» fits several choices" in text and "keep 1 2 3" in text
    assert text.count("No choice is called") == 4  # the long line, 0, the escape too
    assert f"«{'x' * 39}…»" in text  # a long answer is cut when shown back
    assert "\x1b" not in text and "«[2J»" in text  # and an escape sequence is not replayed
    assert "You chose: Keep" in text and len(tg.record.actions) >= 1


def test_russian_commands_and_english_ones_in_a_russian_game():
    game = get_game("ticket_to_ride")
    for answer in ("оставить 1 2 3", "keep 1 2 3", "7"):
        con = console()
        tg = TerminalGame(game, ["human", "random"], 7, lang="ru", console=con,
                          ask=scripted([answer, "q"]))
        tg.run()
        text = con.file.getvalue()
        assert "Ваш выбор: Оставить" in text, answer
        assert "оставить 1 2 3" in text  # the command listed in Russian


def test_help_says_when_the_rules_are_missing_and_shows_them_when_present(tmp_path,
                                                                          monkeypatch):
    from tests.engine.toy_game import GAME
    con = console()
    TerminalGame(GAME, ["human", "random"], 3, lang="ru", console=con,
                 ask=scripted(["help", "q"])).run()
    text = con.file.getvalue()
    assert "Правила игры «Игрушка» на этом языке ещё не написаны (нет файла howto.ru.md)" in text
    rules = tmp_path / "howto.en.md"
    rules.write_text("# How to play\n\nDraw a card, then **stock up**.\n", encoding="utf-8")
    monkeypatch.setattr(play_module.howto, "source",
                        lambda game, lang: rules.read_text(encoding="utf-8") if lang == "en" else None)
    con = console()
    TerminalGame(GAME, ["human", "random"], 3, lang="en", console=con,
                 ask=scripted(["?", "q"])).run()
    text = con.file.getvalue()
    assert "How to play" in text and "Draw a card, then stock up." in text
    assert "**" not in text and "# How" not in text  # Markdown rendered, not shown raw


def test_help_shows_the_page_the_site_shows_with_its_explanations():
    # one way to read a game's rules (railtable/howto.py): the terminal shows the same page,
    # with the catalogue's lists (`<!-- explain KIND -->`) filled in
    game = get_game("colt_express")
    con = console()
    TerminalGame(game, ["human", "random"], 3, lang="en", console=con,
                 ask=scripted(["help", "q"])).run()
    text = con.file.getvalue()
    flat = " ".join(text.replace("│", " ").split())  # Rich wraps the page's lines
    for bandit, ability in game.i18n("en")["explain"]["bandits"].items():
        assert " ".join(ability.split()[:6]) in flat, bandit
    assert "<!--" not in text


def test_enter_shows_the_position_and_the_choices_again():
    game = get_game("steamland")
    con = console()
    TerminalGame(game, ["human", "random", "random"], 2, lang="en", console=con,
                 ask=scripted(["", "q"])).run()
    text = con.file.getvalue()
    assert text.count("Your choices:") == 2 and text.count("Map (directions") == 2
