"""TEMPLATE: a game folder to copy (docs/adding-a-game.md). The registry skips folders whose
name starts with "_", so this one is never registered; a copy named after the game's id is.

This module wires the bots (and, if the game has them, `evaluate` and `world_sampler`) to the
rules, so that rules.py never imports bot.py: imports flow one way (docs/developing.md).
"""

from . import bot
from .rules import TemplateGame, TemplateState


class TemplateWithBots(TemplateGame):
    def bots(self):
        return {"heuristic": bot.HeuristicBot}


GAME = TemplateWithBots()

__all__ = ["GAME", "TemplateGame", "TemplateState"]
