"""Railways of the World (Martin Wallace, Glenn Drover): see docs/games/railways_of_the_world.md.

The rules (rules.py) know nothing of bots; this module wires the game's bots to them, so
imports flow one way: bot -> rules (docs/developing.md, "Imports flow one way").
"""

from railtable.games.railways_of_the_world import bot
from railtable.games.railways_of_the_world.rules import RotwGame, RotwState


class RotwWithBots(RotwGame):
    def bots(self):
        return {"heuristic": bot.HeuristicBot}


GAME = RotwWithBots()

__all__ = ["GAME", "RotwGame", "RotwState"]
