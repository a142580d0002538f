"""Fixed-size numeric observations: the base of every game's encoder.

An encoder turns one seat's observation dict (`State.observation(seat)`, the same dict the
browser and the terminal get) into a flat float32 vector of a size fixed by the game, the
player count and the options. It reads nothing else of the state, so the vector leaks
nothing the seat cannot see: two states that give the seat the same observation give it
the same vector.

The vector is a sequence of named slices (as OpenSpiel's observer tensors): each game's
encoder declares its slices with their shapes once, in `__init__`, and writes them in that
order in `fill`. Every encoder starts with the envelope's slices (`Encoder.__init__`):

    current_player  (n,)   one-hot of the seat to move, counted from the viewer (index 0:
                           the viewer itself, 1: the next seat...); all 0 once over
    phase           (P,)   one-hot of the envelope's phase among the game's phase names
    round           (1,)   the envelope's round (0 when the game has none)
    scores          (n,)   the public running scores, from the viewer on (0 when hidden)

Seats are always counted from the viewer ("egocentric", as PettingZoo's classic games do):
slot k of a per-seat slice is seat (viewer + k) mod n.
"""

from __future__ import annotations

from typing import Any

import numpy as np

DTYPE = np.float32


class Encoder:
    """A game's encoder for one player count and options. Subclasses declare their slices
    in `__init__` (after calling the base's) with `slice(name, *shape)`, and write them in
    the same order in `fill(obs, seat, out)` by appending numbers to `out`."""

    phases: tuple[str, ...] = ("play", "over")

    def __init__(self, game: Any, num_players: int, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.slices: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.size = 0
        self._phase = {p: i for i, p in enumerate(self.phases)}
        n = num_players
        self.slice("current_player", n)
        self.slice("phase", len(self.phases))
        self.slice("round", 1)
        self.slice("scores", n)

    def slice(self, name: str, *shape: int) -> None:
        """Declare the next slice of the vector."""
        if name in self.slices:
            raise ValueError(f"slice {name!r} declared twice")
        k = 1
        for d in shape:
            k *= d
        self.slices[name] = (self.size, tuple(shape))
        self.size += k

    def seats(self, seat: int) -> list[int]:
        """The seats in the vector's order: the viewer first, then the next seats."""
        n = self.num_players
        return [(seat + k) % n for k in range(n)]

    # -- encoding -----------------------------------------------------------------------

    def encode(self, obs: dict) -> np.ndarray:
        """The vector of one seat's observation."""
        seat = obs["seat"]
        n = self.num_players
        out: list[float] = [0.0] * n
        cur = obs["current_player"]
        if cur is not None:
            out[(cur - seat) % n] = 1.0
        ph = [0.0] * len(self.phases)
        if ph:
            i = self._phase.get(obs["phase"])
            if i is None:
                raise ValueError(f"{self.game.id}: phase {obs['phase']!r} is not among the "
                                 f"encoder's phases {self.phases}")
            ph[i] = 1.0
        out += ph
        out.append(obs["round"] or 0)
        scores = obs["scores"]
        if scores is None:
            out += [0.0] * n
        else:
            out += [scores[q] for q in self.seats(seat)]
        self.fill(obs, seat, out)
        if len(out) != self.size:
            raise AssertionError(f"{type(self).__name__} wrote {len(out)} numbers, "
                                 f"declared {self.size}")
        return np.fromiter(out, DTYPE, self.size)  # faster than np.asarray on a list

    def fill(self, obs: dict, seat: int, out: list) -> None:
        raise NotImplementedError

    def view(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector's named slices, each reshaped to its declared shape (views, no copy)."""
        return {name: vector[start:start + int(np.prod(shape))].reshape(shape)
                for name, (start, shape) in self.slices.items()}

    def describe(self) -> list[tuple[str, tuple[int, ...], int]]:
        """(name, shape, offset) of every slice, in order (for docs and debugging)."""
        return [(name, shape, start) for name, (start, shape) in self.slices.items()]


def one_hot(index: int | None, size: int) -> list[float]:
    """size numbers, 1 at `index` (none when index is None)."""
    v = [0.0] * size
    if index is not None:
        v[index] = 1.0
    return v
