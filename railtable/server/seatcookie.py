"""Seat secrets in the browser: one HttpOnly cookie per table, and the WebSocket's Origin.

A seat's token reaches a browser only as a cookie (`rt_seat_<table id>`), set by the answer
to a POST (creating a table, taking a seat, accepting an invitation); page scripts cannot
read it, it is never part of an address, and SameSite=Strict keeps other sites' pages from
sending it. A WebSocket handshake carries cookies whatever page opened it, so a socket that
the cookie would authenticate must come from this site's own pages (`same_origin`).
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import Response

PREFIX = "rt_seat_"
MAX_AGE = 180 * 24 * 3600  # seconds: a long game by mail lasts months
MAX_HELD = 200  # seat cookies read from one request (a browser keeps ~180 per site anyway)
MAX_TOKEN = 200
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what Manager.create makes (token_urlsafe)


def cookie_name(table_id: str) -> str:
    return PREFIX + table_id


def held(conn: HTTPConnection) -> dict[str, str]:
    """{table id: token} of the seat cookies this request carries (unchecked)."""
    out: dict[str, str] = {}
    for k, v in conn.cookies.items():
        table_id = k[len(PREFIX):]
        if (k.startswith(PREFIX) and TABLE_ID.fullmatch(table_id) and v
                and len(v) <= MAX_TOKEN and len(out) < MAX_HELD):
            out[table_id] = v
    return out


def token_for(conn: HTTPConnection, table_id: str) -> str | None:
    """This browser's seat token for the table: its cookie."""
    v = conn.cookies.get(cookie_name(table_id))
    return v if v and len(v) <= MAX_TOKEN else None


def bearer_or_cookie(conn: HTTPConnection, table_id: str) -> str | None:
    """For HTTP reads: an API client's `Authorization: Bearer <seat token>`, else the
    cookie. (Not for the WebSocket, which takes a client's token in its hello.)"""
    auth = conn.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        v = auth[7:].strip()
        return v if v and len(v) <= MAX_TOKEN else None
    return token_for(conn, table_id)


def set_seat(response: Response, conn: HTTPConnection, table_id: str, token: str) -> None:
    response.set_cookie(cookie_name(table_id), token, max_age=MAX_AGE, path="/",
                        httponly=True, samesite="strict",
                        secure=conn.url.scheme in ("https", "wss"))


def allowed_origins() -> set[str]:
    """Origins besides the request's own host (RAILTABLE_ORIGINS, comma-separated, e.g.
    https://games.example.org): for a proxy that does not pass the browser's Host on."""
    raw = os.environ.get("RAILTABLE_ORIGINS", "")
    return {o.strip().rstrip("/").lower() for o in raw.split(",") if o.strip()}


def same_origin(conn: HTTPConnection) -> bool:
    """The handshake's Origin names this site: the host the request was sent to (its port
    aside: cookies do not keep ports apart, and nginx's `Host $host` drops it), or one of
    RAILTABLE_ORIGINS. A missing Origin is a client that is not a browser (browsers always
    send one with a WebSocket)."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    if origin.rstrip("/").lower() in allowed_origins():
        return True
    try:
        parts = urlsplit(origin)
        host = urlsplit("//" + conn.headers.get("host", "")).hostname
        return (parts.scheme in ("http", "https") and host is not None
                and parts.hostname == host.lower())
    except ValueError:
        return False
