"""A game's "how to play" page: the project's own summary of its rules, in Russian and English.

A game folder holds `howto.ru.md` and `howto.en.md` (docs/developing.md). A line

    <!-- explain bandits -->

in a page stands for the list of everything of that kind the game's catalogue explains: the
`"explain"` section of its i18n.json (`{"explain": {"bandits": {"belle": "..."}}}`), each
entry named from the catalogue's group of the same name (`"bandits": {"belle": "Belle"}`).
So a bandit's ability, an event card or an option is written once, in the catalogue, and
serves the page, the terminal's `help` and the board's tooltips (`ctx.explain` in a view).
Any other HTML comment in a page is a note for its authors and is left out.
The web page (railtable/server/howto_page.py) and the terminal render `markdown(game, lang)`.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

LANGS = ("ru", "en")
_DIRECTIVE = re.compile(r"^<!-- explain ([a-z_]+) -->[ \t]*$", re.M)
_COMMENT = re.compile(r"<!--.*?-->[ \t]*\n?", re.S)  # notes for authors, not for players


def folder(game) -> Path:
    """The folder of the game's package (where its rules, i18n.json and pages live)."""
    return Path(sys.modules[type(game).__module__].__file__).resolve().parent


@functools.cache
def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def source(game, lang: str) -> str | None:
    """The page as written (`howto.<lang>.md`), or None when the game has none in `lang`."""
    if lang not in LANGS:
        raise ValueError(f"lang is one of {', '.join(LANGS)}, not {lang!r}")
    return _read(folder(game) / f"howto.{lang}.md")


def explanations(game, lang: str, kind: str) -> dict[str, str]:
    """What the catalogue explains of one kind: {id: text}, in the catalogue's order."""
    return (game.i18n(lang).get("explain") or {}).get(kind) or {}


def entries(catalogue: dict, kind: str) -> str:
    """The catalogue's explanations of `kind` as a Markdown list: "- **Name.** Text"."""
    texts = (catalogue.get("explain") or {}).get(kind)
    if not texts:
        raise KeyError(f"the catalogue explains no {kind!r}")
    names = catalogue.get(kind) if isinstance(catalogue.get(kind), dict) else {}
    lines = []
    for key, text in texts.items():
        name = names.get(key)
        if isinstance(name, str):
            name = name[:1].upper() + name[1:]  # "red" names a list item as "Red"
            stop = "" if name.endswith((".", "!", "?")) else "."
            lines.append(f"- **{name}{stop}** {text}")
        else:
            lines.append(f"- {text}")
    return "\n".join(lines)


def markdown(game, lang: str) -> str | None:
    """The page in `lang` with every `<!-- explain KIND -->` line replaced by its list;
    None when the game has no page in that language."""
    text = source(game, lang)
    if text is None:
        return None
    catalogue = game.i18n(lang)
    return _COMMENT.sub("", _DIRECTIVE.sub(lambda m: entries(catalogue, m.group(1)), text))
