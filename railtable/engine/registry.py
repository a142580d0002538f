"""Game id -> Game, discovered from the sub-packages of railtable.games."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import traceback
from functools import cache

import railtable.games
from railtable.engine.game import Game


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return self.args[0]


# Module name -> the error that stopped it from loading (see broken()).
_BROKEN: dict[str, str] = {}


def _load(module_name: str, found: dict[str, Game]) -> None:
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # one broken game must not take every command down with it
        _BROKEN[module_name] = f"{type(e).__name__}: {e}"
        print(f"railtable: game module {module_name} failed to load and is skipped: "
              f"{_BROKEN[module_name]}", file=sys.stderr)
        if os.environ.get("RAILTABLE_DEBUG"):
            traceback.print_exc()
        return
    game = getattr(module, "GAME", None)
    if isinstance(game, Game):
        found[game.id] = game


@cache
def games() -> dict[str, Game]:
    """Every installed game, by id, in a stable order."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(railtable.games.__path__), key=lambda m: m.name):
        # A folder whose name starts with "_" (the template, games in the making) is no game.
        if info.ispkg and not info.name.startswith("_"):
            _load(f"railtable.games.{info.name}", found)
    # Extra games from other modules (tests, plug-ins): RAILTABLE_GAMES="pkg.mod,other.mod",
    # each exporting GAME. Child processes inherit the variable, so pools see them too.
    for name in filter(None, os.environ.get("RAILTABLE_GAMES", "").split(",")):
        _load(name.strip(), found)
    return found


def broken() -> dict[str, str]:
    """Game modules that failed to load, with their errors (empty when all is well)."""
    games()
    return dict(_BROKEN)


def get_game(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        known = ", ".join(games()) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None


def register(game: Game) -> None:
    """Add a game that does not live in railtable.games (tests, plug-ins)."""
    games()[game.id] = game
