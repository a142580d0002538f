"""The bot runner: bot seats move in worker processes (or threads), never on the event loop.

With several workers, a table's bots are played by the one worker that holds the table's
lease (see railtable.server.broker); the database would refuse a second worker's move
anyway. A bot whose move cannot be stored (no database for a moment) tries again.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from railtable.bots.base import make_bot
from railtable.bots.procs import stop_children, watch_parent
from railtable.engine.record import Record, replay
from railtable.engine.registry import get_game
from railtable.server.lifecycle import ENDED
from railtable.server.protocol import ActionError, TableGone
from railtable.sim.match import bot_seed

if TYPE_CHECKING:
    from railtable.server.live import LiveTable
    from railtable.server.manager import Manager

log = logging.getLogger("railtable.server")

RETRY_SECONDS = 1.0  # after a move that could not be stored
STUCK_SECONDS = 120.0  # beyond the budget: a worker process that does not answer at all


_worker_bots: dict = {}


class BotOverran(Exception):
    """A bot in a worker thought longer than its budget and was stopped."""


def _overran(_signum, _frame) -> None:
    raise BotOverran()


def think_in_worker(game_id: str, num_players: int, seed: int, options: dict,
                    actions: list[dict], spec: str, seat: int, seed_of_bot: int,
                    rules_version: str | None = None, budget: float | None = None) -> int:
    """A bot's decision in a worker process: replay the record, then ask the bot.

    Each worker keeps the bot of a (table, seat) between calls (a bot may carry memory
    from move to move), at most a few hundred of them. A bot's search processes (mcts
    jobs=N) live only while it thinks: none is left behind by a table that ended, and the
    shared pool stays the bound of the server's bot work. `budget`: seconds after which
    the bot is stopped (a timer signal in the worker's main thread), so a pool worker is
    never held longer than that, whatever the bot's parameters; BotOverran is raised."""
    game = get_game(game_id)
    state = replay(Record(game=game_id, num_players=num_players, seed=seed, options=options,
                          actions=actions, rules_version=rules_version or game.rules_version))
    key = (game_id, seed, seat, spec)
    bot = _worker_bots.pop(key, None)
    if bot is None:
        bot = make_bot(spec, game, seat, seed_of_bot)
    _worker_bots[key] = bot
    while len(_worker_bots) > 256:
        del _worker_bots[next(iter(_worker_bots))]
    timed = bool(budget) and threading.current_thread() is threading.main_thread()
    if timed:
        previous = signal.signal(signal.SIGALRM, _overran)
        signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return bot.act(state)
    except BotOverran:
        _worker_bots.pop(key, None)  # a bot stopped halfway is not asked again
        stop_children()  # its search processes, now
        raise
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        bot.close()


def make_pool(workers: int, processes: bool):
    if processes:
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor
        try:
            # "spawn": the server has threads, which a forked child must not inherit
            return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=watch_parent, initargs=(os.getpid(),))
        except (OSError, ValueError) as e:  # no processes here: fall back to threads
            log.warning("bots run in threads: no process pool (%s)", e)
    return ThreadPoolExecutor(workers, thread_name_prefix="railtable-bot")


