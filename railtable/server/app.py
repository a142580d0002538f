"""The Starlette application: lobby API, table WebSockets, pages and game assets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from railtable.bots.base import available_bots
from railtable.engine.registry import UnknownGame, games, get_game
from railtable.server import lifecycle
from railtable.server.broker import make_broker
from railtable.server.connections import Conn
from railtable.server.live import table_info
from railtable.server.lifecycle import ENDED
from railtable.server.manager import OPEN_SECONDS, Manager
from railtable.server.protocol import LANGS, ActionError, TableGone, dumps
from railtable.server.storage import Store

log = logging.getLogger("railtable.server")
WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message from a client
HELLO_TIMEOUT = 30.0
GET_TRIES = 5  # a table evicted while a request held it is fetched again, at most so often
GAME_ASSETS = {"view.js": "text/javascript; charset=utf-8",
               "i18n.json": "application/json; charset=utf-8"}

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'self'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def read_json(request: Request) -> dict:
    # Only JSON bodies: a cross-site page cannot send this content type without the
    # browser's CORS preflight, which the server never grants.
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise ActionError("bad_content_type", "send the body as application/json", 415)
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise ActionError("too_large", f"the request body is limited to {MAX_BODY} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ActionError("too_large", f"the request body is limited to {MAX_BODY} bytes",
                              413)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ActionError("bad_json", "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise ActionError("bad_json", "the request body must be a JSON object")
    return data


def game_folder(game) -> Path:
    return Path(sys.modules[type(game).__module__].__file__).resolve().parent


def game_bots(game) -> list[str]:
    try:
        return available_bots(game)
    except Exception:  # noqa: BLE001 - a game's bots that do not load: the generic ones
        log.exception("the bots of %s could not be listed", game.id)
        return ["random"]


def game_info(game) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "description": game.description or {},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "cooperative": game.cooperative,
        "options": game.options_schema(),
        "bots": game_bots(game),
        "has_view": (game_folder(game) / "view.js").is_file(),
    }


def create_app(db_url: str, *, bot_delay: float = 0.6, bot_budget: float = 10.0,
               bot_processes: bool = True, bot_workers: int = 2,
               idle_seconds: float | None = 600.0, broker: str | None = None,
               lease_seconds: float = 10.0, check_seconds: float = 2.0,
               sweep_seconds: float = 1.0, open_seconds: float | None = OPEN_SECONDS
               ) -> Starlette:
    """The server for one database. `bot_delay`: seconds a bot waits before acting;
    `bot_budget`: seconds a bot may think; `bot_processes`: bots think in worker processes
    (else in threads), `bot_workers` of them; `idle_seconds`: a table nobody uses leaves
    memory after so long (0 or None: never; it is rebuilt from the database when needed).
    `broker`: a Redis URL that joins this worker to the others on the same database (see
    docs/deploy.md); `lease_seconds`: how long a dead worker's bots wait for another;
    `check_seconds`: how often held tables are compared with the database; `sweep_seconds`:
    how often the worker looks for turns that ran out; `open_seconds`: an open table
    expires after so long (0 or None: never)."""
    from railtable.server.cluster import check_setup
    check_setup(db_url, broker, 1)
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
                          check_seconds=check_seconds, sweep_seconds=sweep_seconds,
                          open_seconds=open_seconds)
        holder["manager"] = manager
        await manager.start()
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.stop()

    # -- pages --------------------------------------------------------------------------

    def page(name: str):
        async def handler(request: Request) -> Response:
            return FileResponse(WEB / name, headers=SECURITY_HEADERS)
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
        return FileResponse(path, media_type=GAME_ASSETS[name],
                            headers={"X-Content-Type-Options": "nosniff",
                                     "Cache-Control": "no-cache"})

    # -- API ----------------------------------------------------------------------------

    async def api_games(request: Request) -> Response:
        return JSONResponse([game_info(g) for g in games().values()])

    async def api_tables(request: Request) -> Response:
        if request.method == "POST":
            try:
                body = await read_json(request)
                out = await mgr().create(body)
            except ActionError as e:
                return error(e.code, e.message, e.status)
            return JSONResponse(out, status_code=201)
        wanted = request.query_params.get("status")
        statuses = ["open", "running", *ENDED]
        if wanted:
            statuses = [s for s in wanted.split(",") if s in statuses]
        return JSONResponse(await mgr().list_tables(statuses))

    async def api_table(request: Request) -> Response:
        table_id = request.path_params["id"]
        t = mgr().tables.get(table_id)
        if t is not None:
            return JSONResponse(t.info())
        row = await mgr().db.call(mgr().db.store.get_table, table_id)
        if row is None:
            return error("not_found", "no such table", 404)
        if row.status not in ENDED:  # a live table: load it (bots resume)
            try:
                t = await mgr().get(table_id)
            except ActionError as e:
                return error(e.code, e.message, e.status)
            return JSONResponse(t.info())
        try:
            game = get_game(row.game)
        except UnknownGame as e:
            return error("unknown_game", str(e), 404)
        info = table_info(game, row.id, row.status, row.num_players, row.seats, row.options,
                          row.created, row.moves, row.result, row.clock, row.timeout)
        info["seed"] = row.seed
        info["events"] = row.events
        return JSONResponse(info)

    async def api_join(request: Request) -> Response:
        table_id = request.path_params["id"]
        body = None
        for _ in range(GET_TRIES):
            try:
                t = await mgr().get(table_id)
            except ActionError as e:
                return error(e.code, e.message, e.status)
            if t is None:
                return error("not_found", "no such table", 404)
            try:
                if body is None:
                    body = await read_json(request)
                out = await t.claim(body.get("name"), body.get("token"), body.get("seat"))
            except TableGone:  # evicted while we read the body: the table afresh
                continue
            except ActionError as e:
                return error(e.code, e.message, e.status)
            out["url"] = f"/table/{t.id}#token={out['token']}"
            return JSONResponse(out)
        e = TableGone()
        return error(e.code, e.message, e.status)

    async def api_cancel(request: Request) -> Response:
        """The creator cancels a table that has not started: {"creator": secret}."""
        table_id = request.path_params["id"]
        try:
            body = await read_json(request)
            for _ in range(GET_TRIES):
                t = await mgr().get(table_id)
                if t is None:
                    return error("not_found", "no such table", 404)
                try:
                    await lifecycle.cancel(t, body.get("creator"))
                except TableGone:
                    continue
                return JSONResponse(t.info())
            raise TableGone()
        except ActionError as e:
            return error(e.code, e.message, e.status)

    async def api_replay(request: Request) -> Response:
        upto = request.query_params.get("upto")
        if upto is not None and not upto.isdigit():
            return error("bad_request", "upto must be a number of actions")
        lang = request.query_params.get("lang", "en")
        if lang not in LANGS:
            lang = "en"
        try:
            out = await mgr().replay(request.path_params["id"],
                                     None if upto is None else int(upto), lang)
        except ActionError as e:
            return error(e.code, e.message, e.status)
        if out is None:
            return error("not_found", "no such table", 404)
        return JSONResponse(out)

    async def api_record(request: Request) -> Response:
        t = await mgr().db.call(mgr().db.store.get_table, request.path_params["id"])
        if t is None:
            return error("not_found", "no such table", 404)
        if t.status not in ENDED:
            return error("not_finished", "the record is published when the game is over", 403)
        rows = await mgr().db.call(mgr().db.store.actions, t.id)
        return JSONResponse({
            "format": 1, "game": t.game, "rules_version": t.rules_version,
            "num_players": t.num_players, "seed": t.seed, "options": t.options,
            "seats": [f"human:{s.name}" if s.kind == "human" else s.bot for s in t.seats],
            "actions": [r.action for r in rows], "result": t.result})

    async def health(request: Request) -> Response:
        import os
        return JSONResponse({"ok": True, "tables_live": len(mgr().tables), "pid": os.getpid(),
                             "worker": mgr().broker.worker_id})

    async def refused(request: Request, exc: ActionError) -> Response:
        return error(exc.code, exc.message, exc.status)

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

        table = await fetch()
        if table is None:
            return
        # The first message says who we are: {"type": "hello", "token": ..., "lang": ...}.
        # The token travels inside the socket, never in a URL that logs might keep.
        try:
            first = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
            hello = json.loads(first) if len(first) <= MAX_MESSAGE else None
        except (asyncio.TimeoutError, ValueError, KeyError):
            hello = None
        except WebSocketDisconnect:
            return
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return await refuse("bad_message", 'the first message must be {"type": "hello"}',
                                4400)
        lang = hello.get("lang") if hello.get("lang") in LANGS else "en"
        token = hello.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            return await refuse("bad_token", "this seat link is not valid", 4403)
        for _ in range(GET_TRIES):
            seat = None
            if token is not None and (seat := table.seat_for_token(token)) is None:
                return await refuse("bad_token", "this seat link is not valid", 4403)
            conn = Conn(websocket, seat, lang)
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
            msg = json.loads(text)
        except ValueError:
            msg = None
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
        Route("/replay/{id}", page("replay.html")),
        Route("/games/{game}/{name}", game_asset),
        Route("/api/health", health),
        Route("/api/games", api_games),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{id}", api_table),
        Route("/api/tables/{id}/join", api_join, methods=["POST"]),
        Route("/api/tables/{id}/cancel", api_cancel, methods=["POST"]),
        Route("/api/tables/{id}/replay", api_replay),
        Route("/api/tables/{id}/record", api_record),
        WebSocketRoute("/ws/tables/{id}", ws_table),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     exception_handlers={ActionError: refused})
