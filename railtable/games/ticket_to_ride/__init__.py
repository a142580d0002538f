"""Ticket to Ride (North America), 2-5 players. See docs/games/ticket_to_ride.md."""

from .rules import TicketToRideGame, TicketToRideState

GAME = TicketToRideGame()

__all__ = ["GAME", "TicketToRideGame", "TicketToRideState"]
