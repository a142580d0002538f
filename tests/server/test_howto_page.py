"""The "how to play" page of every game (/games/{game}/howto, railtable/server/howto_page.py):
rendered on the server in both languages, safe whatever its Markdown holds, refused with a
page that says why for an unknown game, a game without a page or a language the site has not."""

import html
import re

import pytest

from railtable import howto
from railtable.engine.registry import games
from railtable.server import howto_page
from tests.conformance.cases import registered

WITH_PAGES = sorted(g for g in registered() if not g.startswith("toy"))


def heading_ids(text: str) -> list[str]:
    return re.findall(r'<h[23] id="([^"]+)"', text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game_id", WITH_PAGES)
def test_every_game_has_its_page_in_both_languages(client, game_id, lang):
    r = client.get(f"/games/{game_id}/howto?lang={lang}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    page = r.text
    game = games()[game_id]
    assert f'<html lang="{lang}">' in page
    title = howto_page.words(lang)["title"]
    assert f"<title>{html.escape(title)}: {html.escape(game.title[lang])} · Railtable</title>" in page
    # the contents list links every section and rule heading of the page
    ids = heading_ids(page)
    assert ids and len(ids) == len(set(ids))
    contents = page[page.index('id="howto-toc"'):page.index('id="howto"')]
    assert all(f'href="#{i}"' in contents for i in ids)
    # the catalogue's explanations are on the page (the Colt Express bandits, for one)
    if game_id == "colt_express":
        for text in howto.explanations(game, lang, "bandits").values():
            assert html.escape(text, quote=False) in page
    # the other language is one click away
    other = "en" if lang == "ru" else "ru"
    assert f'href="?lang={other}"' in page


def test_without_a_language_the_browsers_is_used(client):
    ru = client.get("/games/colt_express/howto", headers={"accept-language": "ru-RU,ru;q=0.9"})
    en = client.get("/games/colt_express/howto", headers={"accept-language": "en-GB,en"})
    assert '<html lang="ru">' in ru.text and "Цель игры" in ru.text
    assert '<html lang="en">' in en.text and ">Goal<" in en.text


@pytest.mark.parametrize("lang, message", [("ru", "Игры «no_such_game» здесь нет."),
                                           ("en", "There is no game “no_such_game” here.")])
def test_an_unknown_game_is_a_404_page_that_says_so(client, lang, message):
    r = client.get(f"/games/no_such_game/howto?lang={lang}")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert message in r.text and 'href="/"' in r.text


def test_a_game_id_is_shown_as_text_never_as_markup(client):
    r = client.get("/games/%3Cscript%3Ealert(1)%3C%5Cscript%3E/howto?lang=en")
    assert r.status_code == 404
    assert "<script>alert" not in r.text and "&lt;script&gt;alert(1)" in r.text


def test_a_game_without_a_page_is_a_404_page(client):
    r = client.get("/games/toy/howto?lang=ru")  # the engine tests' toy game has none
    assert r.status_code == 404
    assert "У игры «Игрушка» пока нет правил на этом языке." in r.text


@pytest.mark.parametrize("lang", ["de", "", "RU", "ru,en", "x" * 100])
def test_another_language_is_a_400_page(client, lang):
    r = client.get(f"/games/colt_express/howto?lang={lang}")
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    assert "lang=ru" in r.text and "lang=en" in r.text


def test_markdown_cannot_put_markup_or_scripts_on_the_page():
    body, toc = howto_page.render(
        "## A <b>bold</b> <script>alert(1)</script> heading\n\n"
        "<img src=x onerror=alert(1)>\n\n[a link](javascript:alert(1)) and "
        "[a fine one](https://example.org)\n\n## A <b>bold</b> <script>alert(1)</script> heading\n")
    assert "<script>" not in body and "<img" not in body and "<b>" not in body
    assert "&lt;script&gt;" in body and "&lt;img" in body
    assert 'href="javascript' not in body and 'href="https://example.org"' in body
    # two headings of one text get two ids
    assert [t[1] for t in toc] == ["a-b-bold-b-script-alert-1-script-heading",
                                   "a-b-bold-b-script-alert-1-script-heading-2"]


def test_the_lobby_learns_which_games_have_pages_and_what_options_do(client):
    info = {g["id"]: g for g in client.get("/api/games").json()}
    assert {g for g, i in info.items() if i["has_howto"]} == set(WITH_PAGES)
    opts = info["colt_express"]["options"]["properties"]
    for name, prop in opts.items():
        for lang in ("ru", "en"):
            assert prop["description"][lang] == howto.explanations(
                games()["colt_express"], lang, "options")[name]
    assert "description" not in info["toy"]["options"]["properties"]["decisions"]


def test_every_choice_of_every_option_has_a_name_in_both_languages(client):
    # issue #29 point 1: the lobby's form never shows a raw id such as `central_europe`
    info = {g["id"]: g for g in client.get("/api/games").json()}
    seen = 0
    for gid, g in info.items():
        for name, prop in g["options"]["properties"].items():
            if "enum" not in prop:
                continue
            titles = prop["x-enum-titles"]
            assert set(titles) == set(prop["enum"]), (gid, name)
            for value, by_lang in titles.items():
                seen += 1
                for lang in ("ru", "en"):
                    text = by_lang[lang]
                    assert text and text != value, (gid, name, value, lang)
                    assert "_" not in text, (gid, name, value, lang)
    assert seen >= 10  # Switch & Signal's board, layout, tokens; Steamland's level; the map
    ss = info["switch_and_signal"]["options"]["properties"]["board"]["x-enum-titles"]
    assert ss["central_europe"] == {"ru": "Центральная Европа", "en": "Central Europe"}
