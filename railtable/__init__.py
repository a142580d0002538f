"""Railtable: railway board games for people, bots and simulations."""

__version__ = "0.1.0"
