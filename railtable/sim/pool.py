"""Run many bot matches: in this process, in a pool of worker processes, or on a Ray
cluster (railtable.sim.cluster); the pool and the cluster are two `Executor`s driven by
the same loop.

Game i of a batch uses seed `batch.seed + i` (in a team batch, `batch.seed + i // E` for E
teams: every team plays each deal), and each seat's bot gets a generator fixed by that seed
(`railtable.sim.match.bot_seed`), so a game's outcome depends only on its seed and seats:
the outcomes are identical whatever the number of workers. They are yielded in game order.

Games are sent to the workers in chunks with a bounded number of chunks in flight (memory
stays flat on long runs). Chunks adapt to the speed of the games: one game each at first,
then as many as take about half a second, two seconds on Ray (fewer messages between
processes for fast games, a lively progress bar and an even finish for slow ones). A game
that raises is reported as an outcome with an "error" and the others go on. Outcomes are
keyed by game index, so a chunk that is played again (Ray retries the tasks of a lost
worker) never yields a game twice.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Callable, Iterator

from railtable.engine.game import Game
from railtable.engine.registry import UnknownGame, get_game, register
from railtable.sim.match import play_match


@dataclass(frozen=True)
class Batch:
    """What to play: `games` matches of one game between the same bots, seeds seed..."""

    game_id: str
    num_players: int
    bots: tuple[str, ...]
    seed: int
    games: int
    options: dict = field(default_factory=dict)  # the game's options in JSON form
    keep_record: bool = False
    # The module defining the game object, imported by workers that do not find the game
    # in the registry (a game registered by hand, e.g. in tests or by a plug-in).
    game_module: str = ""
    # Game i seats the bots rotated by i places, so every bot takes every seat in turn
    # (an arena: the first player's advantage is shared out).
    rotate: bool = False
    # Play only games first..games-1 (an arena resuming a run cut short).
    first: int = 0
    # Time each bot's decisions (outcome key "think_ms": per seat, milliseconds; and for
    # search bots "playouts": per seat, the playouts of each decision, null for others).
    timing: bool = False
    # A cooperative arena: `bots` are the teams, and game i deals seed `seed + i // E`
    # (E teams) to team `bots[i % E]` in every seat, so each team meets the same deals
    # (and, bot seeds following game seed and seat, the same bot generators).
    teams: bool = False

    def seed_for(self, index: int) -> int:
        if self.teams:
            return self.seed + index // len(self.bots)
        return self.seed + index

    def seats_for(self, index: int) -> list[str]:
        if self.teams:
            return [self.bots[index % len(self.bots)]] * self.num_players
        if not self.rotate:
            return list(self.bots)
        k = index % len(self.bots)
        return list(self.bots[k:] + self.bots[:k])


def batch_for(game: Game, num_players: int, bots: list[str], seed: int, games: int,
              options=None, keep_record: bool = False) -> Batch:
    opts = game.options_to_json(game.parse_options(options))
    return Batch(game.id, num_players, tuple(bots), seed, games, opts, keep_record,
                 type(game).__module__)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def play_one(game: Game, batch: Batch, index: int) -> dict:
    """One game of the batch as a JSON-safe outcome (an "error" instead of a result if it
    raised)."""
    seed = batch.seed_for(index)
    seats = batch.seats_for(index)
    out: dict = {"seed": seed, "game": batch.game_id, "options": batch.options,
                 "seats": seats}
    try:
        m = play_match(game, batch.num_players, seed, seats, batch.options,
                       keep_record=batch.keep_record, timing=batch.timing)
        out["result"] = m.state.result().to_json()
        out["decisions"] = m.decisions
        if m.think is not None:
            out["think_ms"] = [[round(t * 1000, 1) for t in seat] for seat in m.think]
            if any(seat is not None for seat in m.playouts):
                out["playouts"] = m.playouts
        if m.record is not None:
            out["record"] = m.record.to_json()
    except Exception as e:  # a bug in a game or a bot: report it, keep the other games
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = traceback.format_exc()
    return out


# -- executors: where the chunks of a batch are played ------------------------------------

def play_chunk(game: Game, batch: Batch, start: int, stop: int
               ) -> tuple[float, list[tuple[int, dict]]]:
    """Games start..stop-1 of the batch, keyed by game index, and the seconds they took."""
    t = time.perf_counter()
    items = [(i, play_one(game, batch, i)) for i in range(start, stop)]
    return time.perf_counter() - t, items


class Executor:
    """Plays chunks of a batch somewhere (worker processes here, a Ray cluster...).

    `run_games` drives every executor the same way: `begin(batch)`, then `submit` of
    ranges of game indices, `wait` for some to finish and `result` to collect them, and
    `end()` (also on Ctrl-C). `result` raises when the chunk is lost for good (its worker
    died and was not replaced); its games are then reported as errors. `workers` is how
    many chunks run at once; chunks are sized to take about `target` seconds, at most
    `most` games.
    """

    workers: int = 1
    target: float = 0.5
    most: int = 256

    def begin(self, batch: Batch) -> None:
        raise NotImplementedError

    def submit(self, start: int, stop: int):
        raise NotImplementedError

    def wait(self, handles) -> list:
        """Blocks until at least one of `handles` is finished; those finished."""
        raise NotImplementedError

    def result(self, handle) -> tuple[float, list[tuple[int, dict]]]:
        raise NotImplementedError

    def end(self) -> None:
        raise NotImplementedError


_worker: dict = {}


def find_game(batch: Batch) -> Game:
    try:
        return get_game(batch.game_id)
    except UnknownGame:
        if not batch.game_module:
            raise
    module = importlib.import_module(batch.game_module)
    for value in vars(module).values():
        if isinstance(value, Game) and value.id == batch.game_id:
            register(value)
            return value
    return get_game(batch.game_id)


def _init_worker(batch: Batch) -> None:
    # Ctrl-C goes to the whole process group; the parent handles it and stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker["batch"] = batch
    _worker["game"] = find_game(batch)


def _run_chunk(start: int, stop: int) -> tuple[float, list[tuple[int, dict]]]:
    return play_chunk(_worker["game"], _worker["batch"], start, stop)


def start_method() -> str | None:
    """"forkserver" where there is one: workers are forked from a clean single-threaded
    server, never from this process, whose threads (a progress bar, the pool's own
    manager) could hold a lock at the moment of fork and deadlock a worker that starts
    processes of its own (a bot searching in parallel)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else None


