"""The store behind one database thread, and a writer that batches action commits.

Calls run on one thread per worker so the event loop never waits on the database. A
database that cannot be reached turns into StorageDown (a 503 for the client), never into
a move accepted in memory only.
"""

from __future__ import annotations

import asyncio
import collections
import functools
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.exc import DBAPIError, OperationalError

from railtable.server.protocol import StorageDown
from railtable.server.storage import NewAction, StaleWrite, Store


def _unreachable(e: BaseException) -> bool:
    """Whether an error says the database is gone (not that a request was wrong)."""
    return isinstance(e, OperationalError) or (isinstance(e, DBAPIError)
                                               and e.connection_invalidated)


class Database:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="railtable-db")
        self._pending: list[tuple[NewAction, asyncio.Future]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        # table id -> writes of that table not yet settled (queued, being committed, or a
        # call_for() running): such a table must stay in memory
        self._unsettled: collections.Counter[str] = collections.Counter()

    async def call(self, fn, *args):
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        except DBAPIError as e:
            if _unreachable(e):
                raise StorageDown() from e
            raise

    async def call_for(self, table_id: str, fn, *args):
        """`call` for a write that changes one table: the table counts as busy until the
        database thread is done with it (even if the caller stops waiting)."""
        loop = asyncio.get_running_loop()
        self._unsettled[table_id] += 1
        cf = self.pool.submit(fn, *args)

        def done(_cf) -> None:  # on the database thread, or here if cancelled before it ran
            try:
                loop.call_soon_threadsafe(self._settle, table_id)
            except RuntimeError:  # the loop is closed: nothing to keep any more
                pass

        cf.add_done_callback(done)
        try:
            return await asyncio.wrap_future(cf)
        except DBAPIError as e:
            if _unreachable(e):
                raise StorageDown() from e
            raise

    def _settle(self, table_id: str, _fut=None) -> None:
        n = self._unsettled[table_id] - 1
        if n > 0:
            self._unsettled[table_id] = n
        else:
            del self._unsettled[table_id]

    def busy(self, table_id: str) -> bool:
        """Whether a write of this table is still queued or being committed."""
        return table_id in self._unsettled

    def start(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._writer())
        self.store.start_checkpointer()

    async def stop(self) -> None:
        if self._task is not None:
            while self._pending:
                await asyncio.sleep(0.01)
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self.pool.shutdown(wait=True)
        self.store.close()

    def append(self, action: NewAction) -> asyncio.Future:
        """Queue an action for the next batch; the future fails with StaleWrite (the table
        moved on elsewhere), StorageDown (no database) or the database's own error."""
        fut = asyncio.get_running_loop().create_future()
        self._unsettled[action.table_id] += 1
        # settled once the commit has succeeded or failed (the callback runs a moment later,
        # which only errs on the side of keeping the table)
        fut.add_done_callback(functools.partial(self._settle, action.table_id))
        self._pending.append((action, fut))
        self._wake.set()
        return fut

    async def _commit(self, actions: list[NewAction]) -> None:
        if self.store.inline_writes:
            self.store.append_actions(actions)
        else:
            await self.call(self.store.append_actions, actions)

    async def _writer(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self._commit([a for a, _ in batch])
                for _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
            except Exception as e:  # noqa: BLE001 - find the bad one, commit the others
                if len(batch) == 1 or isinstance(e, StorageDown):
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(e)
                    continue
                for a, fut in batch:
                    try:
                        await self._commit([a])
                        if not fut.done():
                            fut.set_result(None)
                    except Exception as e1:  # noqa: BLE001
                        if not fut.done():
                            fut.set_exception(e1)


__all__ = ["Database", "StaleWrite", "StorageDown"]
