"""An arena: bots play many games of one game with the seats rotated, then get ratings.

Game i uses seed `seed + i` and seats the line-up rotated by i places, so with a number of
games that is a multiple of the player count every bot sits in every seat equally often.
Results are read as pairwise comparisons and rated with Bradley-Terry (railtable.sim.ratings);
the whole run is reproducible from the seed.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Callable

from railtable.engine.game import Game
from railtable.sim.pool import batch_for, run_games
from railtable.sim.ratings import head_to_head, rate, wilson


def lineup(specs: list[str], players: int) -> list[str]:
    """The seats of game 0: the specs in order, repeated to fill every seat."""
    return [specs[i % len(specs)] for i in range(players)]


def _games_won(results: list[tuple[tuple[str, ...], tuple[int, ...]]], bot: str,
               ) -> tuple[int, float]:
    """Games the bot sat in, and games it won (a win shared by k winners counts 1/k for
    each winning seat; a bot holding several winning seats adds them up)."""
    played, won = 0, 0.0
    for seats, winners in results:
        if bot in seats:
            played += 1
            if winners:
                won += sum(1 for s in winners if seats[s] == bot) / len(winners)
    return played, won


def run_arena(game: Game, players: int, specs: list[str], seed: int, games: int,
              options=None, *, jobs: int = 1, bootstrap: int = 200,
              on_done: Callable[[int], None] | None = None) -> dict:
    seats = lineup(specs, players)
    batch = batch_for(game, players, seats, seed, games, options)
    batch = type(batch)(**{**asdict(batch), "bots": tuple(seats), "rotate": True})
    entrants = list(dict.fromkeys(specs))
    results, errors = [], []
    for out in run_games(batch, jobs, on_done=on_done):
        if "error" in out:
            errors.append({"seed": out["seed"], "error": out["error"]})
        else:
            results.append((tuple(out["seats"]), tuple(out["result"]["winners"])))
    ratings = rate(results, entrants, bootstrap=bootstrap, seed=seed)
    share = head_to_head(results, entrants)
    table = []
    for r in sorted(ratings, key=lambda r: -r.elo):
        played, won = _games_won(results, r.bot)
        low, high = wilson(won, played)
        table.append({"bot": r.bot, "elo": round(r.elo, 1), "elo_low": round(r.low, 1),
                      "elo_high": round(r.high, 1), "seats_played": r.games,
                      "games": played, "wins": round(won, 3),
                      "win_rate": round(won / played, 4) if played else None,
                      "win_rate_low": round(low, 4), "win_rate_high": round(high, 4)})
    return {
        "game": game.id, "players": players, "bots": entrants, "seats_game_0": seats,
        "seed": seed, "games": len(results), "options": batch.options, "errors": errors,
        "ratings": table,
        "head_to_head": {a: {b: (None if share[i][j] is None else round(share[i][j], 4))
                             for j, b in enumerate(entrants) if j != i}
                         for i, a in enumerate(entrants)},
    }
