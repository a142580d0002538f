"""Fit WIN_WEIGHTS, Steamland's position evaluation (railtable/games/steamland/bot.py).

    .venv/bin/python scripts/fit_steamland_evaluation.py [GAMES]   (default 200, about 10 s)

Plays three-player heuristic games (seeds 10000 upwards), takes every 25th position of
each game with a single winner, and fits the weights of the softmax `win_chances` to who
won (coordinate ascent on the average log-likelihood of the winner). Prints the figure
for an even chance, for the weights in bot.py and for the fitted ones.
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railtable.bots.base import make_bot  # noqa: E402
from railtable.games.steamland import GAME  # noqa: E402
from railtable.games.steamland.bot import WIN_WEIGHTS, win_features  # noqa: E402

NAMES = tuple(WIN_WEIGHTS)  # points, task_points, money_thousands, items, weapon


def positions(games: int, players: int = 3):
    for seed in range(games):
        s = GAME.new_state(players, 10_000 + seed, record_events=False)
        bots = [make_bot("heuristic", GAME, p, seed * 7 + p) for p in range(players)]
        seen = []
        k = 0
        while not s.is_terminal():
            k += 1
            if k % 25 == 0:
                seen.append([win_features(s, q) for q in range(players)])
            s.apply(bots[s.current_player()].act(s))
        winners = s.result().winners
        if len(winners) == 1:
            yield from ((f, winners[0]) for f in seen)


def likelihood(data, weights) -> float:
    total = 0.0
    for feats, winner in data:
        v = [sum(w * x for w, x in zip(weights, f)) for f in feats]
        top = max(v)
        total += v[winner] - top - math.log(sum(math.exp(x - top) for x in v))
    return total / len(data)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    data = list(positions(games))
    now = [WIN_WEIGHTS[n] for n in NAMES]
    print(f"{len(data)} positions from {games} games")
    print(f"even chance {likelihood(data, [0.0] * len(NAMES)):.4f}, "
          f"bot.py's weights {likelihood(data, now):.4f}")
    weights, best, step = now[:], likelihood(data, now), 0.05
    while step > 0.005:
        improved = False
        for i in range(len(weights)):
            for d in (step, -step):
                trial = weights[:]
                trial[i] += d
                v = likelihood(data, trial)
                if v > best:
                    best, weights, improved = v, trial, True
        if not improved:
            step /= 2
    print(f"fitted {best:.4f}: " + ", ".join(f"{n} {w:.3f}" for n, w in zip(NAMES, weights)))


if __name__ == "__main__":
    main()
