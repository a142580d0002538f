"""The words every game shares: seat names, counted nouns and end-of-game texts.

- `seat_name(p, lang, names)`: the table's name of seat p when known, else "Player n" /
  "Игрок n" (language.json). Every game's log line names its players through it.
- `fill(template, catalogue, lang, **fields)`: `template.format(...)`, where a field
  written `{count:@card}` becomes the number with its noun in the right plural form:
  the forms are the catalogue's `"plurals"` entry (`{"one": "карта", "few": "карты",
  "many": "карт", "other": "карты"}`) and the form of a number is Babel's plural rule
  of the language (CLDR), so "1 карта, 2 карты, 5 карт, 11 карт, 21 карта".
- `reason_text` / `detail_rows`: a result's reason and per-seat details as catalogue
  texts (the game's `"reasons"` and `"details"`), booleans as yes/no.
"""

from __future__ import annotations

import json
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from babel import Locale

_SITE = json.loads((Path(__file__).with_name("language.json")).read_text(encoding="utf-8"))


def site(lang: str) -> dict:
    """The shared words (language.json) of `lang`, English when it has none."""
    return _SITE.get(lang) or _SITE["en"]


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang)
    except Exception:  # noqa: BLE001 - an unknown language counts like English
        return Locale("en")


def plural_form(n: float, lang: str) -> str:
    """The CLDR plural category of n in `lang` ("one", "few", "many", "other")."""
    return _locale(lang).plural_form(abs(n))


def count(n: Any, forms: dict | str, lang: str) -> str:
    """n with its noun: `forms` is {"one": ..., "few": ..., "many": ..., "other": ...}."""
    if isinstance(forms, str):
        return f"{n} {forms}"
    noun = forms.get(plural_form(n, lang)) or forms.get("other") or next(iter(forms.values()))
    return f"{n} {noun}"


def seat_name(p: int, lang: str, names: Sequence[str | None] | None = None) -> str:
    """Seat p as the table calls it: its name when known, else "Player n" / "Игрок n"."""
    if names is not None and 0 <= p < len(names) and names[p]:
        return str(names[p])
    return site(lang)["player"].format(n=p + 1)


def bot_name(p: int, spec: str | None, lang: str) -> str:
    """A bot's seat as the log names it: "Bot 2 (heuristic)" / "Бот 2 (эвристика)"."""
    kind = (spec or "random").split("(", 1)[0].strip()
    texts = site(lang)
    return texts["bot"].format(n=p + 1, bot=texts["bot_names"].get(kind, kind))


def table_names(seats: Sequence[Any], lang: str) -> list[str | None]:
    """The names a table's log uses: a person's name (None while the seat is free: "Player
    n"), a bot's seat as `bot_name`. `seats`: objects with kind, bot and name."""
    return [s.name if s.kind != "bot" else bot_name(i, s.bot, lang)
            for i, s in enumerate(seats)]


class _Filler(string.Formatter):
    def __init__(self, plurals: dict, lang: str) -> None:
        self.plurals, self.lang = plurals, lang

    def format_field(self, value: Any, spec: str) -> str:
        if spec.startswith("@"):
            return count(value, self.plurals[spec[1:]], self.lang)
        return super().format_field(value, spec)


def fill(template: str, catalogue: dict, lang: str, /, **fields: Any) -> str:
    """`template.format(**fields)` with `{n:@noun}` counted by the catalogue's plurals."""
    if "@" not in template:
        return template.format(**fields)
    return _Filler(catalogue.get("plurals", {}), lang).vformat(template, (), fields)


def value_text(v: Any, lang: str) -> str:
    """A detail's value as a player reads it: yes/no for booleans, numbers plain."""
    if isinstance(v, bool):
        return site(lang)["yes" if v else "no"]
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def reason_text(catalogue: dict, reason: str | None, lang: str) -> str:
    """Why the game ended, from the game's `"reasons"` (or the shared ones)."""
    return (catalogue.get("reasons", {}).get(reason) or site(lang)["reasons"].get(reason)
            or "—")


def detail_rows(catalogue: dict, details: Sequence[dict], lang: str) -> list[tuple[str, list[str]]]:
    """The result's details as (label, one text per seat) rows, labels from the game's
    `"details"` catalogue; `"detail_values"` maps a key whose values are ids to the
    catalogue section that names them ({"bandit": "bandits"})."""
    labels = catalogue.get("details", {})
    named = catalogue.get("detail_values", {})
    keys: list[str] = []
    for d in details:
        keys += [k for k in d if k not in keys]
    rows = []
    for k in keys:
        vals = []
        for d in details:
            v = d.get(k)
            if k in named and isinstance(v, str):  # "belle+doc": two bandits
                names = catalogue.get(named[k], {})
                vals.append(" + ".join(names.get(x, x) for x in v.split("+")))
            else:
                vals.append(value_text(v, lang))
        rows.append((labels.get(k, k), vals))
    return rows
