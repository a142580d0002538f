"""The Starlette application: lobby API, table WebSockets, pages and game assets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import sys
import unicodedata
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from railtable import howto
from railtable.bots.base import available_bots
from railtable.engine.registry import UnknownGame, games, get_game
from railtable.server import accounts, chat, howto_page, lifecycle, validate
from railtable.server.broker import make_broker
from railtable.server import seatcookie
from railtable.server.connections import Conn
from railtable.server.lifecycle import ENDED
from railtable.server.limits import Limits, RateLimiter
from railtable.server.live import seat_holding, table_info
from railtable.server.manager import OPEN_SECONDS, Manager
from railtable.server.protocol import LANGS, ActionError, TableGone, dumps
from railtable.server.storage import Store

log = logging.getLogger("railtable.server")
WEB = Path(__file__).resolve().parent.parent / "web"
OPENAPI = Path(__file__).resolve().parent / "openapi.json"  # the HTTP API, kept by hand
MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message from a client
HELLO_TIMEOUT = 30.0
GET_TRIES = 5  # a table evicted while a request held it is fetched again, at most so often
STATUSES = ("open", "running", *ENDED)  # what the lobby's state filter accepts
PAGE_SIZE, MAX_PAGE = 20, 100  # tables on one page of the lobby: by default, at most
MAX_OFFSET = 1_000_000
MAX_SEARCH = 64
PROFILE_PAGE, MAX_PROFILE_PAGE = 20, 50  # a profile's tables on a page: by default, at most
HISTORY_POINTS = 200  # ratings of each game a profile returns (the latest)
OPPONENTS = 50  # setups of a cooperative game the leaderboard lists
GAME_ASSETS = {"view.js": "text/javascript; charset=utf-8",
               "i18n.json": "application/json; charset=utf-8"}

HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}
HTTP_MESSAGES = {404: "no such page or API path", 405: "this path does not take that method"}

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'self'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Revalidated(StaticFiles):
    """`/static/`, and the pages and game files served the same way: Starlette's
    StaticFiles (ETag, Last-Modified, an empty 304), every file no-cache. A browser thus
    revalidates each on every load, so it never mixes a page of one release with modules of
    another; without Cache-Control it may reuse them unasked for a while after a deploy."""

    def file_response(self, *args, **kwargs) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def read_json(request: Request) -> dict:
    # Only JSON bodies: a cross-site page cannot send this content type without the
    # browser's CORS preflight, which the server never grants.
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise ActionError("bad_content_type", "send the body as application/json", 415)
    size = request.headers.get("content-length")
    if size is not None and (not size.isascii() or not size.isdigit() or len(size) > 12
                             or int(size) > MAX_BODY):
        raise ActionError("too_large", f"the request body is limited to {MAX_BODY} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ActionError("too_large", f"the request body is limited to {MAX_BODY} bytes",
                              413)
    data = validate.loads(body, "the request body")
    if not isinstance(data, dict):
        raise ActionError("bad_json", "the request body must be a JSON object")
    return data


def not_found() -> JSONResponse:
    # the same answer for a private table one may not see as for no table at all
    return error("not_found", "no such table", 404)


def query_list(request: Request, key: str, allowed, what: str) -> list[str] | None:
    raw = request.query_params.get(key)
    if raw is None or raw == "":
        return None
    got = raw.split(",")
    bad = [x for x in got if x not in allowed]
    if bad:
        raise ActionError("bad_request", f"{key}: {bad[0][:40]!r} is not {what} (one of "
                          f"{', '.join(sorted(allowed))}, or several with commas)")
    return got


def query_int(request: Request, key: str, default: int, lo: int, hi: int) -> int:
    raw = request.query_params.get(key)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9) or not lo <= int(raw) <= hi:
        raise ActionError("bad_request", f"{key} is a whole number from {lo} to {hi}")
    return int(raw)


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def game_folder(game) -> Path:
    return Path(sys.modules[type(game).__module__].__file__).resolve().parent


def game_bots(game) -> list[str]:
    try:
        bots = [b for b in available_bots(game) if b != "policy"]
    except Exception:  # noqa: BLE001 - a game's bots that do not load: the generic ones
        log.exception("the bots of %s could not be listed", game.id)
        return ["random"]
    try:  # trained policies are offered by name (railtable.rl.policy)
        from railtable.rl.policy import named_for
    except ImportError:
        return bots
    return bots + [f"policy(path={name})" for name, _ in named_for(game.id)]


def options_info(game) -> dict:
    """The options' JSON schema, each option with its explanation from the catalogue
    (`"explain": {"options": ...}` of i18n.json) as its description, {"en": ..., "ru": ...}:
    the lobby shows it beside the option; a choice option's values with their names
    (`"option_values"` of i18n.json) as `x-enum-titles`: {value: {"en": ..., "ru": ...}}."""
    schema = game.options_schema()
    for name, prop in schema["properties"].items():
        about = {lang: text for lang in howto.LANGS
                 if (text := howto.explanations(game, lang, "options").get(name))}
        if about:
            prop["description"] = about
        if "enum" in prop:
            # each choice's name for the form ("option_values" of i18n.json), never a raw id
            prop["x-enum-titles"] = {
                value: {lang: (game.i18n(lang).get("option_values") or {}).get(name, {}).get(value, value)
                        for lang in howto.LANGS}
                for value in prop["enum"]}
    return schema


def game_info(game) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "description": game.description or {},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "cooperative": game.cooperative,
        "options": options_info(game),
        "bots": game_bots(game),
        "has_view": (game_folder(game) / "view.js").is_file(),
        "has_howto": all(howto.source(game, lang) is not None for lang in howto.LANGS),
    }


def create_app(db_url: str, *, bot_delay: float = 0.6, bot_budget: float = 10.0,
               bot_processes: bool = True, bot_workers: int = 2,
               idle_seconds: float | None = 600.0, broker: str | None = None,
               lease_seconds: float = 10.0, check_seconds: float = 2.0,
               limits: Limits | dict | None = None, sweep_seconds: float = 1.0,
               open_seconds: float | None = OPEN_SECONDS) -> Starlette:
    """The server for one database. `bot_delay`: seconds a bot waits before acting;
    `bot_budget`: seconds a bot may think; `bot_processes`: bots think in worker processes
    (else in threads), `bot_workers` of them; `idle_seconds`: a table nobody uses leaves
    memory after so long (0 or None: never; it is rebuilt from the database when needed).
    `broker`: a Redis URL that joins this worker to the others on the same database (see
    docs/deploy.md); `lease_seconds`: how long a dead worker's bots wait for another;
    `check_seconds`: how often held tables are compared with the database; `limits`: what
    one client may ask for (railtable.server.limits.Limits; a bot's budget covers its time
    limit); `sweep_seconds`: how often the worker looks for turns that ran out;
    `open_seconds`: an open table expires after so long (0 or None: never)."""
    from railtable.server.cluster import check_setup
    check_setup(db_url, broker, 1)
    lim = Limits.coerce(limits)
    bot_budget = max(bot_budget, lim.bot_ms / 1000 * 1.5 + 1.0)  # room for the guide
    holder: dict = {}

    def mgr() -> Manager:
        return holder["manager"]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        store = Store(db_url)
        manager = Manager(store, bot_delay=bot_delay, bot_budget=bot_budget,
                          bot_processes=bot_processes, bot_workers=bot_workers,
                          idle_seconds=idle_seconds,
                          broker=make_broker(broker, store.site_id, lease_seconds),
                          check_seconds=check_seconds, limits=lim,
                          sweep_seconds=sweep_seconds, open_seconds=open_seconds)
        holder["manager"] = manager
        holder["rates"] = RateLimiter(lim, broker, store.site_id)
        await manager.start()
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.stop()

    # -- pages --------------------------------------------------------------------------

    static = Revalidated(directory=WEB)

    def served(request: Request, path: Path, headers: dict[str, str]) -> Response:
        """A file served as `/static/` serves its own (Starlette's `file_response`: ETag,
        Last-Modified, an empty 304 when the browser holds it, no-cache), with `headers`
        added to a full answer."""
        response = static.file_response(path, os.stat(path), request.scope)
        if response.status_code == 200:
            response.headers.update(headers)
        return response

    def page(name: str):
        async def handler(request: Request) -> Response:
            return served(request, WEB / name, SECURITY_HEADERS)
        return handler

    async def game_asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in GAME_ASSETS:
            return error("not_found", "no such file", 404)
        try:
            game = get_game(request.path_params["game"])
        except UnknownGame as e:
            return error("not_found", str(e), 404)
        path = game_folder(game) / name
        if not path.is_file():
            return error("not_found", f"{game.id} has no {name}", 404)
        return served(request, path, {"Content-Type": GAME_ASSETS[name],
                                      "X-Content-Type-Options": "nosniff"})

    async def howto(request: Request) -> Response:
        """A game's "how to play" page (railtable/howto.py) in ?lang=ru|en, else in the
        browser's language; the page's script then follows the site's own choice."""
        lang = request.query_params.get("lang")
        if lang is None:
            wanted = request.headers.get("accept-language", "").strip().lower()
            lang = "ru" if wanted.startswith("ru") else "en"
        elif lang not in LANGS:
            return HTMLResponse(howto_page.error_page("en", howto_page.words("en")["bad_lang"]),
                                400, headers=SECURITY_HEADERS)
        w = howto_page.words(lang)
        try:
            game = get_game(request.path_params["game"])
        except UnknownGame:
            name = request.path_params["game"][:64]
            return HTMLResponse(howto_page.error_page(lang, w["unknown_game"].format(game=name)),
                                404, headers=SECURITY_HEADERS)
        text = howto_page.page(game, lang)
        if text is None:
            title = game.title.get(lang) or game.id
            return HTMLResponse(howto_page.error_page(lang, w["no_page"].format(game=title)),
                                404, headers=SECURITY_HEADERS)
        return HTMLResponse(text, headers=SECURITY_HEADERS)

    # -- API ----------------------------------------------------------------------------

    async def account_of(request) -> "accounts.Account | None":
        return await accounts.current(mgr(), request)

    async def seat_of(request, table_id: str, token: str | None, seat_by_token) -> int | None:
        """The seat this request holds at a table: its seat token's (unless that seat is
        another account's and the request is signed in), else its account's seat there."""
        acct = await account_of(request)
        if acct is None:  # a guest: the seat token alone (no database read)
            return seat_by_token(token) if token else None
        bound = await mgr().db.call(mgr().db.store.seat_accounts, table_id)
        seat = seat_by_token(token) if token else None
        if seat is not None and acct is not None and bound.get(seat, acct.id) != acct.id:
            seat = None  # one account never acts at another's seat
        if seat is None and acct is not None:
            seat = next((s for s, a in sorted(bound.items()) if a == acct.id), None)
        return seat

    async def bind_taken(request, table_id: str, given: str | None, out: dict) -> None:
        """After a seat was taken: a new token (a new holder) makes the seat its holder's
        account's (or nobody's); the same token binds it to the account if unbound."""
        acct = await account_of(request)
        if out.get("token") != given:
            await mgr().db.call(mgr().db.store.rebind_seat, table_id, out["seat"],
                                acct.id if acct else None)
        elif acct is not None:
            await mgr().db.call(mgr().db.store.bind_seats, acct.id, {table_id: out["seat"]})
        else:
            return
        await mgr().accounts_changed(table_id)

    async def api_games(request: Request) -> Response:
        return JSONResponse([game_info(g) for g in games().values()])

    async def api_tables(request: Request) -> Response:
        if request.method == "POST":
            try:
                await holder["rates"].create(client_address(request))
                body = await read_json(request)
                # the creator's seat (its cookie) is the signed-in account's
                out = await mgr().create(body, await account_of(request))
            except ActionError as e:
                return error(e.code, e.message, e.status)
            token = out.pop("_cookie", None)
            resp = JSONResponse(out, status_code=201)
            if token is not None:
                seatcookie.set_seat(resp, request, out["id"], token)
            return resp
        try:
            statuses = query_list(request, "status", STATUSES, "a table state") \
                or list(STATUSES)
            wanted = query_list(request, "game", set(games()), "a game id")
            limit = query_int(request, "limit", PAGE_SIZE, 1, MAX_PAGE)
            offset = query_int(request, "offset", 0, 0, MAX_OFFSET)
            q = " ".join(request.query_params.get("q", "").split())
            if len(q) > MAX_SEARCH:
                raise ActionError("bad_request", f"q: a search has at most {MAX_SEARCH} "
                                  "characters")
            if any(unicodedata.category(ch)[0] == "C" for ch in q):
                raise ActionError("bad_request", "q: a search may not contain control "
                                  "characters")
        except ActionError as e:
            return error(e.code, e.message, e.status)
        acct = await account_of(request)
        return JSONResponse(await mgr().list_tables(
            statuses, limit, offset, games=wanted, search=q, held=seatcookie.held(request),
            account_id=acct.id if acct else None))

    async def api_leaderboard(request: Request) -> Response:
        """The accounts rated in a game, best ordinal (mu - 3 sigma) first (ratings.py)."""
        try:
            game = get_game(request.path_params["game"])
        except UnknownGame as e:
            return error("unknown_game", str(e), 404)
        try:
            limit = query_int(request, "limit", PAGE_SIZE, 1, MAX_PAGE)
            offset = query_int(request, "offset", 0, 0, MAX_OFFSET)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        total, rows = await mgr().db.call(mgr().db.store.leaderboard, game.id, limit, offset)
        out = {"game": game.id, "total": total, "limit": limit, "offset": offset,
               "players": rows}
        if game.cooperative:  # the game's own rating at each setup teams played (ratings.py)
            out["opponents"] = await mgr().db.call(mgr().db.store.opponents, game.id,
                                                   OPPONENTS)
        return JSONResponse(out)

    async def api_player(request: Request) -> Response:
        """An account's profile: finished tables played and won per game, its ratings and
        their history (the latest HISTORY_POINTS of each game), a page of its tables with
        links to their replays (private ones only to the account itself)."""
        name = request.path_params["name"]
        try:
            limit = query_int(request, "limit", PROFILE_PAGE, 1, MAX_PROFILE_PAGE)
            offset = query_int(request, "offset", 0, 0, MAX_OFFSET)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        got = None
        if len(name) <= 4 * accounts.NAME_MAX:
            acct = await account_of(request)
            got = await mgr().db.call(mgr().db.store.player,
                                      accounts.name_key(" ".join(name.split())),
                                      acct.id if acct else None, limit, offset,
                                      HISTORY_POINTS)
        if got is None:
            return error("unknown_player", "there is no player of that name", 404)
        titles = {g.id: g.title for g in games().values()}
        ratings = {r["game"]: r for r in got["ratings"]}
        tables = []
        for x in got["tables"]:
            r = x["row"]
            tables.append({
                "id": r.id, "game": r.game, "title": titles.get(r.game, {"en": r.game}),
                "name": r.name, "status": r.status, "updated": r.updated, "moves": r.moves,
                "rated": r.rated, "seat": x["seat"], "won": x["won"], "rating": x["rating"],
                "players": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                             "bot": s.bot if s.by_bot else None, "account": s.account}
                            for s in x["seats"]],
                "url": f"/replay/{r.id}"})
        from railtable.server.ratings import MODEL
        return JSONResponse({
            "name": got["name"], "created": got["created"],
            "games": [{**g, "title": titles.get(g["game"], {"en": g["game"]}),
                       "rating": ratings.get(g["game"])} for g in got["games"]],
            # each game's ratings, oldest first; `complete`: from the first rated table on
            # (the rating before it was `start`)
            "history": {k: {**v, "start": {"mu": MODEL.mu, "sigma": MODEL.sigma}}
                        for k, v in got["history"].items()},
            "total": got["total"], "limit": limit, "offset": offset, "tables": tables})

    async def api_table(request: Request) -> Response:
        table_id = request.path_params["id"]
        token = seatcookie.bearer_or_cookie(request, table_id)
        t = mgr().tables.get(table_id)
        if t is None:
            row = await mgr().db.call(mgr().db.store.get_table, table_id)
            if row is None:
                return not_found()
            mine = await seat_of(request, table_id, token,
                                 lambda tok: seat_holding(row.seats, tok))
            if row.private and mine is None:
                return not_found()
            if row.status in ENDED:
                try:
                    game = get_game(row.game)
                except UnknownGame as e:
                    return error("unknown_game", str(e), 404)
                info = table_info(game, row.id, row.status, row.num_players, row.seats,
                                  row.options, row.created, row.moves, row.result,
                                  row.name, row.private, row.clock, row.timeout,
                                  row.rated, row.spectator_chat, row.unrated)
                info["seed"] = row.seed
                info["events"] = row.events
                info["my_seat"] = mine
                return JSONResponse(info)
            try:  # a live table: load it (bots resume)
                t = await mgr().get(table_id)
            except ActionError as e:
                return error(e.code, e.message, e.status)
            if t is None:
                return not_found()
        mine = await seat_of(request, table_id, token, t.seat_for_token)
        if t.private and mine is None:
            return not_found()
        info = t.info()
        info["my_seat"] = mine
        return JSONResponse(info)

    def answer_seat(request: Request, body: dict, table_id: str, out: dict) -> Response:
        """The seat taken: its token as a cookie (a browser asked with "cookie": true) or
        in the body (other clients, which say hello with it)."""
        out = {"table": table_id, "url": f"/table/{table_id}", **out}
        if body.get("cookie") is True:
            token = out.pop("token")
            resp = JSONResponse(out)
            seatcookie.set_seat(resp, request, table_id, token)
            return resp
        return JSONResponse(out)

    async def api_join(request: Request) -> Response:
        table_id = request.path_params["id"]
        body = None
        for _ in range(GET_TRIES):
            try:
                t = await mgr().get(table_id)
            except ActionError as e:
                return error(e.code, e.message, e.status)
            if t is None:
                return not_found()
            try:
                if body is None:
                    body = await read_json(request)
                token = body.get("token")
                if token is None:  # this browser's seat, if its cookie still holds one
                    token = seatcookie.token_for(request, table_id)
                    if token is not None and t.seat_for_token(token) is None:
                        token = None
                acct = await account_of(request)
                if acct is not None:
                    mine = await seat_of(request, t.id, token if isinstance(token, str)
                                         else None, t.seat_for_token)
                    held_seat = t.seat_for_token(token) if isinstance(token, str) else None
                    if held_seat is not None and mine != held_seat:
                        raise ActionError("not_your_seat", "this seat belongs to another "
                                          "account", 403)
                    if mine is not None and held_seat is None and body.get("token") is None:
                        # the account's seat, taken from another browser: it plays there
                        # by its session (the seat's token stays with its first browser)
                        srow = t.seats[mine]
                        if srow.name is not None:
                            return JSONResponse({"table": t.id, "url": f"/table/{t.id}",
                                                 "seat": mine, "name": srow.name})
                if t.private and not (isinstance(token, str) and (
                        t.seat_for_token(token) is not None
                        or t.seat_for_invite(token) is not None)):
                    return not_found()
                out = await t.claim(body.get("name"), token, body.get("seat"))
                await bind_taken(request, t.id, token, out)
            except TableGone:  # evicted while we read the body: the table afresh
                continue
            except ActionError as e:
                return error(e.code, e.message, e.status)
            return answer_seat(request, body, t.id, out)
        e = TableGone()
        return error(e.code, e.message, e.status)

    async def api_accept(request: Request) -> Response:
        """An invitation link's key exchanged for its seat (once: then it stops working)."""
        try:
            await holder["rates"].request("accept", client_address(request))
            body = await read_json(request)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        table_id = body.get("table")
        invalid = error("bad_invitation", "this invitation link is not valid: it has been "
                        "used already, or it is mistyped", 404)
        if not isinstance(table_id, str) or not seatcookie.TABLE_ID.fullmatch(table_id):
            return invalid
        for _ in range(GET_TRIES):
            try:
                t = await mgr().get(table_id)
                if t is None:
                    return invalid
                out = await t.accept(body.get("key"), body.get("name"),
                                     seatcookie.token_for(request, table_id))
                await bind_taken(request, t.id, body.get("key"), out)
            except TableGone:
                continue
            except ActionError as e:
                return error(e.code, e.message, e.status)
            return answer_seat(request, body, t.id, out)
        e = TableGone()
        return error(e.code, e.message, e.status)

    async def may_see(request: Request, table_id: str) -> bool | None:
        """None: no such table; False: a private table this browser holds no seat of."""
        row = await mgr().db.call(mgr().db.store.get_table, table_id)
        if row is None:
            return None
        return not row.private or await seat_of(
            request, table_id, seatcookie.bearer_or_cookie(request, table_id),
            lambda tok: seat_holding(row.seats, tok)) is not None

    async def api_cancel(request: Request) -> Response:
        """The creator cancels a table that has not started: {"creator": secret}."""
        table_id = request.path_params["id"]
        try:
            await holder["rates"].request("cancel", client_address(request))
            body = await read_json(request)
            for _ in range(GET_TRIES):
                t = await mgr().get(table_id)
                if t is None:
                    return not_found()
                creator = body.get("creator")
                if t.private and not lifecycle.is_creator(t, creator) and await seat_of(
                        request, t.id, seatcookie.bearer_or_cookie(request, t.id),
                        t.seat_for_token) is None:
                    return not_found()  # a private table is no table to a stranger
                try:
                    await lifecycle.cancel(t, creator)
                except TableGone:
                    continue
                return JSONResponse(t.info())
            raise TableGone()
        except ActionError as e:
            return error(e.code, e.message, e.status)

    async def api_replay(request: Request) -> Response:
        try:
            upto = validate.upto(request.query_params.get("upto"))
        except ActionError as e:
            return error(e.code, e.message, e.status)
        lang = request.query_params.get("lang", "en")
        if lang not in LANGS:
            lang = "en"
        if not await may_see(request, request.path_params["id"]):
            return not_found()
        try:
            out = await mgr().replay(request.path_params["id"], upto, lang)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        if out is None:
            return not_found()
        return JSONResponse(out)

    async def api_record(request: Request) -> Response:
        t = await mgr().db.call(mgr().db.store.get_table, request.path_params["id"])
        if t is None or (t.private and await seat_of(
                request, t.id, seatcookie.bearer_or_cookie(request, t.id),
                lambda tok: seat_holding(t.seats, tok)) is None):
            return not_found()
        if t.status not in ENDED:
            return error("not_finished", "the record is published when the game is over", 403)
        rows = await mgr().db.call(mgr().db.store.actions, t.id)
        return JSONResponse({
            "format": 1, "game": t.game, "rules_version": t.rules_version,
            "num_players": t.num_players, "seed": t.seed, "options": t.options,
            "seats": [f"human:{s.name}" if s.kind == "human" else s.bot for s in t.seats],
            "actions": [r.action for r in rows], "result": t.result})

    openapi: dict = {}

    async def api_openapi(request: Request) -> Response:
        """The description kept in openapi.json, with this server's game ids filled in."""
        if not openapi:
            doc = json.loads(OPENAPI.read_text(encoding="utf-8"))
            doc["components"]["schemas"]["NewTable"]["properties"]["game"]["enum"] = \
                list(games())
            openapi.update(doc)
        return JSONResponse(openapi)

    me, signup, signin, signout, change_password = accounts.routes(
        holder, read_json, error, client_address)

    async def health(request: Request) -> Response:
        import os
        return JSONResponse({"ok": True, "tables_live": len(mgr().tables), "pid": os.getpid(),
                             "worker": mgr().broker.worker_id})

    async def refused(request: Request, exc: ActionError) -> Response:
        return error(exc.code, exc.message, exc.status)

    async def http_refused(request: Request, exc: HTTPException) -> Response:
        """Starlette's own refusals (no such path, a method the route lacks) in the API's
        form, {error, message}, like every other."""
        code = HTTP_CODES.get(exc.status_code, "bad_request")
        message = HTTP_MESSAGES.get(exc.status_code) or str(exc.detail)
        if exc.status_code == 405:
            allowed = (exc.headers or {}).get("Allow", "")
            message += f": {request.method[:20]} is not one of {allowed}"
        return JSONResponse({"error": code, "message": message}, status_code=exc.status_code,
                            headers=exc.headers)

    # -- WebSocket ----------------------------------------------------------------------

    async def ws_table(websocket: WebSocket) -> None:
        await websocket.accept()

        async def refuse(code: str, message: str, close_code: int) -> None:
            await websocket.send_text(dumps({"type": "error", "code": code,
                                             "message": message}))
            await websocket.close(close_code)

        async def fetch():
            """The table, or None once the client has been refused."""
            try:
                t = await mgr().get(websocket.path_params["id"])
            except ActionError as e:
                await refuse(e.code, e.message, 4409)
                return None
            if t is None:
                await refuse("not_found", "no such table", 4404)
            return t

        # The first message says who we are: {"type": "hello", "token": ..., "lang": ...}.
        # A browser's seat comes in its cookie; other clients send their token here. No
        # secret travels in a URL that logs might keep. Whether the table exists is told
        # only after the hello, so a private table looks like no table to a stranger.
        try:
            first = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
            hello = validate.loads(first, "the hello", "bad_message") \
                if len(first) <= MAX_MESSAGE else None
        except (asyncio.TimeoutError, KeyError):
            hello = None
        except ActionError as e:
            return await refuse(e.code, f"{e.message}; the first message must be "
                                '{"type": "hello"}', 4400)
        except WebSocketDisconnect:
            return
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return await refuse("bad_message", 'the first message must be {"type": "hello"}',
                                4400)
        lang = hello.get("lang") if hello.get("lang") in LANGS else "en"
        patches = hello.get("patches", False)  # the client applies patches (deltas.py)
        if type(patches) is not bool:
            return await refuse("bad_message", "patches is true or false", 4400)
        token = hello.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            return await refuse("bad_token", "this seat link is not valid", 4403)
        by_cookie = False
        if token is None:
            token = seatcookie.token_for(websocket, websocket.path_params["id"])
            by_cookie = token is not None or accounts.session_id(websocket) is not None
        if by_cookie and not seatcookie.same_origin(websocket):
            # cross-site WebSocket hijacking: another site's page opened this socket, and
            # the browser added the seat's cookie
            return await refuse("bad_origin", "this connection comes from another site's "
                                "page; open the table from this site", 4403)
        table = await fetch()
        if table is None:
            return
        for _ in range(GET_TRIES):
            seat = None
            if token is not None and (seat := table.seat_for_token(token)) is None \
                    and not by_cookie and not table.private:
                return await refuse("bad_token", "this seat link is not valid", 4403)
            if by_cookie or accounts.session_id(websocket) is not None:
                # the seat cookie's seat, or the account's (from any browser)
                mine = await seat_of(websocket, table.id, token, table.seat_for_token)
                if seat is not None and mine is None:
                    return await refuse("not_your_seat", "this seat belongs to another "
                                        "account", 4403)
                seat = mine
            if table.private and seat is None:
                return await refuse("not_found", "no such table", 4404)
            conn = Conn(websocket, seat, lang, await account_of(websocket), patches=patches)
            try:
                await table.attach(conn)
                break
            except TableGone:  # evicted while we waited for the hello: the table afresh
                table = await fetch()
                if table is None:
                    return
        else:
            e = TableGone()
            return await refuse(e.code, e.message, 4409)
        conn_key = secrets.token_hex(8)  # the message rate is counted per connection
        sender = asyncio.create_task(conn.sender())
        try:
            while not conn.closed:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if text is None:
                    conn.send(dumps({"type": "error", "code": "bad_message",
                                     "message": "messages are JSON text"}))
                    continue
                if len(text) > MAX_MESSAGE:
                    conn.send(dumps({"type": "error", "code": "too_large",
                                     "message": f"messages are limited to {MAX_MESSAGE} "
                                                "characters"}))
                    continue
                refused = await holder["rates"].message(conn_key)
                if refused is not None:
                    conn.send(dumps(refused.to_json()))
                    continue
                await handle(table, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            table.detach(conn)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            if conn.closed:
                with contextlib.suppress(Exception):
                    await websocket.close()

    async def handle(table, conn: Conn, text: str) -> None:
        try:
            msg = validate.loads(text, code="bad_message")
        except ActionError as e:
            conn.send(dumps(e.to_json()))
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            conn.send(dumps({"type": "error", "code": "bad_message",
                             "message": "a message is a JSON object with a type"}))
            return
        kind = msg["type"]
        try:
            if kind == "act":
                if "action" in msg:
                    await table.act(conn.seat, msg.get("seq"), action_json=msg["action"])
                else:
                    await table.act(conn.seat, msg.get("seq"), action_id=msg.get("id"))
            elif kind == "undo":
                await table.undo(conn.seat, msg.get("seq"))
            elif kind == "resign":
                await lifecycle.resign(table, conn.seat)
            elif kind == "take_back":
                await lifecycle.take_back(table, conn.seat)
            elif kind == "lang":
                if msg.get("lang") not in LANGS:
                    raise ActionError("bad_message", "lang is ru or en")
                await table.set_lang(conn, msg["lang"])
            elif kind == "chat":
                await chat.post(table, conn, msg.get("text"), holder["rates"])
            elif kind == "resync":
                await table.resync(conn)
            elif kind == "ping":
                conn.send(dumps({"type": "pong"}))
            else:
                raise ActionError("bad_message", f"unknown message type {kind[:40]!r}")
        except ActionError as e:
            conn.send(dumps(e.to_json()))
        except Exception:  # noqa: BLE001 - a bug must not cost the player the connection
            log.exception("table %s: message %s failed", table.id, kind[:40])
            conn.send(dumps({"type": "error", "code": "internal",
                             "message": "the server could not handle this message"}))

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{id}", page("table.html")),
        Route("/invite", page("invite.html")),
        Route("/replay/{id}", page("replay.html")),
        Route("/leaderboard/{game}", page("leaderboard.html")),
        Route("/player/{name}", page("player.html")),
        Route("/games/{game}/howto", howto),
        Route("/games/{game}/{name}", game_asset),
        Route("/api/openapi.json", api_openapi),
        Route("/api/health", health),
        Route("/api/games", api_games),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{id}", api_table),
        Route("/api/tables/{id}/join", api_join, methods=["POST"]),
        Route("/api/invitations/accept", api_accept, methods=["POST"]),
        Route("/api/tables/{id}/cancel", api_cancel, methods=["POST"]),
        Route("/api/tables/{id}/replay", api_replay),
        Route("/api/tables/{id}/record", api_record),
        Route("/api/leaderboard/{game}", api_leaderboard),
        Route("/api/players/{name}", api_player),
        Route("/api/account", me),
        Route("/api/account/signup", signup, methods=["POST"]),
        Route("/api/account/signin", signin, methods=["POST"]),
        Route("/api/account/signout", signout, methods=["POST"]),
        Route("/api/account/password", change_password, methods=["POST"]),
        WebSocketRoute("/ws/tables/{id}", ws_table),
        Mount("/static", static, name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={ActionError: refused, HTTPException: http_refused})
    app.add_middleware(OriginGuard)
    return app


class OriginGuard:
    """Cross-site request forgery: a POST whose Origin names another site is refused before
    any handler runs (cookies authenticate seats and sessions). Browsers send Origin with
    every POST; a client that is not a browser sends none and is let through, as it carries
    its own secrets. (A cross-site form could not send application/json anyway.)"""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            conn = HTTPConnection(scope)
            if not seatcookie.same_origin(conn) or \
                    conn.headers.get("sec-fetch-site") == "cross-site":
                resp = error("bad_origin", "this request comes from another site's page; "
                             "use this site's own pages", 403)
                return await resp(scope, receive, send)
        await self.app(scope, receive, send)
