"""Game id -> Game, discovered from the sub-packages of railtable.games."""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

import railtable.games
from railtable.engine.game import Game


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return self.args[0]


@cache
def games() -> dict[str, Game]:
    """Every installed game, by id, in a stable order."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(railtable.games.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"railtable.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    # Extra games from other modules (tests, plug-ins): RAILTABLE_GAMES="pkg.mod,other.mod",
    # each exporting GAME. Child processes inherit the variable, so pools see them too.
    for name in filter(None, os.environ.get("RAILTABLE_GAMES", "").split(",")):
        game = getattr(importlib.import_module(name.strip()), "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found


def get_game(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        known = ", ".join(games()) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None


def register(game: Game) -> None:
    """Add a game that does not live in railtable.games (tests, plug-ins)."""
    games()[game.id] = game
