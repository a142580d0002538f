"""The Bot interface and the factory that turns a spec into a bot for a seat.

A bot is given the real state when it is its seat's turn. It must decide only from what
that seat may know: its observation, public fields, or copies made with
`state.determinize(seat, rng)`. It never reads another seat's hidden cards or the deck order.
"""

from __future__ import annotations

import random

from railtable.bots.spec import BotSpec, SpecError, parse_spec
from railtable.engine.game import Game, State


class Bot:
    name = "bot"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, state: State) -> int:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the bot holds (worker processes); called when its game is over."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def policy_bot(seat: int, seed: int = 0, **params) -> Bot:
    """policy(path=FILE): a policy trained by `railtable train` (railtable.rl.policy)."""
    try:
        from railtable.rl.policy import PolicyBot
    except ImportError as e:  # imported on use: NumPy and Gymnasium are the `rl` extra
        raise ValueError(f"policy bots need the rl extra (pip install 'railtable[rl]'): "
                         f"{e}") from None
    return PolicyBot(seat, seed, **params)


def _generic_bots() -> dict:
    bots = {"random": RandomBot, "policy": policy_bot}
    try:  # information-set MCTS, when installed (see railtable.bots.mcts)
        from railtable.bots.mcts import MCTSBot
        bots["mcts"] = MCTSBot
    except ImportError:
        pass
    return bots


def available_bots(game: Game) -> list[str]:
    return sorted(set(_generic_bots()) | set(game.bots()))


def make_bot(spec: str | BotSpec, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot for `seat` from a spec such as "random", "heuristic" or "mcts(ms=500)"."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    factory = game.bots().get(spec.name) or _generic_bots().get(spec.name)
    if factory is None:
        raise SpecError(
            f"unknown bot {spec.name!r} for {game.id}; available: "
            f"{', '.join(available_bots(game))}")
    try:
        bot = factory(seat, seed, **spec.params)
        check = getattr(bot, "check_game", None)  # parameters that depend on the game
        if check is not None:
            check(game)
        return bot
    except (TypeError, ValueError) as e:
        raise SpecError(f"bad parameters for bot {spec}: {e}") from None
