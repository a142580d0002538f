"""How the card and ticket policies of Ticket to Ride's planner win against the heuristic.

    .venv/bin/python scripts/ticket_policy.py [GAMES] [PLAYERS]   (default 2000, 2)

A policy is three settings of railtable/games/ticket_to_ride/bot.py: INITIAL_RESERVE, the
trains the plan of the initial tickets kept must leave spare; DRAW_TRAINS, the trains a
seat must have to draw new tickets once every ticket is done (99: never); and
FACE_UP_LOCOMOTIVE, whether it spends a draw on a face-up locomotive. For each policy in
the grid one seat plays the heuristic with that policy and every other seat the
heuristic itself, seats rotated, on the same game seeds (from 20,000) for every policy;
two worker processes, about five seconds a policy for 2,000 two-player games. Prints the
win share (a tie shares the win) and the mean score margin over the best other seat.
This grid found the cautious bot's policy (docs/bots.md, "Ticket to Ride: the cautious
bot").
"""
import math
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railtable.games.ticket_to_ride import GAME  # noqa: E402
from railtable.games.ticket_to_ride.bot import HeuristicBot  # noqa: E402

GRID = [(8, 14, True), (8, 22, True), (8, 99, True), (12, 99, True), (15, 99, True),
        (18, 99, True), (25, 99, True), (15, 14, True), (15, 26, True),
        (8, 14, False), (12, 99, False), (15, 99, False), (18, 99, False)]
FIRST_SEED = 20_000


def policy(reserve: int, draw: int, locomotive: bool) -> type:
    return type("Tuned", (HeuristicBot,), {"INITIAL_RESERVE": reserve, "DRAW_TRAINS": draw,
                                           "FACE_UP_LOCOMOTIVE": locomotive})


def play(job):
    reserve, draw, locomotive, seed, n = job
    s = GAME.new_state(n, seed, record_events=False)
    me = seed % n
    bots = [HeuristicBot(p, seed * 7 + p) for p in range(n)]
    bots[me] = policy(reserve, draw, locomotive)(me, seed * 7 + me)
    while not s.is_terminal():
        s.apply(bots[s.current_player()].act(s))
    r = s.result()
    share = 1 / len(r.winners) if me in r.winners else 0.0
    return share, r.scores[me] - max(x for p, x in enumerate(r.scores) if p != me)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print(f"{games} games of {n} players against the heuristic (reserve 8, draw at 14, "
          f"face-up locomotives); an even share is {1 / n:.1%}")
    print("reserve  draw at  locomotive   won               margin")
    with Pool(2) as pool:
        for reserve, draw, locomotive in GRID:
            jobs = [(reserve, draw, locomotive, FIRST_SEED + i, n) for i in range(games)]
            res = pool.map(play, jobs, chunksize=25)
            won = sum(x for x, _ in res) / games
            margin = [m for _, m in res]
            mean = sum(margin) / games
            sd = math.sqrt(sum((m - mean) ** 2 for m in margin) / (games - 1))
            print(f"{reserve:7d}  {'never' if draw >= 99 else draw:>7}  "
                  f"{'takes' if locomotive else 'never':>10}   "
                  f"{won:.1%} ± {math.sqrt(won * (1 - won) / games):.1%}   "
                  f"{mean:+6.1f} ± {sd / math.sqrt(games):.1f}", flush=True)


if __name__ == "__main__":
    main()
