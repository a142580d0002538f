"""One encoder per game: `railtable/rl/encoders/<game id>.py` exports `ENCODER`, an
`Encoder` subclass (railtable.rl.encoding). A game without one (a plug-in, the toy game of
the tests) gets the envelope alone (`EnvelopeEncoder`)."""

from __future__ import annotations

import importlib
from typing import Any

from railtable.rl.encoding import Encoder


class EnvelopeEncoder(Encoder):
    """The envelope's slices only: for games that have no encoder of their own."""

    def __init__(self, game: Any, num_players: int, options: Any) -> None:
        self.phases = ()
        super().__init__(game, num_players, options)

    # The phase slice is empty: the phases of an unknown game are not known in advance.

    def fill(self, obs: dict, seat: int, out: list) -> None:
        pass


def encoder_for(game: Any, num_players: int, options: Any) -> Encoder:
    """The encoder of `game` for this player count and options (parsed Options)."""
    try:
        module = importlib.import_module(f"railtable.rl.encoders.{game.id}")
    except ModuleNotFoundError as e:
        if e.name != f"railtable.rl.encoders.{game.id}":
            raise
        return EnvelopeEncoder(game, num_players, options)
    return module.ENCODER(game, num_players, options)
