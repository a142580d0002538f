"""Play one match between bots, optionally keeping its record."""

from __future__ import annotations

import time
from dataclasses import dataclass

from railtable.bots.base import make_bot
from railtable.engine.game import Game, State
from railtable.engine.record import Record, start

# Guards against a game that never ends (a bug): far above any real game's length.
MAX_DECISIONS = 200_000


class RunawayGame(RuntimeError):
    pass


@dataclass
class Match:
    state: State
    decisions: int
    record: Record | None
    # With timing: per seat, the seconds each decision with a real choice (two or more
    # legal actions) took the bot.
    think: list[list[float]] | None = None
    # With timing, for the seats of search bots: the playouts each of those decisions
    # finished (a bot reports them in `last_playouts`); None for the other seats.
    playouts: list[list[int] | None] | None = None


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot gets its own generator, fixed by the match seed."""
    return (seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def close_bots(bots) -> None:
    """Let each bot release what it holds (a search pool); bots without close() hold
    nothing."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is not None:
            close()


def play_match(game: Game, num_players: int, seed: int, bots: list[str], options=None, *,
               keep_record: bool = False, record_events: bool = False,
               timing: bool = False) -> Match:
    if len(bots) != num_players:
        raise ValueError(f"{len(bots)} bots for {num_players} seats")
    opts = game.parse_options(options)
    players = [make_bot(spec, game, seat, bot_seed(seed, seat)) for seat, spec in enumerate(bots)]
    state = game.new_state(num_players, seed, opts, record_events=record_events)
    record = start(game, num_players, seed, opts, bots) if keep_record else None
    n = 0
    think = [[] for _ in range(num_players)] if timing else None
    playouts = ([[] if hasattr(b, "last_playouts") else None for b in players]
                if timing else None)
    clock = time.perf_counter
    try:
        while True:
            p = state.current_player()
            if p < 0:
                break
            if think is not None and len(state.legal_actions()) > 1:
                t = clock()
                a = players[p].act(state)
                think[p].append(clock() - t)
                if playouts[p] is not None:
                    playouts[p].append(players[p].last_playouts)
            else:
                a = players[p].act(state)
            if record is not None:
                record.actions.append(game.action_to_json(state, a))
            state.apply(a)
            n += 1
            if n > MAX_DECISIONS:
                raise RunawayGame(f"{game.id} seed {seed}: no end after {n} decisions")
    finally:
        close_bots(players)
    if record is not None:
        record.result = state.result().to_json()
    return Match(state, n, record, think, playouts)
