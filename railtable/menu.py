"""Choices for terminal play: numbered, grouped, with short commands.

A game's `Game.menu(state, lang)` (docs/cli.md, "Choices") gives the legal actions of the
seat to move as `Choice`s: the number a player types, a short command ("claim SEA-POR",
"card 3", "ne"), the label, and the heading of the group it is listed under. The
number comes from what the choice is, never from its place in the legal list, so it
keeps its meaning while the turn goes on: Ticket to Ride's face-up card in slot 3 is 3
for both cards of a turn, a route keeps the number the map prints beside it.

`resolve(choices, text)` reads what the player typed: a number, or a command whose
words may be shortened to their beginnings ("cl sea-p"). `short_codes(names)` makes the
three-letter city codes that maps and commands share.

Plain standard library: the games' text modules import it (docs/developing.md, "Imports
flow one way").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Sequence


@dataclass(frozen=True)
class Choice:
    action: int
    number: int
    label: str              # what the list says, plain text
    command: str = ""       # the short command shown with it ("claim SEA-POR")
    aliases: tuple[str, ...] = ()  # other commands that choose it (full names, other words)
    group: str = ""         # the heading it is listed under
    short: str = ""         # its text in a long list, where labels would not fit

    @property
    def commands(self) -> tuple[str, ...]:
        return ((self.command,) if self.command else ()) + self.aliases


def numbered_list(actions: Sequence[int], labels: Sequence[str]) -> list[Choice]:
    """The legal list as it is, numbered from 1 (for a game without a menu)."""
    return [Choice(a, i, label) for i, (a, label) in enumerate(zip(actions, labels), 1)]


def check(choices: Sequence[Choice], legal: Sequence[int]) -> None:
    """A menu must offer each legal action once, with numbers told apart."""
    if sorted(c.action for c in choices) != sorted(legal):
        raise ValueError("the menu does not list exactly the legal actions")
    numbers = [c.number for c in choices]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"two choices share a number: {sorted(numbers)}")


# -- reading what was typed -------------------------------------------------------------

_SPLIT = re.compile(r"[\s\-–—,;:/+]+")


@lru_cache(maxsize=65536)
def _words(text: str) -> tuple[str, ...]:
    return tuple(words(text))


def words(text: str) -> list[str]:
    """The words of a command as they are compared: lower case, Latin letters without
    accents, no punctuation ("Montréal–N.Y." -> ["montreal", "ny"]); ё is е, й stays й."""
    out = []
    for ch in unicodedata.normalize("NFD", text.casefold().replace("ё", "е")):
        if unicodedata.combining(ch) and out and not _CYRILLIC.match(out[-1]):
            continue  # an accent on a Latin letter
        out.append(ch)
    text = unicodedata.normalize("NFC", "".join(out))
    return [w for w in (re.sub(r"[^\w]", "", x) for x in _SPLIT.split(text)) if w]


_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _matches(typed: tuple[str, ...], command: tuple[str, ...]) -> bool:
    return len(typed) <= len(command) and all(c.startswith(t) for t, c in zip(typed, command))


def resolve(choices: Sequence[Choice], text: str) -> list[Choice]:
    """The choices `text` names: one when it is clear, several when it is ambiguous, none
    when nothing fits. A number names the choice with that number; otherwise each typed
    word must begin the same word of a command (an exact command wins over longer ones it
    begins)."""
    text = text.strip()
    if text.isdigit():
        return [c for c in choices if c.number == int(text)]
    typed = tuple(words(text))  # what was typed is not kept (the commands' words are)
    if not typed:
        return []
    exact, partial = [], []
    for c in choices:
        forms = [_words(cmd) for cmd in c.commands]
        if typed in forms:
            exact.append(c)
        elif any(_matches(typed, f) for f in forms):
            partial.append(c)
    return exact or partial


# -- city codes -------------------------------------------------------------------------

def _letters(name: str) -> list[str]:
    return words(name)


def short_codes(names: Sequence[str]) -> list[str]:
    """A three-letter code for each name, all different: the first three letters of a
    one-word name ("Chicago" -> "CHI"), the first letter and the last word's first two of
    a longer one ("New York" -> "NYO"); a code already taken is made of the first letter
    and two later letters in order ("Charlotte" after "Charleston" -> "CHR")."""
    taken: set[str] = set()
    out = []
    for name in names:
        parts = _letters(name) or ["x"]
        first = (parts[0][:3] if len(parts) == 1 else parts[0][0] + parts[-1][:2]).upper()
        code = first
        if code in taken or len(code) < 3:
            flat = "".join(parts).upper()
            options = [flat[0] + a + b for a, b in combinations(flat[1:], 2)]
            code = next((c for c in options if c not in taken), None)
            k = 1
            while code is None or code in taken:
                code = f"{flat[:2]}{k}"
                k += 1
        taken.add(code)
        out.append(code)
    return out


@dataclass
class CodeBook:
    """Codes of one set of names in two languages: the shown language's codes, and both
    languages' codes and full names as aliases for commands."""
    shown: list[str]
    other: list[str] = field(default_factory=list)
    full: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, names: Sequence[str], other_names: Sequence[str] = ()) -> "CodeBook":
        full = ["".join(_letters(n)) for n in names]
        full += ["".join(_letters(n)) for n in other_names]
        return cls(short_codes(names), short_codes(other_names) if other_names else [], full)

    def forms(self, i: int) -> list[str]:
        """Every way to name item i in a command: its codes and its full names."""
        out = [self.shown[i]]
        if self.other:
            out.append(self.other[i])
        n = len(self.shown)
        out.append(self.full[i])
        if len(self.full) > n:
            out.append(self.full[n + i])
        seen: list[str] = []
        for f in out:
            if f.casefold() not in (s.casefold() for s in seen):
                seen.append(f)
        return seen
