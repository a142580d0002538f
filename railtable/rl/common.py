"""What the PettingZoo and the Gymnasium environments share: one table of a game, player
count and options, its spaces, its masks and its rewards."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
from gymnasium import spaces

from railtable.engine.game import Game, State
from railtable.engine.registry import get_game
from railtable.rl.encoders import encoder_for

REWARDS = ("win", "score_diff")
# What an illegal action costs the seat that took it (the episode then ends for everyone).
ILLEGAL_REWARD = -1.0


class Table:
    """A game, a player count and options, with the encoder and the spaces they fix."""

    def __init__(self, game: str | Game, num_players: int | None = None, options: Any = None,
                 reward: str = "win") -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        g = self.game
        self.num_players = g.min_players if num_players is None else num_players
        g.check_players(self.num_players)
        self.options = g.parse_options(options)
        # Some options exclude each other or a player count: the game says so at its deal.
        g.new_state(self.num_players, 0, self.options, record_events=False)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward = reward
        self.encoder = encoder_for(g, self.num_players, self.options)
        self.num_actions = g.num_actions
        self.vector_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.mask_space = spaces.Box(0, 1, (self.num_actions,), np.int8)
        self.action_space = spaces.Discrete(self.num_actions)

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.num_players, seed, self.options, record_events=False)

    def mask(self, state: State, seat: int) -> np.ndarray:
        """int8, 1 at each legal action of `seat` (all 0 when another seat decides)."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player() == seat:
            m[state.legal_actions()] = 1
        return m

    def vector(self, state: State, seat: int) -> np.ndarray:
        return self.encoder.encode(state.observation(seat))

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward at the end of the game (see docs/rl.md, "Rewards").

        win: the engine's returns(): 1 for a sole winner, 1/k for each of k tied winners,
            0 for the others; in a cooperative game 1 for every seat when the team wins,
            0 when it loses.
        score_diff: the seat's score minus the best score among the other seats; in a
            cooperative game the team's score.
        """
        if self.reward == "win":
            return [float(x) for x in state.returns()]
        scores = state.result().scores
        n = self.num_players
        if self.game.cooperative or n == 1:
            return [float(scores[p]) for p in range(n)]
        return [float(scores[p] - max(scores[q] for q in range(n) if q != p))
                for p in range(n)]

    def render(self, state: State, seat: int | None, lang: str = "en") -> str:
        """The position as plain text, as `railtable play` shows it to `seat`."""
        return plain(self.game.render_text(state.observation(seat), lang))


# A Rich markup tag, as Rich's own parser finds them (rich/markup.py): a bracket opening
# on a lowercase letter, #, / or @, after any backslashes (an odd number escapes it).
_TAG = re.compile(r"(\\*)\[([a-z#/@][^[]*?)]")


def _untag(m: re.Match) -> str:
    slashes, tag = m.group(1), m.group(2)
    if len(slashes) % 2:  # escaped: the bracket is text
        return slashes[:-1] + "[" + tag + "]"
    return slashes


def plain(markup: str) -> str:
    """Rich markup as plain text (Rich's own parser is many times slower on big boards)."""
    return _TAG.sub(_untag, markup)


def fresh_seed() -> int:
    """A game seed when the caller gives none."""
    return random.SystemRandom().getrandbits(63)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: railtable/ColtExpress-v0 for colt_express."""
    return "railtable/" + "".join(w.capitalize() for w in game_id.split("_")) + "-v0"
