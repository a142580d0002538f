"""Summarise the outcomes of many games (the lines `railtable simulate --out` writes).

Conventions, for every game:
- Wins are shared: when k seats tie for the win, each gets 1/k of a win, so the wins of
  all seats add up to the number of games that had a winner. `ties` counts the games in
  which a seat won jointly with others.
- Spread is the sample standard deviation (0 for fewer than two values).
- `Result.details` are summarised per key by the type of their values: numbers as mean and
  spread per seat; booleans as the rate of True per seat; strings (a character's name) by
  value across all seats: how often the value was in play and how many (shared) wins it
  took. Other values (lists, objects, None) are left out.
- A cooperative game reports the team's win rate with a 95% Wilson interval and the
  reasons of its losses instead of wins per seat.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Iterable

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return lo, hi


def mean_std(values: list[float]) -> dict:
    if not values:
        return {"mean": None, "std": None}
    mean = statistics.fmean(values)
    std = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": mean, "std": std}


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def summarise(outcomes: Iterable[dict], *, game: str, num_players: int, seats: list[str],
              cooperative: bool, seconds: float | None = None) -> dict:
    """A JSON-safe summary of outcomes as written by `railtable.sim.pool.play_one`."""
    finished, errors = [], []
    for o in outcomes:
        if "error" in o:
            errors.append({"seed": o["seed"], "error": o["error"]})
        else:
            finished.append(o)
    n = len(finished)
    wins = [0.0] * num_players
    ties = [0] * num_players
    scores: list[list[float]] = [[] for _ in range(num_players)]
    reasons: Counter = Counter()
    decisions = []
    numbers: dict[str, list[list[float]]] = {}
    flags: dict[str, list[list[bool]]] = {}
    labels: dict[str, dict[str, dict]] = {}
    team_wins = 0
    loss_reasons: Counter = Counter()
    for o in finished:
        res = o["result"]
        winners = res["winners"]
        reasons[res["reason"]] += 1
        decisions.append(o["decisions"])
        if winners:
            team_wins += 1
            share = 1.0 / len(winners)
            for p in winners:
                wins[p] += share
                if len(winners) > 1:
                    ties[p] += 1
        else:
            loss_reasons[res["reason"]] += 1
        for p, s in enumerate(res["scores"]):
            scores[p].append(s)
        for p, det in enumerate(res.get("details") or ()):
            won = 1.0 / len(winners) if p in winners else 0.0
            for key, v in det.items():
                if isinstance(v, bool):
                    flags.setdefault(key, [[] for _ in range(num_players)])[p].append(v)
                elif _is_number(v):
                    numbers.setdefault(key, [[] for _ in range(num_players)])[p].append(v)
                elif isinstance(v, str):
                    row = labels.setdefault(key, {}).setdefault(v, {"games": 0, "wins": 0.0})
                    row["games"] += 1
                    row["wins"] += won
    per_seat = []
    for p in range(num_players):
        row = {"seat": p, "bot": seats[p] if p < len(seats) else "",
               "score": mean_std(scores[p])}
        if not cooperative:
            row.update(wins=wins[p], win_rate=wins[p] / n if n else None, ties=ties[p])
        per_seat.append(row)
    for values in labels.values():
        for row in values.values():
            row["win_rate"] = row["wins"] / row["games"]
    summary = {
        "game": game,
        "players": num_players,
        "seats": list(seats),
        "cooperative": cooperative,
        "games": n,
        "errors": errors,
        "per_seat": per_seat,
        "reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        "decisions_per_game": mean_std(decisions),
        "details": {
            "numbers": {k: [mean_std(v) for v in per] for k, per in sorted(numbers.items())},
            "flags": {k: [sum(v) / len(v) if v else None for v in per]
                      for k, per in sorted(flags.items())},
            "labels": {k: dict(sorted(vals.items())) for k, vals in sorted(labels.items())},
        },
    }
    if cooperative:
        lo, hi = wilson(team_wins, n)
        summary["team"] = {
            "wins": team_wins, "games": n, "win_rate": team_wins / n if n else None,
            "ci95": [lo, hi],
            "loss_reasons": dict(sorted(loss_reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    if seconds is not None:
        summary["seconds"] = seconds
        total = n + len(errors)
        summary["games_per_s"] = total / seconds if seconds > 0 else None
    return summary


def headline_rate(summary: dict, seat: int = 0) -> tuple[float, int]:
    """(wins, games) of the figure a difficulty curve follows: the team's wins in a
    cooperative game, else the shared wins of `seat`."""
    if summary["cooperative"]:
        return summary["team"]["wins"], summary["games"]
    return summary["per_seat"][seat]["wins"], summary["games"]
