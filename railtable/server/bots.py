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
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from railtable.bots.base import make_bot
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


_worker_bots: dict = {}


def think_in_worker(game_id: str, num_players: int, seed: int, options: dict,
                    actions: list[dict], spec: str, seat: int, seed_of_bot: int,
                    rules_version: str | None = None) -> int:
    """A bot's decision in a worker process: replay the record, then ask the bot.

    Each worker keeps the bot of a (table, seat) between calls (a bot may carry memory
    from move to move), at most a few hundred of them."""
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
    return bot.act(state)


def _watch_parent(parent: int) -> None:
    """In a bot worker: exit when the server process is gone (even after a SIGKILL)."""
    import os
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="railtable-parent-watch").start()


def make_pool(workers: int, processes: bool):
    if processes:
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor
        try:
            # "spawn": the server has threads, which a forked child must not inherit
            return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_watch_parent, initargs=(os.getpid(),))
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
        self.pool.shutdown(wait=False, cancel_futures=True)
        processes = getattr(self.pool, "_processes", None) or {}
        for proc in list(processes.values()):  # a bot still thinking is not waited for
            proc.terminate()

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
                list(t.actions), spec, seat, bot_seed(t.seed, seat), t.game.rules_version)
        else:
            bot = t.bots.get((seat, spec))
            if bot is None:
                bot = t.bots[(seat, spec)] = make_bot(spec, t.game, seat, bot_seed(t.seed, seat))
            st = t.state.clone()
            st.record_events = False
            call = functools.partial(bot.act, st)
        try:
            a = await asyncio.wait_for(loop.run_in_executor(self.pool, call), self.budget)
        except Exception as e:  # noqa: BLE001 - a slow or broken bot: play a random move
            if not isinstance(e, asyncio.TimeoutError):
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
