"""Speed of Colt Express through the contract (not a test; run by hand):

    .venv/bin/python -m tests.games.colt_express.bench_colt [players] [seconds]

Random playouts (legal_actions, a random choice, apply; record_events=False), clones and
determinizations of mid-game states, in one process.
"""

import random
import sys
import time

from railtable.games.colt_express import GAME


def playouts(n, seconds, opts=None):
    r = random.Random(1)
    games = decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = GAME.new_state(n, games, opts, record_events=False)
        while s.current_player() >= 0:
            legal = s.legal_actions()
            s.apply(legal[int(r.random() * len(legal))])
            decisions += 1
        games += 1
    el = time.perf_counter() - t0
    return games / el, decisions / games


def mid_game_states(n, count=20):
    r = random.Random(2)
    out = []
    for seed in range(count):
        s = GAME.new_state(n, seed, record_events=False)
        for _ in range(60):
            legal = s.legal_actions()
            s.apply(legal[int(r.random() * len(legal))])
        out.append(s)
    return out


def per_second(fn, states, seconds):
    k = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in states:
            fn(s)
        k += len(states)
    return k / (time.perf_counter() - t0)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    sec = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    gps, dpg = playouts(n, sec)
    states = mid_game_states(n)
    rng = random.Random(3)
    cps = per_second(lambda s: s.clone(), states, sec / 2)
    dps = per_second(lambda s: s.determinize(s.current_player(), rng), states, sec / 2)
    print(f"{n} players: {gps:.0f} games/s ({dpg:.0f} decisions/game, "
          f"{gps * dpg:.0f} decisions/s), {cps:.0f} clones/s, {dps:.0f} determinizations/s")
