"""Branch Line (Ветка): the project's own small route-building game, 2-4 players.
See docs/games/branch_line.md.

The rules (rules.py) know nothing of bots; this module wires the bot to them, so imports flow
one way: bot -> rules (docs/developing.md, "Imports flow one way").
"""

from railtable.games.branch_line import bot
from railtable.games.branch_line.rules import BranchLine, BranchLineState


class BranchLineWithBots(BranchLine):
    def bots(self):
        return {"heuristic": bot.HeuristicBot}


GAME = BranchLineWithBots()

__all__ = ["GAME", "BranchLine", "BranchLineState"]
