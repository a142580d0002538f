"""What crosses the wire: JSON encoding, refusals, player names and seat tokens."""

from __future__ import annotations

import hashlib
import json
import secrets
import unicodedata
from typing import Any

LANGS = ("en", "ru")
MAX_NAME = 32
MAX_BOT_SPEC = 200
MAX_TABLE_NAME = 64


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class ActionError(Exception):
    """A refused request. `code` is stable (the client translates it); `message` explains."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict:
        return {"type": "error", "code": self.code, "message": self.message}


class TableGone(ActionError):
    """The LiveTable was evicted (or is being reloaded) while a request held it: the caller
    gets the table afresh with `Manager.get` and tries again."""

    def __init__(self) -> None:
        super().__init__("unavailable", "the table was unloaded meanwhile; try again", 409)


class StorageDown(ActionError):
    """The database cannot be reached: nothing was accepted, the client may try again."""

    def __init__(self, what: str = "the request") -> None:
        super().__init__("storage", f"the database cannot be reached, so {what} was not "
                         "accepted; try again in a moment", 503)


def stale(seq: int) -> ActionError:
    return ActionError("stale", f"stale seq: the table is at {seq}", 409)


def _one_line(value: Any, code: str, what: str, most: int) -> str:
    """Text given by a client for a name: spaces folded, 1 to `most` characters, no
    control characters; else ActionError(code) saying so."""
    if not isinstance(value, str):
        raise ActionError(code, f"{what} must be text")
    value = " ".join(value.split())
    if not value or len(value) > most:
        raise ActionError(code, f"{what} has 1-{most} characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise ActionError(code, f"{what} may not contain control characters")
    return value


def clean_name(name: Any) -> str:
    return _one_line(name, "bad_name", "a player name", MAX_NAME)


def table_name(name: Any, title: str, first: str | None) -> str:
    """A table's name: the one given, else the game's title and the first player's name."""
    if name is None or name == "":
        return f"{title} — {first}"[:MAX_TABLE_NAME] if first else title[:MAX_TABLE_NAME]
    return _one_line(name, "bad_table_name", "a table name", MAX_TABLE_NAME)


def invite_url(table_id: str, key: str) -> str:
    """A seat's invitation link. The key sits in the fragment: browsers never send it, so
    neither the server's access log nor a proxy's sees it; the invitation page posts it."""
    return f"/invite#t={table_id}&k={key}"
