"""Small layout helpers for the games' terminal views (Rich markup in, lines out)."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text


def width(markup: str) -> int:
    """The cells `markup` takes on the screen."""
    return Text.from_markup(markup).cell_len


def pad(markup: str, cells: int) -> str:
    """`markup` followed by spaces up to `cells` cells."""
    return markup + " " * max(0, cells - width(markup))


def wrap(head: str, items: list[str], limit: int = 78, indent: int = 2,
         sep: str = "  ") -> list[str]:
    """`head` then the items, `sep` apart, in lines of at most `limit` cells; the next
    lines are indented by `indent`."""
    if head and not head.endswith(" ") and items:
        head += " "
    lines, line, used = [], head, width(head)
    gap = len(sep)
    for it in items:
        w = width(it)
        if used + w > limit and used > indent:
            lines.append(line.rstrip())
            line, used = " " * indent, indent
        line += it + sep
        used += w + gap
    lines.append(line.rstrip())
    return lines


def sentence(text: str, limit: int = 78, style: str = "", indent: int = 0) -> list[str]:
    """Markup wrapped at word boundaries to lines of at most `limit` cells, the lines after
    the first indented by `indent`, each in `style`."""
    rich_text = Text.from_markup(text, style=style)
    lines = rich_text.wrap(_console(), max(10, limit - indent))
    return [(" " * indent if i else "") + line.markup for i, line in enumerate(lines)]


@lru_cache(maxsize=1)
def _console():
    from rich.console import Console
    return Console(width=200, color_system=None)


def columns(cells: list[str], limit: int = 78, gap: int = 2) -> list[str]:
    """Cells (markup) set in as many columns as fit `limit`, filled row by row."""
    if not cells:
        return []
    w = max(width(c) for c in cells) + gap
    per = max(1, (limit + gap) // w)
    return [("".join(pad(c, w) for c in cells[i:i + per])).rstrip()
            for i in range(0, len(cells), per)]
