"""Connections of this worker: one outgoing queue per WebSocket, dropped when it lags.

Fan-out between workers goes through the broker (railtable.server.broker); here a table
only sends to the sockets that this process holds.
"""

from __future__ import annotations

import asyncio

MAX_SEND_QUEUE = 500  # messages waiting for one slow connection before it is dropped


class Conn:
    """One WebSocket: its seat (None: spectator), language, signed-in account (or None) and
    outgoing queue; with `patches`, what its client holds (railtable.server.deltas)."""

    __slots__ = ("ws", "seat", "lang", "account", "queue", "closed", "patches", "view",
                 "known", "held", "legal")

    def __init__(self, ws, seat: int | None, lang: str, account=None, *,
                 patches: bool = False) -> None:
        self.ws = ws
        self.seat = seat
        self.lang = lang
        self.account = account
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False
        self.patches = patches  # the client applies patches (said so in its hello)
        self.view = None  # the deltas.View it holds
        # the legal choices its client holds: a choice's JSON -> its number in the client's
        # list, and how long that list is
        self.known: dict[str, int] = {}
        self.held = 0
        self.legal: tuple = ()  # the legal choices it was last sent (their JSON)

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_SEND_QUEUE:  # a connection that does not read
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def sender(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                break
            await self.ws.send_text(text)
        try:  # dropped (too far behind) or the table is reloading: the client reconnects
            await self.ws.close(1013)
        except Exception:  # noqa: BLE001 - already closed
            pass
