"""Fit FIT, the factor of Ticket to Ride's opponent model (railtable/games/ticket_to_ride/bot.py).

    .venv/bin/python scripts/fit_ticket_model.py [GAMES]     (default 150, about 3 s)

Plays heuristic-against-heuristic 2-player games; at every third turn of seat 0 it asks
how likely the model makes the tickets seat 1 really holds, among every ticket seat 0 has
not seen: the average log of weight / (sum of the weights), per ticket held. Uniform
sampling (factor 0) is the baseline; the best factor has the highest figure.
"""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railtable.games.ticket_to_ride import GAME  # noqa: E402
from railtable.games.ticket_to_ride.bot import FIT, HeuristicBot, ticket_weights  # noqa: E402
from railtable.games.ticket_to_ride.rules import TURN  # noqa: E402

FACTORS = (0.0, 2.0, 3.0, 4.0, 5.0, 6.0)


def positions(games: int, seed: int = 7):
    """(claims of seat 1, tickets it holds, unseen tickets, fit shares) at sampled turns."""
    rng = random.Random(seed)
    for _ in range(games):
        s = GAME.new_state(2, rng.getrandbits(32), record_events=False)
        bots = [HeuristicBot(p, rng.getrandbits(32)) for p in range(2)]
        turn = 0
        while not s.is_terminal():
            p = s.current_player()
            if s.phase == TURN and p == 0:
                turn += 1
                if turn % 3 == 0:
                    unseen = list(s.tickets[1]) + list(s.offer[1]) + \
                        [e & 31 for e in s.pile if not e & 1 << 5]
                    # the model's weights give back the share: log(w) / FIT
                    shares = [math.log(w) / FIT for w in ticket_weights(s, 0)[1]]
                    yield len(s.claimed[1]), s.tickets[1], unseen, shares
            s.apply(bots[p].act(s))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    data = list(positions(games))
    print(f"{len(data)} positions from {games} games")
    for lo, hi in ((0, 2), (3, 7), (8, 99), (0, 99)):
        cells = []
        for f in FACTORS:
            total = n = 0
            for claims, held, unseen, shares in data:
                if not lo <= claims <= hi:
                    continue
                z = sum(math.exp(f * shares[t]) for t in unseen)
                for t in held:
                    total += f * shares[t] - math.log(z)
                    n += 1
            cells.append(f"{f:g}: {total / n:.3f}")
        print(f"seat 1 with {lo}-{hi} claims ({n} tickets)  " + "  ".join(cells))


if __name__ == "__main__":
    main()
