"""Railways of the World (Martin Wallace, Glenn Drover): see docs/games/railways_of_the_world.md."""

from railtable.games.railways_of_the_world.rules import RotwGame, RotwState

GAME = RotwGame()

__all__ = ["GAME", "RotwGame", "RotwState"]
