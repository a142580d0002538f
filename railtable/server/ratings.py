"""Ratings of accounts, per game (issue #24; docs/server.md, "Ratings"): OpenSkill's
Plackett-Luce model, a mean `mu` and an uncertainty `sigma` per account and game, shown as the
ordinal mu - 3 sigma (a rating the player is very likely above).

A table is rated when it was created rated (the default; "rated": false opts out), it has no
bot seat, nobody used undo, and each seat belongs to an account when it finishes. The update
runs inside the transaction that stores the finishing move (Store.append_actions), whose
compare-and-set on the table's version lets only one worker finish a table; the history's
unique (account, table) row makes a second update of the same table impossible anyway.

A cooperative game (Switch & Signal) rates the team against the game at the table's setup
(its options and number of players): each setup is an opponent with a rating of its own,
which learns from every team that plays it, as a player's does. It is played as a team of as
many members as the table has seats, each of the setup's rating, so a team of equal rating
is an even match whatever its size. A new setup starts from the prior of its difficulty
level (Game.difficulty_levels, easiest to hardest): the level of the game's defaults at
OpenSkill's default mean, each level harder one `beta` above it (beta, 25/6, is the model's
scale of one "class" of skill), each easier one below. So a win on a harder setup moves the
team up more, and a loss on it down less, from the first game on.
"""

from __future__ import annotations

import hashlib
import json

from openskill.models import PlackettLuce

from railtable.server.lifecycle import standing

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def ranks(result: dict, seats, cooperative: bool) -> dict:
    """What the rating update needs of a finished game: each seat's rank (1 the best, equal
    ranks for a tie, forfeited seats last), or for a cooperative game whether the team won."""
    st = standing(result, seats, cooperative)
    if cooperative:
        return {"team_won": bool(st["winners"])}
    forfeited, winners = set(st["forfeited"]), set(st["winners"])
    scores = result["scores"]
    keys = [(i in forfeited, i not in winners, -scores[i]) for i in range(len(seats))]
    levels = sorted(set(keys))
    return {"ranks": [levels.index(k) + 1 for k in keys]}


def level_of(game, options: dict) -> tuple[str | None, float]:
    """The named difficulty level these options are (compared on the options that the
    levels set), and the prior mean of its opponent; (None, the default mean) for options
    that are no level, or a game without levels."""
    levels = game.difficulty_levels()
    if not levels:
        return None, MODEL.mu
    keys = {k for _, opts in levels for k in opts}
    # the reference: the level of the game's defaults (no options), else the middle one
    ref = next((i for i, (_, opts) in enumerate(levels) if not opts), len(levels) // 2)
    for i, (name, opts) in enumerate(levels):
        full = game.options_to_json(game.parse_options(opts))
        if all(full[k] == options.get(k) for k in keys):
            return name, MODEL.mu + (i - ref) * MODEL.beta
    return None, MODEL.mu


def setup(game, options: dict, players: int) -> dict:
    """The opponent a cooperative table's team plays against: its key (every option and
    the number of players), its difficulty level and prior mean."""
    canonical = json.dumps(options, sort_keys=True, separators=(",", ":"))
    key = hashlib.sha256(f"{players}:{canonical}".encode()).hexdigest()[:32]
    level, mu = level_of(game, options)
    return {"key": key, "players": players, "options": options, "level": level, "mu": mu}


def new_ratings(old: list[tuple[float, float] | None], outcome: dict,
                opponent: tuple[float, float] | None = None
                ) -> tuple[list[tuple[float, float]], tuple[float, float] | None]:
    """The (mu, sigma) of each player after a game, and of the opponent of a cooperative
    game: `old` the players' ratings before it (None: a first game of this game),
    `outcome` from ranks(), `opponent` the setup's rating (a cooperative game; None: a
    new setup at the default rating)."""
    players = [MODEL.rating() if r is None else MODEL.rating(mu=r[0], sigma=r[1])
               for r in old]
    if "team_won" in outcome:
        mu, sigma = opponent if opponent is not None else (MODEL.mu, MODEL.sigma)
        game = [MODEL.rating(mu=mu, sigma=sigma) for _ in players]  # one member per seat
        team, game = MODEL.rate([players, game],
                                ranks=[1, 2] if outcome["team_won"] else [2, 1])
        return [(p.mu, p.sigma) for p in team], (game[0].mu, game[0].sigma)
    out = [t[0] for t in MODEL.rate([[p] for p in players], ranks=outcome["ranks"])]
    return [(p.mu, p.sigma) for p in out], None
