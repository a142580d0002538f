"""Ratings of accounts, per game (issue #24; docs/server.md, "Ratings"): OpenSkill's
Plackett-Luce model, a mean `mu` and an uncertainty `sigma` per account and game, shown as the
ordinal mu - 3 sigma (a rating the player is very likely above).

A table is rated when it was created rated (the default; "rated": false opts out), it has no
bot seat, nobody used undo, and each seat belongs to an account when it finishes. The update
runs inside the transaction that stores the finishing move (Store.append_actions), whose
compare-and-set on the table's version lets only one worker finish a table; the history's
unique (account, table) row makes a second update of the same table impossible anyway.

A cooperative game (Switch & Signal) rates the whole team against the game as one opponent
of a fixed rating (OpenSkill's default, mu 25, sigma 25/3): a win moves every member up, a
loss down; the opponent's rating itself never changes.
"""

from __future__ import annotations

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


def new_ratings(old: list[tuple[float, float] | None], outcome: dict
                ) -> list[tuple[float, float]]:
    """The (mu, sigma) of each player after a game: `old` their ratings before it (None: a
    first game of this game), `outcome` from ranks()."""
    players = [MODEL.rating() if r is None else MODEL.rating(mu=r[0], sigma=r[1])
               for r in old]
    if "team_won" in outcome:
        teams = MODEL.rate([players, [MODEL.rating()]],
                           ranks=[1, 2] if outcome["team_won"] else [2, 1])
        out = teams[0]
    else:
        out = [t[0] for t in MODEL.rate([[p] for p in players], ranks=outcome["ranks"])]
    return [(p.mu, p.sigma) for p in out]
