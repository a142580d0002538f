"""Colt Express (Ludonaute, 2014): rob the train in five rounds of Schemin' and Stealin'."""

from railtable.games.colt_express.rules import ColtExpress, ColtState, Options

GAME = ColtExpress()

__all__ = ["GAME", "ColtExpress", "ColtState", "Options"]
