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

- MCTS playouts: the game's search bot (its rollout and guide bots, as `mcts` plays by
  default) searching from a few positions of the pool, a fixed number of iterations each;
  playouts per second are the playouts a decision affords at one second a move.

Each figure is timed with time.perf_counter for about `seconds`, after a short warm-up, and
with the process's CPU time (time.process_time) over the same span: on a loaded machine the
CPU figure is what one core does, the wall figure what the process got.
The machine may be shared: compare figures taken on the same machine at the same time.

`compare` runs the figures of each game in a process of the pure-Python build
(RAILTABLE_PURE=1) and one of the compiled build (railtable/build.py), side by side, a few
rounds in alternating order, and keeps each figure at its best round.
"""

from __future__ import annotations

import json
import os
import platform
import random
import subprocess
import sys
import time
from typing import Callable

from railtable.engine.game import Game, State
from railtable.sim.match import MAX_DECISIONS, RunawayGame

POOL_SIZE = 200
WARMUP = 0.25  # seconds per figure
CHECK_EVERY = 64  # operations between two looks at the clock
MCTS_ITERATIONS = 20  # iterations of one search in the MCTS figure


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
    cpu = time.process_time()
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
    return {"games": g, "decisions": d, "choices": c, "seconds": elapsed,
            "cpu_seconds": time.process_time() - cpu}


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


def _rates(op: Callable[[State], object], pool: list[State],
           seconds: float) -> tuple[float | None, float | None]:
    """Operations per second of op over the pool (cycled), by wall-clock and by CPU time,
    or (None, None) if op is not implemented."""
    if not pool:
        return None, None
    try:
        op(pool[0])
    except NotImplementedError:
        return None, None
    k = len(pool)
    for budget in (WARMUP, seconds):  # a warm-up, then the measure
        count = 0
        cpu = time.process_time()
        start = time.perf_counter()
        end = start + budget
        now = start
        while now < end:
            for _ in range(CHECK_EVERY):
                op(pool[count % k])
                count += 1
            now = time.perf_counter()
        cpu = time.process_time() - cpu
    return count / (now - start), count / max(cpu, 1e-9)


def _rate(op: Callable[[State], object], pool: list[State], seconds: float) -> float | None:
    """Operations per second of op over the pool (cycled), or None if op is not
    implemented."""
    return _rates(op, pool, seconds)[0]


def _mcts_playouts(game: Game, pool: list[State], seconds: float, seed: int) -> dict | None:
    """Playouts per second of the game's search (`railtable.bots.mcts.search` with the
    settings of an `mcts` bot: the game's rollout and guide bots, score=0.5, bias=5),
    from positions of the pool with a choice to make, ITERATIONS iterations at a time."""
    from railtable.bots.mcts import MCTSBot, search
    positions = [s for s in pool if len(s.legal_actions()) > 1]
    if not positions:
        return None
    bot = MCTSBot(0, seed)
    bot.check_game(game)
    settings = dict(bot._settings)
    playouts = 0
    k = 0
    cpu = time.process_time()
    start = time.perf_counter()
    end = start + seconds
    now = start
    while now < end or k == 0:
        s = positions[k % len(positions)]
        visits = search(s, s.current_player(), iterations=MCTS_ITERATIONS, seed=seed + k,
                        c=bot.c, score=bot.score, stop_early=False, **settings)
        playouts += sum(visits.values())
        k += 1
        now = time.perf_counter()
    cpu = time.process_time() - cpu
    return {"playouts": playouts, "searches": k, "seconds": now - start, "cpu_seconds": cpu}


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
              rl: bool = False, mcts: bool = False) -> dict:
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
    clones, clones_cpu = _rates(lambda s: s.clone(), pool, seconds)
    stage("determinizations")
    rng = random.Random(seed)
    dets, dets_cpu = _rates(lambda s: s.determinize(s.current_player(), rng), pool, seconds)
    mcts_figures = {}
    if mcts:
        stage("MCTS playouts")
        m = _mcts_playouts(game, pool, seconds, seed)
        if m is not None:
            mcts_figures = {"mcts_playouts_per_s": m["playouts"] / m["seconds"],
                            "mcts_playouts_per_cpu_s": m["playouts"] / max(m["cpu_seconds"],
                                                                           1e-9),
                            "mcts_searches": m["searches"]}
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
        "games_per_cpu_s": p["games"] / max(p["cpu_seconds"], 1e-9),
        "decisions_per_cpu_s": p["decisions"] / max(p["cpu_seconds"], 1e-9),
        "clones_per_s": clones,
        "clones_per_cpu_s": clones_cpu,
        "determinizations_per_s": dets,
        "determinizations_per_cpu_s": dets_cpu,
        "pool_states": len(pool),
        **mcts_figures,
        **rl_figures,
        **_build_figures(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "platform": sys.platform,
    }


def _build_figures() -> dict:
    from railtable import build
    d = build.describe()
    return {"build": d["build"], "compiled_modules": d["compiled_loaded"]}


# The figures `compare` sets side by side: key, label.
COMPARED = (("games_per_s", "games/s"), ("decisions_per_s", "decisions/s"),
            ("clones_per_s", "clones/s"), ("mcts_playouts_per_s", "MCTS playouts/s"))


def bench_in_process(game_id: str, players: int, *, pure: bool, seed: int, seconds: float,
                     options: dict | None = None) -> dict:
    """The figures of run_bench (with MCTS playouts) from a new Python process of the pure
    build (RAILTABLE_PURE=1) or of the default one (compiled modules where installed)."""
    env = dict(os.environ)
    env.pop("RAILTABLE_PURE", None)
    if pure:
        env["RAILTABLE_PURE"] = "1"
    code = ("import json, sys; from railtable.engine.registry import get_game; "
            "from railtable.sim.bench import run_bench; a = json.loads(sys.argv[1]); "
            "g = get_game(a['game']); "
            "print(json.dumps(run_bench(g, a['players'], seed=a['seed'], "
            "seconds=a['seconds'], options=a['options'], mcts=True)))")
    args = json.dumps({"game": game_id, "players": players, "seed": seed, "seconds": seconds,
                       "options": options})
    out = subprocess.run([sys.executable, "-c", code, args], env=env, capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise RuntimeError(f"bench of {game_id} ({'pure' if pure else 'default'} build) "
                           f"failed:\n{out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def best_of(rounds: list[dict]) -> dict:
    """One build's figures over several rounds: each rate (a key ending in `_per_s` or
    `_per_cpu_s`) at its best round, everything else from the first. On a shared machine a
    slow round is another process's doing, never the code's (the reason timeit's
    documentation advises the minimum time), so the best round is the code's speed."""
    out = dict(rounds[0])
    for key, value in rounds[0].items():
        if key.endswith(("_per_s", "_per_cpu_s")) and value is not None:
            out[key] = max(r[key] for r in rounds)
    return out


