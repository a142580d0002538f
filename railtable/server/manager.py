"""The live tables of one worker: loading, eviction, creation, lists and replays.

A table is in memory while it is used and rebuilt from the database when needed (see
railtable.server.live); bots are played by railtable.server.bots; news between workers
travels through railtable.server.broker. With a broker, every `check_seconds` this worker
compares its tables with the database (healing any lost news) and looks for running tables
with bots that no live worker plays.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time

from railtable.bots.base import make_bot
from railtable.engine.game import OptionsError
from railtable.engine.record import Record, RecordError, replay
from railtable.engine.registry import UnknownGame, get_game
from railtable.language import table_names
from railtable.server import chat, clock, lifecycle
from railtable.server.bots import BotRunner
from railtable.server.broker import LocalBroker
from railtable.server.database import Database
from railtable.server.limits import Limits, check_bot
from railtable.server.live import LiveTable, table_info
from railtable.server.protocol import (LANGS, MAX_BOT_SPEC, ActionError, StorageDown,
                                       TableGone, clean_name, hash_token, invite_url,
                                       new_token, table_name)
from railtable.server.storage import SeatRow, Store, TableRow

log = logging.getLogger("railtable.server")
OPEN_SECONDS = 24 * 3600.0  # an open table nobody completes expires after so long
DUE_RETRY_SECONDS = 60.0  # a passed deadline that could not be handled is tried again then


class Manager:
    """The live tables of one database, as seen by this worker.

    A table is in `tables` while it is used; `get` rebuilds a missing one from the database.
    A table that has been idle for `idle_seconds` (no connection, no bot move scheduled or
    running, its lock free, no write of it unsettled) leaves memory; a background task
    checks every min(60, idle_seconds / 2) seconds. `idle_seconds` 0 or None: never."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6, bot_budget: float = 10.0,
                 bot_workers: int = 2, bot_processes: bool = True,
                 idle_seconds: float | None = 600.0, broker=None,
                 check_seconds: float = 2.0, limits: Limits | dict | None = None,
                 sweep_seconds: float = 1.0,
                 open_seconds: float | None = OPEN_SECONDS) -> None:
        self.limits = Limits.coerce(limits)
        self.db = Database(store)
        self.broker = broker if broker is not None else LocalBroker()
        self.bots = BotRunner(self, delay=bot_delay, budget=bot_budget, workers=bot_workers,
                              processes=bot_processes)
        self.idle_seconds = idle_seconds if idle_seconds and idle_seconds > 0 else None
        self.check_seconds = check_seconds
        # deadlines: how often this worker looks for turns run out and open tables expired
        self.sweep_seconds = sweep_seconds
        self.open_seconds = open_seconds if open_seconds and open_seconds > 0 else None
        self._sweeper: asyncio.Task | None = None
        self._due: set[str] = set()
        self._due_later: dict[str, float] = {}  # a table that could not be handled: when next
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task] = {}
        self._bg: set[asyncio.Task] = set()
        self._evictor: asyncio.Task | None = None
        self._checker: asyncio.Task | None = None
        self._syncing: set[str] = set()

    # kept for callers that read them here
    @property
    def bot_delay(self) -> float:
        return self.bots.delay

    @property
    def bot_processes(self) -> bool:
        return self.bots.processes

    async def start(self) -> None:
        self.db.start()
        if self.broker.shared:
            await self.broker.start(self.on_news, self.check_all_soon, self.on_note)
            self._checker = asyncio.create_task(self._check_loop())
        else:
            # Only tables where a bot may be to move are rebuilt now, so all-bot games go on
            # after a restart; every other table is rebuilt when someone asks for it.
            for table_id in await self.db.call(self.db.store.bot_table_ids):
                try:
                    await self.get(table_id)
                except Exception:  # noqa: BLE001 - one broken table must not stop the server
                    log.exception("table %s could not be restored", table_id)
        if self.idle_seconds:
            self._evictor = asyncio.create_task(self._evict_loop())
        if self.sweep_seconds and self.sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_loop())

    async def stop(self) -> None:
        for task in (self._evictor, self._checker, self._sweeper):
            if task is not None:
                task.cancel()
                try:
                    await task
                except asyncio.CancelledError:
                    pass
        for t in self.tables.values():
            t.stop_presence()
            if t.bot_task is not None:
                t.bot_task.cancel()
            for c in list(t.conns):
                c.close()
        await self.broker.stop()
        await self.db.stop()
        self.bots.shutdown()

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._bg.add(task)
        task.add_done_callback(self._bg.discard)

    # -- news between workers --------------------------------------------------------------

    def on_news(self, table_id: str, version: int) -> None:
        """Another worker changed a table: follow it if we hold it."""
        t = self.tables.get(table_id)
        if t is not None and version > t.version:
            self.check_soon(table_id)

    def on_note(self, note: dict) -> None:
        """Another worker's note (broker.note): a chat message to show, seats that now
        belong to accounts."""
        t = self.tables.get(note.get("table"))
        if t is None:
            return
        if note.get("kind") == "chat":
            chat.heard(t, note.get("message"))
        elif note.get("kind") == "accounts":
            self._spawn(self.accounts_changed(t.id, tell=False))

    async def accounts_changed(self, table_id: str, tell: bool = True) -> None:
        """Seats of a table were bound to accounts: its seats here learn their accounts'
        names (everyone hears who is who), and, with `tell`, so do the other workers'."""
        if tell:
            self.broker.note({"kind": "accounts", "table": table_id})
        t = self.tables.get(table_id)
        if t is None:
            return
        try:
            bound = await self.db.call(self.db.store.seat_account_names, table_id)
        except StorageDown:
            return
        changed = False
        for s in t.seats:
            now = bound.get(s.seat, (None, None))
            if (s.account_id, s.account) != now:
                s.account_id, s.account = now
                changed = True
        if changed:
            t.broadcast_players()

    def check_soon(self, table_id: str) -> None:
        """Compare a held table with the database, once, in the background."""
        if table_id in self._syncing or table_id not in self.tables:
            return
        self._syncing.add(table_id)

        async def run() -> None:
            try:
                t = self.tables.get(table_id)
                if t is not None:
                    await t.sync()
            except StorageDown:
                pass  # the next check tries again
            except Exception:  # noqa: BLE001 - e.g. a record of other rules: reload it
                log.exception("table %s could not follow the database", table_id)
                self.schedule_reload(table_id)
            finally:
                self._syncing.discard(table_id)
        self._spawn(run())

    def check_all_soon(self) -> None:
        self._spawn(self.check_all())

    async def check_all(self) -> None:
        """Follow every held table that changed in the database (heals lost news)."""
        ids = list(self.tables)
        if not ids:
            return
        try:
            versions = await self.db.call(self.db.store.versions, ids)
        except StorageDown:
            return
        for table_id, version in versions.items():
            t = self.tables.get(table_id)
            if t is not None and version != t.version:
                self.check_soon(table_id)

    async def adopt_bots(self) -> None:
        """Play the bots of running tables that no worker plays (e.g. its worker died)."""
        try:
            ids = await self.db.call(self.db.store.bot_table_ids)
        except StorageDown:
            return
        elsewhere = []
        for table_id in ids:
            t = self.tables.get(table_id)
            if t is None:
                elsewhere.append(table_id)
            elif self.bots.bot_to_move(t) is not None and (t.bot_task is None
                                                           or t.bot_task.done()):
                t.bot_seq = -1  # e.g. its lease was another worker's, who died
                self.bots.schedule(t)
        for table_id in await self.broker.unleased(elsewhere):
            if await self.broker.lease(table_id):
                try:
                    await self.get(table_id)
                except Exception:  # noqa: BLE001 - one broken table must not stop the scan
                    log.exception("table %s could not be restored", table_id)
                    self.broker.release(table_id)

    async def _check_loop(self) -> None:
        while True:
            try:
                await self.adopt_bots()
                await self.check_all()
            except Exception:  # noqa: BLE001 - keep checking
                log.exception("checking the tables against the database failed")
            await asyncio.sleep(self.check_seconds)

    # -- deadlines ----------------------------------------------------------------------

    async def sweep(self) -> int:
        """Act on every turn that has run out and every open table too old (on any table
        of the database: whichever worker comes first acts, the others follow). Returns
        how many tables changed."""
        now = clock.now()
        open_before = now - self.open_seconds if self.open_seconds else None
        ids = await self.db.call(self.db.store.due_tables, now, open_before)
        done = 0
        for table_id in ids:
            done += await self._act_due(table_id)
        return done

    async def _act_due(self, table_id: str) -> int:
        if table_id in self._due or self._due_later.get(table_id, 0) > time.monotonic():
            return 0
        self._due.add(table_id)
        try:
            for _ in range(5):
                t = await self.get(table_id)
                if t is None:
                    return 0
                try:
                    return int(await lifecycle.on_due(t))
                except TableGone:
                    continue
            return 0
        except ActionError as e:  # e.g. a table that cannot be loaded: not every sweep
            log.warning("table %s: deadline not handled now: %s", table_id, e.message)
            if e.code != "stale":  # stale: busy, not broken; the next sweep tries again
                self._due_later[table_id] = time.monotonic() + DUE_RETRY_SECONDS
            while len(self._due_later) > 1000:
                del self._due_later[next(iter(self._due_later))]
            return 0
        finally:
            self._due.discard(table_id)

    def due_soon(self, table_id: str) -> None:
        """A request found the table's deadline passed: act on it now, not at the next
        sweep."""
        async def run() -> None:
            try:
                await self._act_due(table_id)
            except Exception:  # noqa: BLE001 - the sweep tries again
                log.exception("table %s: deadline could not be handled", table_id)
        self._spawn(run())

    async def _sweep_loop(self) -> None:
        while True:
            try:
                await self.sweep()
            except StorageDown:
                pass
            except Exception:  # noqa: BLE001 - keep sweeping
                log.exception("looking for deadlines failed")
            await asyncio.sleep(self.sweep_seconds)

    async def get(self, table_id: str, fresh: bool = False) -> LiveTable | None:
        """The live table (None: no such table), loaded from the database if need be.
        `fresh`: just created here, so no other worker can have changed it yet."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id, fresh))
            self._loading[table_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        try:
            return await asyncio.shield(task)
        except ActionError:
            raise
        except Exception as e:  # noqa: BLE001 - e.g. a record of other rules
            log.warning("table %s cannot be loaded: %s", table_id, e)
            raise ActionError("unavailable", f"this table cannot be loaded: {e}", 409) from None

    async def _load(self, table_id: str, fresh: bool = False) -> LiveTable | None:
        got = await self.db.call(self.db.store.load, table_id, 0)
        if got is None:
            return None
        row, rows = got
        t = LiveTable(self, row)
        await t.rebuild_in_thread(rows)
        t.chat_log.extend(await self.db.call(self.db.store.recent_chat, table_id,
                                             chat.HISTORY))
        self.tables[table_id] = t
        if self.broker.shared and not fresh:  # news that came while we loaded went unheard
            self.check_soon(table_id)
        self.bots.schedule(t)
        return t

    def evict(self, t: LiveTable) -> None:
        """Let go of a table (in one step: no await). Whoever still holds the object gets
        TableGone from attach/claim/act/undo and fetches the table again with `get`."""
        t.evicted = True
        if self.tables.get(t.id) is t:
            del self.tables[t.id]
            self.broker.release(t.id)

    def is_idle(self, t: LiveTable) -> bool:
        """Nothing of the table is going on: it may leave memory without losing anything."""
        return (not t.conns
                and (t.bot_task is None or t.bot_task.done())
                and not t.lock.locked()
                and not self.db.busy(t.id)
                and t.id not in self._loading)

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Evict every table idle since `idle_seconds` before `now` (time.monotonic());
        returns their ids. Synchronous: no request runs in between."""
        if not self.idle_seconds:
            return []
        if now is None:
            now = time.monotonic()
        gone = []
        for t in list(self.tables.values()):
            if now - t.last_active >= self.idle_seconds and self.is_idle(t):
                self.evict(t)
                gone.append(t.id)
        if gone:
            log.info("%d idle table(s) left memory, %d stay", len(gone), len(self.tables))
        return gone

    async def _evict_loop(self) -> None:
        every = max(0.01, min(60.0, self.idle_seconds / 2))
        while True:
            await asyncio.sleep(every)
            try:
                self.evict_idle()
            except Exception:  # noqa: BLE001 - keep checking
                log.exception("evicting idle tables failed")

    def schedule_reload(self, table_id: str) -> None:
        """Drop the table and load it afresh; its connections reconnect by themselves."""
        async def reload() -> None:
            t = self.tables.pop(table_id, None)
            if t is not None:
                t.evicted = True
            conns = list(t.conns) if t else []
            for c in conns:
                c.close()
            await self.get(table_id)
        self._spawn(reload())

    # -- creating tables ------------------------------------------------------------------

    async def create(self, body: dict, account=None) -> dict:
        """A new table from the lobby's request `body`; `account`: the creator's, if signed
        in (the creator's seat is its)."""
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise ActionError("bad_game", "game must be a game id")
        try:
            game = get_game(game_id)
        except UnknownGame as e:
            raise ActionError("bad_game", str(e)) from None
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise ActionError("bad_seats", "seats must be a non-empty list")
        n = len(seats_in)
        if not game.min_players <= n <= game.max_players:
            raise ActionError("bad_seats", f"{game.id} is played by {game.min_players}-"
                              f"{game.max_players} players, not {n}")
        options_in = body.get("options")
        if options_in is not None and not isinstance(options_in, dict):
            raise ActionError("bad_options", "options must be an object of option names and "
                              "values (or left out)")
        try:
            options = game.parse_options(options_in or None)
        except OptionsError as e:
            raise ActionError("bad_options", str(e)) from None
        private = body.get("private", False)
        if not isinstance(private, bool):
            raise ActionError("bad_private", "private is true or false")
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise ActionError("bad_rated", "rated is true or false")
        spectator_chat = body.get("spectator_chat", False)
        if not isinstance(spectator_chat, bool):
            raise ActionError("bad_spectator_chat", "spectator_chat is true or false")
        lang = body.get("lang") if body.get("lang") in LANGS else "en"
        to_cookie = body.get("cookie", False)
        if not isinstance(to_cookie, bool):
            raise ActionError("bad_cookie", "cookie is true or false")
        table_clock = clock.parse_clock(body.get("clock"))
        timeout = clock.parse_timeout(body.get("timeout"), game.cooperative)
        reserve = table_clock["reserve"] if table_clock else None
        seed = secrets.randbits(63)
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        keys: dict[int, str] = {}
        cookie_seat = None
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise ActionError("bad_seats", f"seat {i}: kind must be human or bot")
            if s["kind"] == "bot":
                spec = s.get("bot", "random")
                if not isinstance(spec, str) or len(spec) > MAX_BOT_SPEC:
                    raise ActionError("bad_bot", f"seat {i}: a bot spec is a short text")
                try:
                    spec = check_bot(spec, self.limits)
                except ActionError as e:
                    raise ActionError(e.code, f"seat {i}: {e.message}", e.status) from None
                try:
                    bot = make_bot(spec, game, i, 0)
                    check = getattr(bot, "check_players", None)  # a trained policy's count
                    if check is not None:
                        check(len(seats_in))
                    bot.close()
                except ValueError as e:  # SpecError, or a policy for another player count
                    raise ActionError("bad_bot", f"seat {i}: {e}") from None
                except Exception:  # noqa: BLE001 - a game whose bots do not load
                    log.exception("bot %r of %s could not be made", spec, game.id)
                    raise ActionError("bad_bot", f"seat {i}: bot {spec!r} is not available")
                seats.append(SeatRow(i, "bot", spec, None, None))
            else:
                name = s.get("name")
                name = clean_name(name) if name not in (None, "") else None
                is_open = s.get("open", False)
                if not isinstance(is_open, bool):
                    raise ActionError("bad_seats", f"seat {i}: open is true or false")
                if is_open and (name is not None or private):
                    raise ActionError("bad_seats", f"seat {i}: only an unnamed seat of a "
                                      "public table is open to anyone")
                token = key = None
                if name is not None:  # the creator's: a token now, and a link unless kept
                    token = tokens[i] = new_token()
                    if to_cookie and cookie_seat is None:
                        cookie_seat = i
                    else:
                        key = keys[i] = new_token()
                elif not is_open:  # reserved for whoever holds its invitation
                    key = keys[i] = new_token()
                seats.append(SeatRow(i, "human", None, name,
                                     hash_token(token) if token else None,
                                     hash_token(key) if key else None, reserve=reserve))
        try:
            first = game.new_state(n, seed, options, record_events=False)
        except OptionsError as e:
            raise ActionError("bad_options", str(e)) from None
        if cookie_seat is not None and account is not None:  # the creator's seat
            seats[cookie_seat].account_id, seats[cookie_seat].account = account.id, account.name
        status = "open" if any(s.kind == "human" and s.name is None for s in seats) \
            else "running"
        first_name = next((s.name for s in seats if s.name), None)
        name = table_name(body.get("name"), game.title.get(lang) or game.title.get("en")
                          or game.id, first_name)
        now = clock.now()
        turn = clock.next_turn(table_clock, seats, None, None, None,
                               first.current_player() if status == "running" else None, now)
        creator = new_token()
        table_id = secrets.token_urlsafe(6)
        row = TableRow(id=table_id, game=game.id, options=game.options_to_json(options),
                       seed=seed, num_players=n, status=status,
                       rules_version=game.rules_version, created=now, updated=now, moves=0,
                       result=None, seats=seats, name=name, private=private,
                       clock=table_clock, timeout=timeout if table_clock else None,
                       creator_hash=hash_token(creator), deadline=turn.deadline,
                       turn_seat=turn.seat, turn_start=turn.start,
                       rated=rated and all(s.kind == "human" for s in seats),
                       unrated=None if rated and all(s.kind == "human" for s in seats)
                       else "off" if not rated else "bots",
                       spectator_chat=spectator_chat,
                       to_move=first.current_player() if first.current_player() >= 0
                       else None)
        await self.db.call(self.db.store.create_table, row)
        await self.get(table_id, fresh=True)
        out = {
            "id": table_id,
            "name": name,
            "private": private,
            "rated": row.rated,
            "unrated": row.unrated,
            "spectator_chat": spectator_chat,
            "status": status,
            "url": f"/table/{table_id}",
            # the creator's secret: what cancels the table before it starts
            "creator": creator,
            # `url`: the seat's invitation link (the key is in the fragment, which browsers
            # never send, so no server log sees it); `token`: the creator's own secret for
            # a named seat, for clients that say hello with it
            "seats": [{"seat": i, "kind": s.kind, "name": s.name, "token": tokens.get(i),
                       "key": keys.get(i), "free": s.open,
                       "url": invite_url(table_id, keys[i]) if i in keys else None}
                      for i, s in enumerate(seats)],
        }
        if cookie_seat is not None:  # the app sets it as a cookie, never in the body
            out["seats"][cookie_seat]["token"] = None
            out["seats"][cookie_seat]["mine"] = True
            out["_cookie"] = tokens[cookie_seat]
        return out

    # -- lists and replays ----------------------------------------------------------------

    async def list_tables(self, statuses: list[str], limit: int = 20, offset: int = 0, *,
                          games: list[str] | None = None, search: str = "",
                          held: dict[str, str] | None = None,
                          account_id: int | None = None) -> dict:
        """A page of the lobby. `held`: {table id: token} of the seat cookies the asker
        sent; those that hold a seat make "my tables", listed first (private ones too),
        with the seats of the asker's account (`account_id`) from any browser."""
        mine = await self.my_seats(held or {}, account_id)
        if account_id is not None:
            mine = {**await self.db.call(self.db.store.account_seats, account_id), **mine}
        total, rows, moves = await self.db.call(functools.partial(
            self.db.store.list_tables, statuses, limit, offset, games=games, search=search,
            mine=mine))
        out = []
        for r in rows:
            try:
                game = get_game(r.game)
            except UnknownGame:
                continue
            d = table_info(game, r.id, r.status, r.num_players, r.seats, r.options,
                           r.created, r.moves, r.result, r.name, r.private, r.clock,
                           r.timeout, r.rated, r.spectator_chat, r.unrated)
            if r.id in mine:
                d["my_seat"] = mine[r.id]
                d["my_turn"] = r.id in moves
            out.append(d)
        return {"total": total, "offset": offset, "limit": limit, "mine": len(mine),
                "my_turn": len(moves), "tables": out}

    async def my_seats(self, held: dict[str, str],
                       account_id: int | None = None) -> dict[str, int]:
        """{table id: seat} for the seat tokens that really hold a seat (with `account_id`,
        a signed-in asker: none of another account's seats)."""
        if not held:
            return {}
        return await self.db.call(self.db.store.seats_held,
                                  {t: hash_token(tok) for t, tok in held.items()},
                                  account_id)

    async def replay(self, table_id: str, upto: int | None, lang: str) -> dict | None:
        """The position after `upto` actions as a spectator sees it, with its log."""
        got = await self.db.call(self.db.store.load, table_id, 0)
        if got is None:
            return None
        row, rows = got
        game = get_game(row.game)
        if row.rules_version != game.rules_version:
            raise ActionError("rules_version", "the table was played with other rules", 409)
        total = len(rows)
        k = total if upto is None else max(0, min(int(upto), total))

        names = table_names(row.seats, lang)

        def text(e: dict) -> str:
            try:
                return game.event_text(e, lang, names)
            except Exception:  # noqa: BLE001
                return str(e.get("type", "?"))

        def build() -> dict:
            lines: list[dict] = []
            record = Record(game=game.id, num_players=row.num_players, seed=row.seed,
                            options=row.options, actions=[r.action for r in rows[:k]],
                            rules_version=row.rules_version)
            try:
                st = replay(record, record_events=True,
                            on_start=lambda s: lines.extend(
                                {"seq": 0, "text": text(e), "event": e}
                                for e in s.visible_events(None)),
                            on_step=lambda i, _a, s: lines.extend(
                                {"seq": i + 1, "text": text(e), "event": e}
                                for e in s.visible_events(None)))
            except RecordError as e:
                raise ActionError("bad_record", f"the table cannot be replayed: {e}", 409) from None
            cur = st.current_player()
            return {"seq": k, "total": total, "observation": st.observation(None),
                    "current": cur if cur >= 0 else None, "log": lines,
                    "result": st.result().to_json() if st.is_terminal() else None}

        out = await asyncio.to_thread(build)
        out["table"] = table_info(game, row.id, row.status, row.num_players, row.seats,
                                  row.options, row.created, row.moves, row.result,
                                  row.name, row.private, row.clock, row.timeout,
                                  row.rated, row.spectator_chat, row.unrated)
        out["table"]["events"] = row.events
        return out
