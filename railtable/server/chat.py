"""Table chat (issue #24, point 6; docs/server.md, "Chat").

A message is a person's text and the author's public name, nothing else: the seat it was
written from and the name that seat shows at the table (a spectator's: their account's
name, or none), so it cannot carry anything of the game a seat keeps hidden. The seated
players may always write; spectators only where the table allows it (`spectator_chat`, a
creation setting). A message is checked (text, at most MAX_TEXT characters once its white
space is folded, no control characters), counted against the chat rate (`--rate-chat`, the
`limits` library: per seat of a table, per account or per address for a spectator; shared by
every worker through Redis), stored, then sent to this worker's connections of the table and,
through the broker, to every other worker's. Each table keeps its last HISTORY messages in
memory, sent to each connection as it joins. The page shows them with textContent.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Any

from railtable.server.protocol import ActionError, dumps

if TYPE_CHECKING:
    from railtable.server.connections import Conn
    from railtable.server.limits import RateLimiter
    from railtable.server.live import LiveTable

MAX_TEXT = 500  # characters of one message
HISTORY = 50  # messages a table keeps in memory and sends to a connection that joins
# directional formatting (embeddings, overrides, isolates): they would turn the text, and
# the author's name shown beside it, around on the page
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(value: Any) -> str:
    """The text of a message with its white space folded, or ActionError bad_chat."""
    if not isinstance(value, str):
        raise ActionError("bad_chat", "text must be a string")
    text = " ".join(value.split())
    if not text:
        raise ActionError("bad_chat", "the message is empty")
    if len(text) > MAX_TEXT:
        raise ActionError("bad_chat", f"a chat message has at most {MAX_TEXT} characters")
    if any(unicodedata.category(ch) == "Cc" or ch in BIDI for ch in text):
        raise ActionError("bad_chat", "a chat message may not contain control characters")
    return text


def message(mid: int, seat: int | None, name: str | None, text: str, at: float) -> dict:
    """A message as it is sent and kept: only what everyone may read."""
    return {"id": mid, "seat": seat, "name": name, "text": text, "time": at}


def history(t: "LiveTable") -> str:
    """What a connection gets as it joins: the table's last messages."""
    return dumps({"type": "chat", "messages": list(t.chat_log), "history": True})


def deliver(t: "LiveTable", msg: dict) -> None:
    """Keep a stored message and send it to this worker's connections of the table."""
    t.chat_log.append(msg)
    text = dumps({"type": "chat", "messages": [msg]})
    for c in list(t.conns):
        c.send(text)


async def post(t: "LiveTable", conn: "Conn", text: Any, rates: "RateLimiter") -> None:
    """A message written on `conn`: checked, counted, stored, and sent to everyone who
    watches the table, on every worker."""
    if conn.seat is None and not t.spectator_chat:
        raise ActionError("chat_closed", "only the players may write in this table's chat",
                          403)
    text = clean_text(text)
    account = conn.account
    if conn.seat is not None:
        who, name = f"{t.id}:{conn.seat}", t.seats[conn.seat].name
    else:
        name = account.name if account is not None else None
        client = getattr(conn.ws, "client", None)
        who = f"account:{account.id}" if account is not None else \
            f"address:{client.host if client else 'unknown'}"
    await rates.chat(who)
    at = time.time()
    mgr = t.mgr
    mid = await mgr.db.call(mgr.db.store.add_chat, t.id, conn.seat,
                            account.id if account is not None else None, name, text, at)
    msg = message(mid, conn.seat, name, text, at)
    deliver(t, msg)
    t.touch()
    mgr.broker.note({"kind": "chat", "table": t.id, "message": msg})


def heard(t: "LiveTable", msg: Any) -> None:
    """A message another worker stored: shown here too (once)."""
    if not isinstance(msg, dict) or not isinstance(msg.get("id"), int):
        return
    if any(m["id"] == msg["id"] for m in t.chat_log):
        return
    deliver(t, message(msg["id"], msg.get("seat"), msg.get("name"), str(msg.get("text", "")),
                       msg.get("time") or 0.0))
