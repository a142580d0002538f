"""Switch & Signal (Паровозы и семафоры), David Thompson, KOSMOS 2020: cooperative, 2-4 players.

See docs/games/switch_and_signal.md for the rules as implemented and the project's own design
of both boards and of the departure cards.
"""

from railtable.games.switch_and_signal.rules import SwitchAndSignalGame

GAME = SwitchAndSignalGame()

__all__ = ["GAME", "SwitchAndSignalGame"]