class BotRunner:
    def __init__(self, mgr: "Manager", *, delay: float, budget: float, workers: int,
                 processes: bool) -> None:
        self.mgr = mgr
        self.delay = delay
        self.budget = budget
        self.pool = make_pool(workers, processes)
        self.processes = not isinstance(self.pool, ThreadPoolExecutor)

    def shutdown(self) -> None:
        """Stop the pool and every process of it now. A bot still thinking is not waited
        for; SIGTERM makes a worker end its own search processes first (bots.procs)."""
        # read the processes first: shutdown() forgets them
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            proc.terminate()
        for proc in processes:
            proc.join(3.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)

    @staticmethod
    def bot_to_move(t: "LiveTable") -> int | None:
        if t.status != "running":
            return None
        cur = t.state.current_player()
        if cur < 0 or not t.seats[cur].by_bot:  # a bot seat, or a seat a bot took over
            return None
        return cur

    def schedule(self, t: "LiveTable") -> None:
        """Start the bot's move if a bot is to move at this table and none is under way."""
        if t.status in ENDED:
            self.finished(t)
            return
        cur = self.bot_to_move(t)
        if cur is None:
            return
        task = t.bot_task
        if task is not None and not task.done() and task is not asyncio.current_task() \
                and t.bot_seq == t.seq:
            return
        t.bot_seq = t.seq
        t.bot_task = asyncio.create_task(self._move(t, cur, t.seq))

    def finished(self, t: "LiveTable") -> None:
        self.mgr.broker.release(t.id)
        self.close_bots(t)

    @staticmethod
    def close_bots(t: "LiveTable") -> None:
        """Thread mode: the table's bots release their search processes."""
        bots, t.bots = t.bots, {}
        for bot in bots.values():
            try:
                bot.close()
            except Exception:  # noqa: BLE001 - a bot that cannot close must not stop the table
                log.exception("table %s: a bot could not be closed", t.id)

    async def _move(self, t: "LiveTable", seat: int, seq: int) -> None:
        try:
            await self._move_inner(t, seat, seq)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - never lose a bot's turn silently
            log.exception("table %s: the bot of seat %s failed", t.id, seat)
        finally:
            t.touch()

    async def _move_inner(self, t: "LiveTable", seat: int, seq: int) -> None:
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        if t.seq != seq or t.status != "running" or t.evicted or not t.seats[seat].by_bot:
            return
        if not await self.mgr.broker.lease(t.id):
            return  # another worker plays this table's bots
        loop = asyncio.get_running_loop()
        spec = t.seats[seat].bot
        if self.processes:
            # a worker process rebuilds the position from the record: no GIL shared with
            # the tables, and nothing but the record crosses over
            call = functools.partial(
                think_in_worker, t.game.id, t.num_players, t.seed, t.options_json,
                list(t.actions), spec, seat, bot_seed(t.seed, seat), t.game.rules_version,
                self.budget)
        else:
            bot = t.bots.get((seat, spec))
            if bot is None:
                bot = t.bots[(seat, spec)] = make_bot(spec, t.game, seat, bot_seed(t.seed, seat))
            st = t.state.clone()
            st.record_events = False
            call = functools.partial(bot.act, st)
        try:
            # A worker process stops its bot at the budget itself, counted from when it
            # starts thinking; here the wait also holds the turns of other tables queued
            # before it (and a worker's start), so only a worker stuck outside Python
            # meets this longer limit.
            a = await asyncio.wait_for(loop.run_in_executor(self.pool, call),
                                       self.budget + (STUCK_SECONDS if self.processes else 0))
        except Exception as e:  # noqa: BLE001 - a slow or broken bot: play a random move
            if isinstance(e, BotOverran):
                log.warning("table %s: bot %s overran its %.1f s; a random move instead",
                            t.id, spec, self.budget)
            elif isinstance(e, asyncio.TimeoutError):
                log.warning("table %s: bot %s did not answer in time; a random move instead",
                            t.id, spec)
            else:
                log.exception("table %s: bot %s failed", t.id, spec)
            if t.seq != seq or not t.legal():
                return
            a = random.choice(t.legal())
        if t.seq != seq:
            return
        try:
            await t.act(seat, seq, action_id=a, bot=True)
        except ActionError as e:
            if e.code == "storage":  # no database for a moment: the same move again soon
                await asyncio.sleep(RETRY_SECONDS)
                if t.seq == seq and not t.evicted:
                    t.bot_seq = -1
                    self.schedule(t)
            elif e.code not in ("stale", "finished", "seat_back") \
                    and not isinstance(e, TableGone):
                log.warning("table %s: bot move refused: %s", t.id, e.message)
