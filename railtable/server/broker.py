"""Between workers: news of committed changes (Redis pub/sub) and bot leases.

The database is the truth. A message "table version" only tells the workers that hold the
table to read what is new from the database; a message lost while Redis restarts is healed
by the manager's periodic check and by a check of every table after each reconnect. Notes
(`note`) carry what is not a change of a table's version to every other worker: a chat
message to show (it is stored already), seats that now belong to accounts. A lease
(a Redis key set with NX and an expiry, renewed while held) makes one worker play a table's
bots; even without it two workers could not both store a move, since the database refuses
the second.

`LocalBroker` is the single process: nothing to tell anyone, every lease is ours.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
from typing import Callable

log = logging.getLogger("railtable.server")

PREFIX = "railtable"  # then the site's id (one database, one site), then the name

# delete / extend a key only while it still holds our id
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) " \
           "else return 0 end"
_RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then " \
         "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"


class LocalBroker:
    """One process: every change is already seen, every bot is ours."""

    shared = False

    def __init__(self) -> None:
        self.worker_id = "local"

    async def start(self, on_news: Callable[[str, int], None],
                    on_reconnect: Callable[[], None],
                    on_note: Callable[[dict], None] | None = None) -> None:
        pass

    async def stop(self) -> None:
        pass

    def publish(self, table_id: str, version: int) -> None:
        pass

    def note(self, note: dict) -> None:
        pass

    async def lease(self, table_id: str) -> bool:
        return True

    def holds(self, table_id: str) -> bool:
        return True

    async def unleased(self, ids: list[str]) -> list[str]:
        return list(ids)

    def release(self, table_id: str) -> None:
        pass


class RedisBroker:
    """Redis pub/sub for the news and SET NX PX for the bot leases."""

    shared = True

    def __init__(self, url: str, site: str, lease_seconds: float = 10.0) -> None:
        import redis.asyncio as aioredis  # the `cluster` extra

        self.url = url
        self.channel = f"{PREFIX}:{site}:tables"
        self.notes = f"{PREFIX}:{site}:notes"
        self.lease_prefix = f"{PREFIX}:{site}:bots:"
        self.redis = aioredis.from_url(url, socket_connect_timeout=2, socket_timeout=5,
                                       retry_on_timeout=False)
        self.lease_ms = max(200, int(lease_seconds * 1000))
        self.worker_id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.held: set[str] = set()
        self._outbox: asyncio.Queue | None = None
        self._tasks: list[asyncio.Task] = []
        self.connected = False

    async def start(self, on_news, on_reconnect, on_note=None) -> None:
        self._outbox = asyncio.Queue()
        self._tasks = [asyncio.create_task(self._listen(on_news, on_reconnect, on_note)),
                       asyncio.create_task(self._publisher()),
                       asyncio.create_task(self._renewer())]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
        for table_id in list(self.held):
            try:
                await self.redis.eval(_RELEASE, 1, self.lease_prefix + table_id, self.worker_id)
            except Exception:  # noqa: BLE001 - it expires by itself
                pass
        self.held.clear()
        try:
            await self.redis.aclose()
        except Exception:  # noqa: BLE001
            pass

    # -- news ------------------------------------------------------------------------------

    def publish(self, table_id: str, version: int) -> None:
        """Tell the other workers; never waits (a lost message is healed by the checks)."""
        if self._outbox is not None:
            self._outbox.put_nowait((self.channel, f"{table_id} {version}"))

    def note(self, note: dict) -> None:
        """Tell the other workers something that is no table version (a JSON object);
        never waits, and a note lost while Redis is away stays lost."""
        if self._outbox is not None:
            self._outbox.put_nowait((self.notes, json.dumps({**note,
                                                             "worker": self.worker_id})))

    async def _publisher(self) -> None:
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 1000:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, m in batch:
                        pipe.publish(channel, m)
                    await pipe.execute()
            except Exception as e:  # noqa: BLE001 - Redis away: the periodic check heals
                log.warning("could not publish %d message(s) to Redis: %s", len(batch), e)
                await asyncio.sleep(0.5)

    async def _listen(self, on_news, on_reconnect, on_note) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel, self.notes)
                if not self.connected:
                    log.info("subscribed to %s", self.channel)
                self.connected = True
                on_reconnect()  # news may have been lost while we were away
                while True:
                    msg = await pubsub.get_message(timeout=5.0)
                    if msg is None:
                        await pubsub.ping()  # a dead connection shows up here
                        continue
                    if msg.get("type") != "message":
                        continue
                    data = msg["data"]
                    if isinstance(data, bytes):
                        data = data.decode("utf-8", "replace")
                    channel = msg.get("channel")
                    if isinstance(channel, bytes):
                        channel = channel.decode("utf-8", "replace")
                    if channel == self.notes:
                        self._heard(data, on_note)
                        continue
                    table_id, _, version = data.partition(" ")
                    if version.isdigit():
                        on_news(table_id, int(version))
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis restarting: try again
                if self.connected:
                    log.warning("lost Redis (%s); reconnecting", e)
                self.connected = False
                await asyncio.sleep(0.5)
            finally:
                try:
                    await pubsub.aclose()
                except Exception:  # noqa: BLE001
                    pass

    def _heard(self, data: str, on_note) -> None:
        """A note from a worker: handed on unless it is our own."""
        try:
            note = json.loads(data)
        except ValueError:
            log.warning("an unreadable note on %s", self.notes)
            return
        if on_note is not None and isinstance(note, dict) \
                and note.get("worker") != self.worker_id:
            try:
                on_note(note)
            except Exception:  # noqa: BLE001 - one bad note must not stop the listener
                log.exception("a note from another worker could not be handled")

    # -- bot leases ------------------------------------------------------------------------

    async def lease(self, table_id: str) -> bool:
        """Take (or keep) the lease on a table's bots; False if another worker has it or
        Redis cannot be reached."""
        key = self.lease_prefix + table_id
        try:
            if table_id in self.held:
                if await self.redis.eval(_RENEW, 1, key, self.worker_id, self.lease_ms):
                    return True
                self.held.discard(table_id)
            if await self.redis.set(key, self.worker_id, nx=True, px=self.lease_ms):
                self.held.add(table_id)
                return True
        except Exception as e:  # noqa: BLE001
            log.warning("no bot lease for table %s: %s", table_id, e)
        return False

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def unleased(self, ids: list[str]) -> list[str]:
        """Those of these tables whose bots no worker plays now (one round trip)."""
        if not ids:
            return []
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in ids:
                    pipe.exists(self.lease_prefix + table_id)
                found = await pipe.execute()
        except Exception as e:  # noqa: BLE001 - Redis away: adopt nothing for now
            log.warning("could not look for unplayed bots: %s", e)
            return []
        return [table_id for table_id, n in zip(ids, found) if not n]

    def release(self, table_id: str) -> None:
        if table_id not in self.held:
            return
        self.held.discard(table_id)

        async def drop() -> None:
            try:
                await self.redis.eval(_RELEASE, 1, self.lease_prefix + table_id, self.worker_id)
            except Exception:  # noqa: BLE001 - it expires by itself
                pass
        task = asyncio.create_task(drop())
        self._tasks.append(task)
        task.add_done_callback(lambda t: self._tasks.remove(t) if t in self._tasks else None)

    async def _renewer(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            held = list(self.held)
            if not held:
                continue
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table_id in held:
                        pipe.eval(_RENEW, 1, self.lease_prefix + table_id, self.worker_id,
                                  self.lease_ms)
                    kept = await pipe.execute()
                for table_id, ok in zip(held, kept):
                    if not ok:  # expired meanwhile (e.g. Redis restarted): ask again later
                        self.held.discard(table_id)
            except Exception as e:  # noqa: BLE001
                log.warning("could not renew %d bot lease(s): %s", len(held), e)


def make_broker(url: str | None, site: str, lease_seconds: float = 10.0):
    return LocalBroker() if not url else RedisBroker(url, site, lease_seconds)
