"""Game-independent players and the bot-spec syntax ("random", "heuristic", "mcts(ms=500)")."""

from railtable.bots.base import Bot, make_bot
from railtable.bots.spec import BotSpec, parse_spec, split_specs

__all__ = ["Bot", "BotSpec", "make_bot", "parse_spec", "split_specs"]
