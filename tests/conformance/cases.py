"""The combinations the conformance suite runs, derived from the registry alone.

For every registered game: every allowed player count, crossed with the option sets

- the defaults;
- each option value against the defaults: every other choice of a choice option, the other
  value of a boolean, the minimum and maximum of an integer option;
- all non-default values together (one set per non-default choice: the k-th set takes the
  k-th non-default value of every option, so every value of a many-valued option also
  appears next to the others' non-defaults);
- the game's difficulty_levels().

Combinations the game refuses (OptionsError: a variant for some player counts only) are
left out. Option sets are normalised through Game.parse_options, so duplicates (a difficulty level
that is the defaults) run once. A new game, or a new option, is covered without a line here.
"""

from __future__ import annotations

import dataclasses
import os
import typing
from dataclasses import dataclass
from functools import cache

from railtable.engine.game import Game, OptionsError
from railtable.engine.registry import games


@dataclass(frozen=True)
class Case:
    game_id: str
    num_players: int
    options: tuple[tuple[str, object], ...]  # the non-default options, sorted
    label: str                               # "default", "board=north_america", ...

    @property
    def game(self) -> Game:
        return games()[self.game_id]

    @property
    def options_dict(self) -> dict:
        return dict(self.options)

    @property
    def is_default(self) -> bool:
        return not self.options

    @property
    def id(self) -> str:
        return f"{self.game_id}-{self.num_players}p-{self.label}"

    def new_state(self, seed: int, *, record_events: bool = False):
        return self.game.new_state(self.num_players, seed, self.options_dict,
                                   record_events=record_events)


def registered() -> dict[str, Game]:
    """The games the registry discovers: the packages of railtable.games and the plug-in
    modules of RAILTABLE_GAMES (the toy game of tests/engine). Test doubles that single
    tests register by hand (a game that crashes on purpose) are not among them."""
    plugins = {m.strip() for m in os.environ.get("RAILTABLE_GAMES", "").split(",")}
    return {gid: g for gid, g in games().items()
            if type(g).__module__.startswith("railtable.games.")
            or type(g).__module__ in plugins}


def _non_defaults(game: Game) -> dict[str, list]:
    """Option name -> its values other than the default, in a stable order."""
    schema = game.options_schema()["properties"]
    hints = typing.get_type_hints(game.Options)
    out: dict[str, list] = {}
    for f in dataclasses.fields(game.Options):
        prop, default = schema[f.name], f.default
        if hints[f.name] is bool:
            values = [not default]
        elif "enum" in prop:
            values = [v for v in prop["enum"] if v != default]
        elif prop["type"] in ("integer", "number"):
            values = [v for v in (prop.get("minimum"), prop.get("maximum"))
                      if v is not None and v != default]
        else:  # a free string or an unbounded number: no value to enumerate
            values = []
        if values:
            out[f.name] = values
    return out


def _normal(game: Game, options: dict) -> tuple[tuple[str, object], ...]:
    """The options that differ from the defaults, as a sorted tuple (a stable key)."""
    full = game.options_to_json(game.parse_options(options))
    defaults = game.options_to_json(game.parse_options(None))
    return tuple(sorted((k, v) for k, v in full.items() if defaults[k] != v))


def _label(options: tuple) -> str:
    return ",".join(f"{k}={v}" for k, v in options) or "default"


def _valid(game: Game, n: int, options: dict) -> bool:
    """Whether the game accepts the options at this player count (some variants are for
    some counts only: the game refuses the others with OptionsError)."""
    try:
        game.new_state(n, 0, options, record_events=False)
    except OptionsError:
        return False
    return True


@cache
def option_sets(game_id: str, n: int) -> list[tuple[str, tuple]]:
    """(label, options) for every option set the game accepts with n players, defaults
    first, no duplicates. A set of all non-default values drops, in the order of the
    options, each value the game refuses next to those already taken."""
    game = games()[game_id]
    found: dict[tuple, str] = {(): "default"}

    def add(options: dict, label: str | None = None) -> None:
        if _valid(game, n, options):
            key = _normal(game, options)
            found.setdefault(key, label or _label(key))

    nd = _non_defaults(game)
    for name, values in nd.items():
        for v in values:
            add({name: v})
    for k in range(max((len(v) for v in nd.values()), default=0)):
        together: dict = {}
        for name, values in nd.items():
            if _valid(game, n, {**together, name: values[k % len(values)]}):
                together[name] = values[k % len(values)]
        add(together, f"all_non_default_{k + 1}")
    for name, options in game.difficulty_levels():
        add(options, f"level_{name}")
    return [(label, key) for key, label in found.items()]


@cache
def cases() -> list[Case]:
    out = []
    for game_id, game in registered().items():
        for n in range(game.min_players, game.max_players + 1):
            for label, options in option_sets(game_id, n):
                out.append(Case(game_id, n, options, label))
    return out
