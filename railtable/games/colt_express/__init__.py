"""Colt Express (Ludonaute, 2014): rob the train in five rounds of Schemin' and Stealin'.

The rules (rules.py) know nothing of bots; this module wires the game's bots to them, so
imports flow one way: bot -> rules (docs/developing.md, "Imports flow one way").
"""

from railtable.games.colt_express import bot
from railtable.games.colt_express.rules import ColtExpress, ColtState, Options


class ColtExpressWithBots(ColtExpress):
    def bots(self):
        return {"heuristic": bot.HeuristicBot}


GAME = ColtExpressWithBots()

__all__ = ["GAME", "ColtExpress", "ColtState", "Options"]
