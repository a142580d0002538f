"""Issue #29, point 2: each game's "how to play" page (railtable/games/<id>/howto.<lang>.md,
railtable/howto.py) exists in Russian and English with the sections a player looks for, the
same structure in both languages, and every list of explanations filled from the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from railtable import howto
from railtable.engine.registry import games
from tests.conformance.cases import registered

GAMES = Path(__file__).resolve().parents[2] / "railtable" / "games"
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
# the sections every page has (a heading may say more after them: "Подготовка к игре («Начало
# игры»)"); a cooperative game has no scoring of its own
SECTIONS = {
    "en": {"goal": ("Goal",), "components": ("Components",), "setup": ("Setup",),
           "turn": ("Playing the game",), "actions": ("Actions", "Action cards"),
           "scoring": ("Scoring",), "end": ("End of the game",), "options": ("Options",)},
    "ru": {"goal": ("Цель игры",), "components": ("Компоненты",),
           "setup": ("Подготовка к игре",), "turn": ("Ход игры",),
           "actions": ("Действия", "Карты действий", "Карточки действий"),
           "scoring": ("Подсчёт очков",), "end": ("Конец игры", "Окончание игры"),
           "options": ("Настройки",)},
}
# every game folder the registry finds, and the template a new game is copied from
FOLDERS = sorted(g for g in registered() if not g.startswith("toy"))


def headings(markdown: str) -> list[tuple[int, str]]:
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    return [(int(t.tag[1]), tokens[i + 1].content) for i, t in enumerate(tokens)
            if t.type == "heading_open"]


def test_every_game_folder_is_registered_here():
    folders = {p.name for p in GAMES.iterdir() if p.is_dir() and (p / "rules.py").is_file()
               and not p.name.startswith("_")}
    assert folders == set(FOLDERS)


@pytest.mark.parametrize("lang", howto.LANGS)
@pytest.mark.parametrize("game_id", FOLDERS)
def test_every_game_has_its_page_with_the_sections(game_id, lang):
    game = games()[game_id]
    assert (howto.folder(game) / f"howto.{lang}.md").is_file()
    page = howto.markdown(game, lang)
    heads = headings(page)
    assert heads[0][0] == 1 and heads[0][1] == game.title[lang], heads[0]
    second = [text for level, text in heads if level == 2]
    for section, names in SECTIONS[lang].items():
        if section == "scoring" and game.cooperative:
            continue
        assert any(h.startswith(names) for h in second), \
            f"{game_id} ({lang}) has no section {names[0]!r}: {second}"
    # every explanation list is filled in, and nothing meant for authors is left
    assert "<!--" not in page and "TEMPLATE" not in page
    source = howto.source(game, lang)
    for kind in re.findall(r"^<!-- explain ([a-z_]+) -->", source, re.M):
        for text in howto.explanations(game, lang, kind).values():
            assert text in page


@pytest.mark.parametrize("game_id", FOLDERS + ["_template"])
def test_both_languages_have_the_same_sections(game_id):
    # (notes for the page's authors, HTML comments, are not part of it)
    pages = {lang: re.sub(r"<!--.*?-->", "", (GAMES / game_id / f"howto.{lang}.md")
                          .read_text(encoding="utf-8"), flags=re.S)
             for lang in howto.LANGS}
    shape = {lang: [level for level, _ in headings(text)] for lang, text in pages.items()}
    assert shape["ru"] == shape["en"]
    assert not CYRILLIC.search(pages["en"]), "the English page has Russian in it"
    # the Russian page is Russian: its words, apart from names like Railtable, are Cyrillic
    words = re.findall(r"[^\W\d_]+", pages["ru"])
    latin = [w for w in words if not CYRILLIC.search(w)]
    assert len(latin) < len(words) / 20, latin


@pytest.mark.parametrize("game_id", FOLDERS)
def test_each_rule_of_the_page_is_short_enough_to_read_in_minutes(game_id):
    # "a player reads it in a few minutes": the written page (not the reference lists of
    # cards drawn from the catalogue) stays under about 1,600 words
    for lang in howto.LANGS:
        words = len(howto.source(games()[game_id], lang).split())
        assert words < 1600, (game_id, lang, words)


def test_a_page_names_only_kinds_its_catalogue_explains():
    game = games()["colt_express"]
    catalogue = game.i18n("en")
    assert "- **Belle.** " in howto.entries(catalogue, "bandits")
    with pytest.raises(KeyError):
        howto.entries(catalogue, "no_such_kind")
    with pytest.raises(ValueError):
        howto.source(game, "de")
