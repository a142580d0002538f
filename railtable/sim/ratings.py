"""Ratings from game results: Bradley-Terry strengths with bootstrap confidence intervals.

A game with several seats is read as pairwise comparisons between the bots that took part:
for every two seats played by different bots, a winner beats a non-winner, and two winners
or two non-winners tie (half a win each). Strengths are fitted by Hunter's MM algorithm
with one virtual tie between every two bots, which keeps a bot that won every comparison
finite. They are reported on the Elo scale (400 * log10), centred so the mean is 1500.

For a proportion (a win rate) there is the Wilson interval, and for two teams of a
cooperative game that played the same deals, the paired difference of their win rates.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

Game = tuple[tuple[str, ...], tuple[int, ...]]  # (bot of each seat, winning seats)


@dataclass
class Rating:
    bot: str
    elo: float
    low: float  # 95% interval
    high: float
    games: int
    wins: float  # a shared win counts 1/number of winners


def pair_counts(games: list[Game], bots: list[str]) -> list[list[float]]:
    """wins[i][j]: comparisons bot i won against bot j (ties give half to each)."""
    idx = {b: i for i, b in enumerate(bots)}
    k = len(bots)
    wins = [[0.0] * k for _ in range(k)]
    for seats, winners in games:
        won = set(winners)
        for s, a in enumerate(seats):
            for t in range(s + 1, len(seats)):
                b = seats[t]
                if a == b:
                    continue
                i, j = idx[a], idx[b]
                if (s in won) == (t in won):
                    wins[i][j] += 0.5
                    wins[j][i] += 0.5
                elif s in won:
                    wins[i][j] += 1.0
                else:
                    wins[j][i] += 1.0
    return wins


def bradley_terry(wins: list[list[float]], iterations: int = 500, prior: float = 0.5,
                  ) -> list[float]:
    """Strengths (mean log-strength 0) from a pairwise win matrix."""
    k = len(wins)
    w = [[wins[i][j] + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(w[i][j] for j in range(k) if j != i)
            denom = sum((w[i][j] + w[j][i]) / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(total / denom if denom > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        if max(abs(a - b) for a, b in zip(new, p)) < 1e-10:
            p = new
            break
        p = new
    return p


def to_elo(p: list[float]) -> list[float]:
    return [1500.0 + 400.0 * math.log10(x) for x in p]


def rate(games: list[Game], bots: list[str], *, bootstrap: int = 200, seed: int = 0,
         ) -> list[Rating]:
    """Ratings with 95% intervals from resampling the games (percentile bootstrap)."""
    elo = to_elo(bradley_terry(pair_counts(games, bots)))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    if games and len(bots) > 1:
        for _ in range(bootstrap):
            resample = [games[int(rng.random() * len(games))] for _ in games]
            for i, e in enumerate(to_elo(bradley_terry(pair_counts(resample, bots),
                                                       iterations=200))):
                samples[i].append(e)
    out = []
    for i, b in enumerate(bots):
        n = sum(seats.count(b) for seats, _ in games)
        won = sum(sum(1 for s in winners if seats[s] == b) / len(winners)
                  for seats, winners in games if winners)
        if samples[i]:
            xs = sorted(samples[i])
            low, high = xs[int(0.025 * (len(xs) - 1))], xs[int(math.ceil(0.975 * (len(xs) - 1)))]
        else:
            low = high = elo[i]
        out.append(Rating(b, elo[i], low, high, n, won))
    return out


def head_to_head(games: list[Game], bots: list[str]) -> list[list[float | None]]:
    """rate[i][j]: the share of comparisons bot i won against bot j (None if they never met)."""
    wins = pair_counts(games, bots)
    k = len(bots)
    out: list[list[float | None]] = [[None] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            n = wins[i][j] + wins[j][i]
            if i != j and n > 0:
                out[i][j] = wins[i][j] / n
    return out


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    phat = successes / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_difference(only_a: int, only_b: int, deals: int, z: float = 1.96,
                      ) -> tuple[float, float, float] | None:
    """The difference in win rate A - B over deals both played, with a paired 95% interval.

    Each deal gives d = 1 (only A won), -1 (only B won) or 0 (both or neither); the
    interval is mean(d) ± z·sd(d)/√n with the sample sd (n - 1), clipped to [-1, 1]. Pairing
    removes the luck of the deal that both teams share, so it is much narrower than two
    independent intervals would be. Like any normal-approximation interval it is too
    narrow on few deals or when every d is equal (sd 0 gives a point); None without deals.
    """
    if deals <= 0:
        return None
    mean = (only_a - only_b) / deals
    if deals == 1:  # one deal says nothing of the spread
        return mean, -1.0, 1.0
    # sum of squares of d: each deal won by one team only adds 1
    var = (only_a + only_b - deals * mean * mean) / (deals - 1)
    half = z * math.sqrt(max(0.0, var) / deals)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)
