"""Checking what a person typed: game ids, options JSON, player counts, seat and bot specs.

Every check raises `InputError` with a one-line message meant for the person, so the
command line can print it and exit without a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from railtable.bots.base import make_bot
from railtable.bots.spec import SpecError, parse_spec, split_specs
from railtable.engine.game import Game, OptionsError
from railtable.engine.registry import UnknownGame, get_game
from railtable.sim.match import close_bots

HUMAN = "human"


class InputError(ValueError):
    """Bad input from the command line; the message is one line for a person."""


def load_game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except UnknownGame as e:
        raise InputError(str(e)) from None


def parse_options(game: Game, text: str | None) -> Any:
    """The game's Options from a JSON object given on the command line (None: defaults)."""
    if text is None or not text.strip():
        return game.parse_options(None)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"--options is not valid JSON ({e.msg} at column {e.colno}): "
                         f"{text}") from None
    try:
        return game.parse_options(data)
    except OptionsError as e:
        raise InputError(str(e)) from None


def check_setup(game: Game, num_players: int, options: Any) -> None:
    """Refuse options that the game cannot be set up with for this many players.

    Some options are valid alone but not for every player count (an expert variant
    for one bandit per player, say), so one state is built to let the game say so once,
    before any game is played.
    """
    check_players(game, num_players)
    try:
        game.new_state(num_players, 0, options, record_events=False)
    except OptionsError as e:
        raise InputError(f"{game.id} with {num_players} players: {e}") from None


def check_players(game: Game, num_players: int) -> None:
    try:
        game.check_players(num_players)
    except OptionsError as e:
        raise InputError(str(e)) from None


def split(text: str, what: str) -> list[str]:
    try:
        return split_specs(text)
    except SpecError as e:
        raise InputError(f"{what}: {e}") from None


def check_bot(game: Game, spec: str, seat: int = 0) -> str:
    """The spec in canonical form, after making one bot from it to surface any error."""
    try:
        parsed = parse_spec(spec)
        close_bots([make_bot(parsed, game, seat, 0)])
    except SpecError as e:
        raise InputError(str(e)) from None
    except (TypeError, ValueError) as e:  # a factory refusing a parameter value
        raise InputError(f"bad bot spec {spec!r}: {e}") from None
    except Exception as e:  # a broken game or bot module: still one line, naming the cause
        raise InputError(f"cannot make bot {spec!r} for {game.id}: "
                         f"{type(e).__name__}: {e}") from None
    return str(parsed)


def bot_specs(game: Game, text: str, num_players: int) -> list[str]:
    """One bot spec per seat: exactly `num_players` specs, or a single spec for every seat."""
    check_players(game, num_players)
    specs = split(text, "--bots")
    if len(specs) == 1:
        specs = specs * num_players
    if len(specs) != num_players:
        raise InputError(f"--bots lists {len(specs)} bots for {num_players} players; give "
                         f"one spec per seat or a single spec for every seat")
    return [check_bot(game, s, seat) for seat, s in enumerate(specs)]


def seat_specs(game: Game, text: str) -> list[str]:
    """Seats for `play`: "human" or a bot spec each; their number is the player count."""
    specs = split(text, "--seats")
    check_players(game, len(specs))
    out = []
    for seat, s in enumerate(specs):
        out.append(HUMAN if s.strip().lower() == HUMAN else check_bot(game, s, seat))
    return out


def check_lang(lang: str) -> str:
    if lang not in ("ru", "en"):
        raise InputError(f"--lang must be ru or en, not {lang!r}")
    return lang
