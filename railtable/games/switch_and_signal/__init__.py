"""Switch & Signal (Паровозы и семафоры), David Thompson, KOSMOS 2020: cooperative, 2-4 players.

See docs/games/switch_and_signal.md for the rules as implemented and the project's own design
of both boards and of the departure cards.

The rules (rules.py) know nothing of bots; this module wires the game's bots and its
evaluation to them, so imports flow one way: bot -> rules (docs/developing.md).
"""

from railtable.games.switch_and_signal import bot
from railtable.games.switch_and_signal.rules import SwitchAndSignalGame


class SwitchAndSignalWithBots(SwitchAndSignalGame):
    def evaluate(self, state):
        """The team's chance to win from here (the heuristic's evaluation, calibrated)."""
        return [bot.win_chance(state)] * state.num_players

    def bots(self):
        return {"heuristic": bot.make_heuristic, "farsighted": bot.make_farsighted,
                "finisher": bot.make_finisher, "greedy": bot.make_greedy}


GAME = SwitchAndSignalWithBots()

__all__ = ["GAME", "SwitchAndSignalGame"]
