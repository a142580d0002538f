"""Speed of one game in one process: the figures `railtable bench` prints.

- playouts: random games (a uniform choice among `legal_actions`, then `apply`, events
  off) played back to back; games/s and decisions/s over whole games, and the mean
  length of a game and of a legal list (the branching factor a search bot faces).
- clones: `clone()` of a pool of mid-game states taken at random points of random games.
- determinizations: `determinize(current player, rng)` of the same pool.
- with rl=True (`railtable bench GAME --rl`, needs the `rl` extra): steps of the PettingZoo
  environment (railtable.rl) in random games: each step encodes the observation of the seat
  to move, builds its action mask, picks a random legal action from the mask and applies
  it, as a learner's loop does; beside the raw decisions/s above.

Each figure is timed with time.perf_counter for about `seconds`, after a short warm-up.
The machine may be shared: compare figures taken on the same machine at the same time.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from typing import Callable

from railtable.engine.game import Game, State
from railtable.sim.match import MAX_DECISIONS, RunawayGame

POOL_SIZE = 200
WARMUP = 0.25  # seconds per figure
CHECK_EVERY = 64  # operations between two looks at the clock


def random_playout(state: State, rng: random.Random) -> tuple[int, int]:
    """Play `state` to its end with uniform random choices: (decisions, total number of
    legal actions met)."""
    n = choices = 0
    while state.current_player() >= 0:
        legal = state.legal_actions()
        choices += len(legal)
        state.apply(legal[int(rng.random() * len(legal))])
        n += 1
        if n > MAX_DECISIONS:
            raise RunawayGame(f"{state.game.id}: no end after {n} random decisions")
    return n, choices


def _playouts(game: Game, players: int, seed: int, options, seconds: float) -> dict:
    rng = random.Random(seed)
    g = d = c = 0
    start = time.perf_counter()
    end = start + seconds
    now = start
    while now < end or g == 0:
        state = game.new_state(players, seed + g, options, record_events=False)
        decisions, choices = random_playout(state, rng)
        d += decisions
        c += choices
        g += 1
        now = time.perf_counter()
    elapsed = now - start
    return {"games": g, "decisions": d, "choices": c, "seconds": elapsed}


def state_pool(game: Game, players: int, seed: int, options, size: int = POOL_SIZE,
               decisions_per_game: float = 50.0) -> list[State]:
    """Mid-game states (not terminal) taken at random points of random games."""
    rng = random.Random(seed ^ 0x5EED)
    keep = min(1.0, 2.0 / max(1.0, decisions_per_game))  # about two states per game
    pool: list[State] = []
    g = 0
    while len(pool) < size and g < size * 50:
        state = game.new_state(players, seed + 100_000 + g, options, record_events=False)
        g += 1
        while state.current_player() >= 0 and len(pool) < size:
            if rng.random() < keep:
                pool.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return pool


def _rate(op: Callable[[State], object], pool: list[State], seconds: float) -> float | None:
    """Operations per second of op over the pool (cycled), or None if op is not
    implemented."""
    if not pool:
        return None
    try:
        op(pool[0])
    except NotImplementedError:
        return None
    k = len(pool)
    for budget in (WARMUP, seconds):  # a warm-up, then the measure
        count = 0
        start = time.perf_counter()
        end = start + budget
        now = start
        while now < end:
            for _ in range(CHECK_EVERY):
                op(pool[count % k])
                count += 1
            now = time.perf_counter()
    return count / (now - start)


def _rl_steps(game: Game, players: int, seed: int, options, seconds: float) -> dict:
    """Environment steps of the AEC environment, with observation encoding and masks."""
    try:
        from railtable.rl import raw_env
    except ImportError as e:
        raise RuntimeError(f"--rl needs the rl extra (pip install 'railtable[rl]'): {e}") from None
    env = raw_env(game.id, num_players=players, options=game.options_to_json(options))
    rng = random.Random(seed)
    steps = episodes = 0
    for budget in (WARMUP, seconds):  # a warm-up, then the measure
        steps = episodes = 0
        start = time.perf_counter()
        end = start + budget
        now = start
        while now < end or episodes == 0:
            env.reset(seed=seed + episodes)
            state = env.state
            while not state.is_terminal():
                obs, _, _, _, _ = env.last()
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
                if steps % CHECK_EVERY == 0:
                    now = time.perf_counter()
                    if now >= end:
                        break
            episodes += 1
            now = time.perf_counter()
    elapsed = now - start
    return {"steps": steps, "seconds": elapsed, "observation_size": env.table.encoder.size}


def run_bench(game: Game, players: int, *, seed: int = 1, seconds: float = 3.0,
              options=None, on_stage: Callable[[str], None] | None = None,
              rl: bool = False) -> dict:
    """All figures for one game and player count, as a JSON-safe dict."""
    opts = game.parse_options(options)
    stage = on_stage or (lambda name: None)
    stage("warm-up")
    _playouts(game, players, seed + 10_000_000, opts, WARMUP)
    stage("random playouts")
    p = _playouts(game, players, seed, opts, seconds)
    per_game = p["decisions"] / p["games"]
    stage("collecting mid-game states")
    pool = state_pool(game, players, seed, opts, decisions_per_game=per_game)
    stage("clones")
    clones = _rate(lambda s: s.clone(), pool, seconds)
    stage("determinizations")
    rng = random.Random(seed)
    dets = _rate(lambda s: s.determinize(s.current_player(), rng), pool, seconds)
    rl_figures = {}
    if rl:
        stage("RL environment steps")
        r = _rl_steps(game, players, seed, opts, seconds)
        rate = r["steps"] / r["seconds"]
        rl_figures = {"rl_steps_per_s": rate,
                      "rl_vs_raw": rate / (p["decisions"] / p["seconds"]),
                      "rl_observation_size": r["observation_size"]}
    return {
        "game": game.id,
        "players": players,
        "seed": seed,
        "options": game.options_to_json(opts),
        "seconds_per_figure": seconds,
        "games_per_s": p["games"] / p["seconds"],
        "decisions_per_s": p["decisions"] / p["seconds"],
        "decisions_per_game": per_game,
        "legal_actions_per_decision": p["choices"] / max(1, p["decisions"]),
        "playout_games": p["games"],
        "clones_per_s": clones,
        "determinizations_per_s": dets,
        "pool_states": len(pool),
        **rl_figures,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "platform": sys.platform,
    }
