"""Ticket to Ride (North America), 2-5 players. See docs/games/ticket_to_ride.md.

The rules (rules.py) know nothing of bots; this module wires the game's bots and its
opponent model to them, so imports flow one way: bot, belief -> rules (docs/developing.md).
"""

from . import belief, bot
from .rules import TicketToRideGame, TicketToRideState


class TicketToRideWithBots(TicketToRideGame):
    def world_sampler(self, state, seat: int):
        """The opponent model of search bots: `belief.world_sampler`."""
        return belief.world_sampler(state, seat)

    def bots(self) -> dict:
        return {"heuristic": bot.HeuristicBot, "cautious": bot.CautiousBot}


GAME = TicketToRideWithBots()

__all__ = ["GAME", "TicketToRideGame", "TicketToRideState"]