class Processes(Executor):
    """`jobs` worker processes on this machine (a concurrent.futures process pool)."""

    def __init__(self, jobs: int, mp_context: str | None = None) -> None:
        self.workers = jobs
        self.mp_context = mp_context
        self.pool: ProcessPoolExecutor | None = None

    def begin(self, batch: Batch) -> None:
        ctx = multiprocessing.get_context(self.mp_context or start_method())
        self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                        initializer=_init_worker, initargs=(batch,))

    def submit(self, start: int, stop: int):
        return self.pool.submit(_run_chunk, start, stop)

    def wait(self, handles) -> list:
        done, _ = wait(handles, return_when=FIRST_COMPLETED)
        return list(done)

    def result(self, handle) -> tuple[float, list[tuple[int, dict]]]:
        return handle.result()

    def end(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


class Chunker:
    """Hands out consecutive ranges of game indices for the workers.

    One game per chunk until a speed has been measured; then chunks that take about
    `target` seconds, at most `most` games, and never more than a share of the games left
    so that the workers finish together.
    """

    def __init__(self, games: int, jobs: int, target: float = 0.5, most: int = 256,
                 first: int = 0) -> None:
        self.games, self.jobs, self.target, self.most = games, jobs, target, most
        self.next = first
        self.seconds = 0.0
        self.measured = 0

    def record(self, games: int, seconds: float) -> None:
        self.measured += games
        self.seconds += seconds

    def size(self) -> int:
        if not self.measured:
            return 1
        per_game = self.seconds / self.measured
        fit = int(self.target / per_game) if per_game > 0 else self.most
        share = (self.games - self.next) // (self.jobs * 4)
        return max(1, min(fit, self.most, share))

    def take(self) -> tuple[int, int] | None:
        if self.next >= self.games:
            return None
        start = self.next
        self.next = min(self.games, start + self.size())
        return start, self.next


def _lost(batch: Batch, start: int, stop: int, error: BaseException) -> list[tuple[int, dict]]:
    return [(i, {"seed": batch.seed_for(i), "game": batch.game_id, "options": batch.options,
                 "seats": batch.seats_for(i),
                 "error": f"worker process failed: {type(error).__name__}: {error}"})
            for i in range(start, stop)]


def run_games(batch: Batch, jobs: int = 1, *, on_done: Callable[[int], None] | None = None,
              mp_context: str | None = None,
              executor: Executor | None = None) -> Iterator[dict]:
    """The batch's outcomes in game order. jobs=1 plays in this process, more in that
    many worker processes; an executor (a Ray cluster) replaces both.

    on_done(k) is called as k more games finish (for a progress bar).
    """
    if executor is None:
        if jobs <= 1 or batch.games - batch.first <= 1:
            game = find_game(batch)
            for i in range(batch.first, batch.games):
                out = play_one(game, batch, i)
                if on_done:
                    on_done(1)
                yield out
            return
        executor = Processes(jobs, mp_context)
    yield from _drive(batch, executor, on_done)


def _drive(batch: Batch, executor: Executor, on_done) -> Iterator[dict]:
    chunker = Chunker(batch.games, executor.workers, target=executor.target,
                      most=executor.most, first=batch.first)
    # Outcomes are keyed by game index: one that comes back twice (a chunk played again
    # after its worker was lost) is dropped, so no game is ever yielded or counted twice.
    pending: dict[int, dict] = {}
    next_index = batch.first
    inflight: dict = {}

    def take(items: list[tuple[int, dict]]) -> None:
        new = 0
        for i, out in items:
            if i >= next_index and i not in pending:
                pending[i] = out
                new += 1
        if on_done and new:
            on_done(new)

    def submit() -> bool:
        r = chunker.take()
        if r is None:
            return False
        try:
            inflight[executor.submit(*r)] = r
        except (BrokenProcessPool, RuntimeError) as e:
            take(_lost(batch, *r, e))
        return True

    executor.begin(batch)
    try:
        while True:
            while len(inflight) < executor.workers * 4 and submit():
                pass
            if not inflight:
                break
            for h in executor.wait(list(inflight)):
                r = inflight.pop(h)
                try:
                    seconds, items = executor.result(h)
                    chunker.record(len(items), seconds)
                    take(items)
                except Exception as e:  # the worker died (killed, out of memory)
                    take(_lost(batch, *r, e))
            while next_index in pending:
                yield pending.pop(next_index)
                next_index += 1
        for i in sorted(pending):
            yield pending.pop(i)
    finally:
        executor.end()
