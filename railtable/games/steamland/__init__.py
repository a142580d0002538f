"""Steamland (Пароземелье), 2-6 players. See docs/games/steamland.md.

The rules (rules.py) know nothing of bots; this module wires the game's bots and its
evaluation to them, so imports flow one way: bot -> rules (docs/developing.md).
"""

from railtable.games.steamland import bot
from railtable.games.steamland.rules import SteamlandGame


class SteamlandWithBots(SteamlandGame):
    def evaluate(self, state):
        """Each seat's chance to win from here (`bot.win_chances`)."""
        return bot.win_chances(state)

    def bots(self):
        return {"heuristic": bot.HeuristicBot}


GAME = SteamlandWithBots()
