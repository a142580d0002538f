"""Accounts (issue #24): sign up, sign in, sign out, change the password; a session cookie.

Passwords are hashed with Argon2id (argon2-cffi, its default parameters) in a thread, so the
event loop never waits on a hash. A session is a random id in an HttpOnly, SameSite=Lax
cookie (`rt_session`); the server keeps only its sha256, with an expiry. Neither a password
nor a session id is ever logged or stored in clear.

Cross-site request forgery: every state-changing endpoint takes only an application/json
body, which a cross-site page can send only after a CORS preflight that this server never
grants, and the app refuses a POST whose Origin names another site (`app.origin_guard`).

A seat taken while signed in belongs to the account (`seats.account_id`): its holder finds
it from any browser it signs in at. Signing up or in binds the seats this browser's seat
cookies hold (unless another account's), so a guest keeps its games.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from railtable.server import seatcookie
from railtable.server.protocol import ActionError
from railtable.server.storage import Account

COOKIE = "rt_session"
SESSION_SECONDS = 30 * 24 * 3600
NAME_MIN, NAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 8, 128
MAX_SESSION = 100  # characters of a session cookie worth looking up

_hasher = PasswordHasher()
# Argon2 takes 64 MiB a hash (argon2-cffi's default): at most this many at once a worker
HASHING = threading.BoundedSemaphore(2)
_dummy: list[str] = []  # a hash to verify against for an unknown name (the same work)


def clean_account_name(value: Any) -> tuple[str, str]:
    """(the name, its casefolded key) or ActionError bad_account_name."""
    if not isinstance(value, str):
        raise ActionError("bad_account_name", "a user name must be text")
    name = " ".join(value.split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise ActionError("bad_account_name", f"a user name has {NAME_MIN}-{NAME_MAX} "
                          "characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise ActionError("bad_account_name", "a user name may not contain control "
                          "characters")
    return name, name_key(name)


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()[:NAME_MAX]


def check_password(value: Any, what: str = "a password") -> str:
    if not isinstance(value, str):
        raise ActionError("bad_password", f"{what} must be text")
    if not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise ActionError("bad_password", f"{what} has {PASSWORD_MIN}-{PASSWORD_MAX} "
                          "characters")
    return value


def _hash(password: str) -> str:
    with HASHING:
        return _hasher.hash(password)


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hash, password)


async def verify_password(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` hashes; with no account (`stored` None) the
    same work is done, so the answer's time does not tell which names exist."""
    known = stored is not None
    if not known:
        if not _dummy:
            _dummy.append(await hash_password(secrets.token_hex(16)))
        stored = _dummy[0]

    def check() -> bool:
        try:
            with HASHING:
                return _hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False
    return await asyncio.to_thread(check) and known


def session_hash(sid: str) -> str:
    return hashlib.sha256(sid.encode()).hexdigest()


def session_id(conn: HTTPConnection) -> str | None:
    v = conn.cookies.get(COOKIE)
    return v if v and len(v) <= MAX_SESSION else None


def set_session(response: Response, conn: HTTPConnection, sid: str) -> None:
    response.set_cookie(COOKIE, sid, max_age=SESSION_SECONDS, path="/", httponly=True,
                        samesite="lax", secure=conn.url.scheme in ("https", "wss"))


def clear_session(response: Response, conn: HTTPConnection) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=conn.url.scheme in ("https", "wss"))


async def current(mgr, conn: HTTPConnection) -> Account | None:
    """The account this request's session cookie signs in, if any (looked up once)."""
    if "account" in conn.scope:
        return conn.scope["account"]
    sid = session_id(conn)
    acct = None
    if sid is not None:
        acct = await mgr.db.call(mgr.db.store.session_account, session_hash(sid))
    conn.scope["account"] = acct
    return acct


def account_json(acct: Account | None) -> dict:
    return {"account": {"name": acct.name} if acct else None}


