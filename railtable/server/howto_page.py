"""The "how to play" page of a game, rendered on the server: its Markdown
(`railtable.howto.markdown`) through markdown-it-py with raw HTML turned off, so whatever a
page holds is shown as text, never run; every heading gets an id and the page a contents
list, so a reader finds a rule by its rulebook name. The words around the page (title,
contents, lobby, errors) are language.json's `"howto"`."""

from __future__ import annotations

import functools
import html
import re
import string
from pathlib import Path

from markdown_it import MarkdownIt

from railtable import howto
from railtable.language import site

TEMPLATE = string.Template((Path(__file__).resolve().parent / "howto.html")
                           .read_text(encoding="utf-8"))
# CommonMark with tables; "html": False escapes any HTML in the source. Link targets are
# checked by markdown-it's own validateLink (no javascript: and the like).
_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def words(lang: str) -> dict:
    return site(lang)["howto"]


def _slug(text: str, used: set[str]) -> str:
    base = re.sub(r"[\W_]+", "-", text.casefold()).strip("-") or "section"
    ident, n = base, 1
    while ident in used:
        n += 1
        ident = f"{base}-{n}"
    used.add(ident)
    return ident


def render(markdown: str) -> tuple[str, list[tuple[int, str, str]]]:
    """The Markdown as HTML, and its headings as (level, id, text) for the contents."""
    tokens = _MD.parse(markdown)
    toc, used = [], set()
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            text = "".join(c.content for c in inline.children or ()
                           if c.type in ("text", "code_inline"))
            ident = _slug(text, used)
            tok.attrSet("id", ident)
            toc.append((int(tok.tag[1]), ident, text))
    return _MD.renderer.render(tokens, _MD.options, {}), toc


def _contents(toc: list[tuple[int, str, str]]) -> str:
    """Sections (h2) and their rules (h3) as nested links."""
    out, open_sub = [], False
    for level, ident, text in toc:
        link = f'<a href="#{html.escape(ident)}">{html.escape(text)}</a>'
        if level == 2:
            if open_sub:
                out.append("</ul></li>")
                open_sub = False
            elif out:
                out.append("</li>")
            out.append(f"<li>{link}")
        elif level == 3 and out:
            if not open_sub:
                out.append("<ul>")
                open_sub = True
            out.append(f"<li>{link}</li>")
    if out:
        out.append("</ul></li>" if open_sub else "</li>")
    return "<ul>" + "".join(out) + "</ul>"


def _langs(lang: str) -> str:
    return "".join(f'<a href="?lang={code}" data-lang="{code}"'
                   f'{" class=active" if code == lang else ""}>{code.upper()}</a>'
                   for code in howto.LANGS)


def _page(lang: str, title: str, heading: str, contents: str, body: str, game: str) -> str:
    w = words(lang)
    return TEMPLATE.substitute(
        lang=lang, title=html.escape(title), heading=html.escape(heading),
        game=html.escape(game), lobby=html.escape(w["lobby"]), langs=_langs(lang),
        contents=contents, body=body)


@functools.cache
def page(game, lang: str) -> str | None:
    """The whole HTML page of `game` in `lang`, or None when the game has no page.
    Cached: the pages are part of the installed package and never change while it runs."""
    text = howto.markdown(game, lang)
    if text is None:
        return None
    body, toc = render(text)
    w = words(lang)
    name = game.title.get(lang) or game.title.get("en") or game.id
    contents = (f'<nav class="card howto-toc" id="howto-toc"><h2>{html.escape(w["contents"])}'
                f"</h2>{_contents([t for t in toc if t[0] > 1])}</nav>")
    return _page(lang, f"{w['title']}: {name}", f"{w['title']}: {name}", contents,
                 f'<article class="card howto-body" id="howto">{body}</article>', game.id)


def error_page(lang: str, message: str) -> str:
    """A page saying what went wrong (no such game, no page), with the way back."""
    w = words(lang)
    body = (f'<section class="card howto-body" id="howto-error"><p class="error">'
            f'{html.escape(message)}</p><p><a class="button" href="/">'
            f'{html.escape(w["lobby"])}</a></p></section>')
    return _page(lang, w["title"], w["title"], "", body, "")