def compare(game_ids: list[str], players: dict[str, int], *, seed: int = 1,
            seconds: float = 3.0, rounds: int = 3,
            on_step: Callable[[str], None] | None = None) -> list[dict]:
    """Each game's figures in the pure and the compiled build, one process each, one after
    the other (never both at once, so they do not compete for a core), `rounds` times with
    the order of the builds alternating, so that a slow spell of the machine is as likely to
    fall on either; each figure kept at its best round (`best_of`):
    [{"game", "players", "pure": {...}, "compiled": {...}, "rounds": {"pure": [...],
    "compiled": [...]}}]."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    step = on_step or (lambda what: None)
    builds = (("pure", True), ("compiled", False))
    out = []
    for gid in game_ids:
        taken: dict[str, list[dict]] = {"pure": [], "compiled": []}
        for r in range(rounds):
            for build, pure in (builds if r % 2 == 0 else builds[::-1]):
                step(f"{gid}, {players[gid]} players: {build} build, round {r + 1}/{rounds}")
                taken[build].append(bench_in_process(gid, players[gid], pure=pure, seed=seed,
                                                     seconds=seconds))
        out.append({"game": gid, "players": players[gid], "pure": best_of(taken["pure"]),
                    "compiled": best_of(taken["compiled"]), "rounds": taken})
    return out