def routes(holder: dict, read_json, error, client_address):
    """The handlers of /api/account*, bound to the app's manager and rate limiter."""

    def mgr():
        return holder["manager"]

    async def new_session(request: Request, acct: Account, status: int) -> Response:
        """A fresh session (never one the browser brought: no fixation), the browser's
        seat cookies' seats bound to the account."""
        old = session_id(request)
        if old is not None:
            await mgr().db.call(mgr().db.store.end_session, session_hash(old))
        sid = secrets.token_urlsafe(32)
        await mgr().db.call(mgr().db.store.create_session, session_hash(sid), acct.id,
                            time.time() + SESSION_SECONDS)
        held = await mgr().my_seats(seatcookie.held(request))
        await mgr().db.call(mgr().db.store.bind_seats, acct.id, held)
        for table_id in held:  # the tables show whose seats they are
            await mgr().accounts_changed(table_id)
        resp = JSONResponse(account_json(acct), status_code=status)
        set_session(resp, request, sid)
        return resp

    async def me(request: Request) -> Response:
        acct = await current(mgr(), request)
        out = account_json(acct)
        if acct is not None:  # its rating in each game it has played rated (ratings.py)
            out["account"]["ratings"] = await mgr().db.call(mgr().db.store.account_ratings,
                                                            acct.id)
        return JSONResponse(out)

    async def signup(request: Request) -> Response:
        try:
            await holder["rates"].signin("signup", client_address(request))
            body = await read_json(request)
            name, key = clean_account_name(body.get("name"))
            password = check_password(body.get("password"))
        except ActionError as e:
            return error(e.code, e.message, e.status)
        hashed = await hash_password(password)
        acct_id = await mgr().db.call(mgr().db.store.create_account, name, key, hashed)
        if acct_id is None:
            return error("name_taken", "this user name is taken (names are told apart "
                         "without regard to case)", 409)
        return await new_session(request, Account(acct_id, name, hashed), 201)

    async def signin(request: Request) -> Response:
        try:
            body = await read_json(request)
            name, password = body.get("name"), body.get("password")
            if not isinstance(name, str) or not isinstance(password, str):
                raise ActionError("bad_request", "name and password are text")
            key = name_key(" ".join(name.split()))
            await holder["rates"].signin("signin", client_address(request), key)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        acct = await mgr().db.call(mgr().db.store.account_by_key, key) \
            if len(password) <= PASSWORD_MAX and len(name) <= 4 * NAME_MAX else None
        ok = await verify_password(acct.password_hash if acct else None,
                                   password[:PASSWORD_MAX])
        if acct is None or not ok:
            return error("bad_credentials", "the user name or the password is wrong", 401)
        if _hasher.check_needs_rehash(acct.password_hash):
            acct.password_hash = await hash_password(password)
            await mgr().db.call(mgr().db.store.set_password, acct.id, acct.password_hash,
                                None, False)
        return await new_session(request, acct, 200)

    async def signout(request: Request) -> Response:
        try:
            await read_json(request)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        acct = await current(mgr(), request)
        resp = JSONResponse(account_json(None))
        sid = session_id(request)
        if sid is not None:
            await mgr().db.call(mgr().db.store.end_session, session_hash(sid))
            clear_session(resp, request)
        if acct is not None:  # the account's seats leave this browser with it
            held = await mgr().my_seats(seatcookie.held(request))
            own = await mgr().db.call(mgr().db.store.account_seats, acct.id)
            for table_id, seat in held.items():
                if own.get(table_id) == seat:
                    resp.delete_cookie(seatcookie.cookie_name(table_id), path="/",
                                       httponly=True, samesite="strict")
        return resp

    async def change_password(request: Request) -> Response:
        try:
            body = await read_json(request)
            acct = await current(mgr(), request)
            if acct is None:
                raise ActionError("not_signed_in", "sign in first", 401)
            old, new = body.get("old"), body.get("new")
            if not isinstance(old, str):
                raise ActionError("bad_password", "old: the current password must be text")
            new = check_password(new, "the new password")
            await holder["rates"].signin("signin", client_address(request),
                                         name_key(acct.name))
        except ActionError as e:
            return error(e.code, e.message, e.status)
        if not await verify_password(acct.password_hash, old[:PASSWORD_MAX]):
            return error("bad_credentials", "the current password is wrong", 401)
        hashed = await hash_password(new)
        # the other browsers signed in are signed out; this one stays
        await mgr().db.call(mgr().db.store.set_password, acct.id, hashed,
                            session_hash(session_id(request)))
        return JSONResponse(account_json(acct))

    return me, signup, signin, signout, change_password
