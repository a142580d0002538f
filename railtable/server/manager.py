"""Live tables: each table applies its actions in order under its own lock.

The record is the source of truth: a table in memory is `new_state(n, seed, options)` plus
its committed actions. An action is validated, applied, committed (the database writer
batches the commits of all tables that act in the same moment) and only then broadcast.
Bots think in worker processes (or a thread pool), never on the event loop. A table nobody
uses leaves memory after `idle_seconds` and is rebuilt from the database when needed.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from railtable.bots.base import make_bot
from railtable.bots.spec import SpecError
from railtable.engine.game import IllegalAction, OptionsError
from railtable.engine.record import RecordError
from railtable.engine.registry import UnknownGame, get_game
from railtable.server.storage import ActionRow, NewAction, SeatRow, Store, TableRow
from railtable.sim.match import bot_seed

log = logging.getLogger("railtable.server")

LANGS = ("en", "ru")
MAX_NAME = 32
MAX_BOT_SPEC = 200
MAX_SEND_QUEUE = 500  # messages waiting for one slow connection before it is dropped


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


def clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise ActionError("bad_name", "a player name must be text")
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME:
        raise ActionError("bad_name", f"a player name has 1-{MAX_NAME} characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise ActionError("bad_name", "a player name may not contain control characters")
    return name


class Conn:
    """One WebSocket: its seat (None: spectator), language and outgoing queue."""

    __slots__ = ("ws", "seat", "lang", "queue", "closed")

    def __init__(self, ws, seat: int | None, lang: str) -> None:
        self.ws = ws
        self.seat = seat
        self.lang = lang
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

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


class Database:
    """The store behind one database thread, and a writer that batches action commits."""

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
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

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
        return await asyncio.wrap_future(cf)

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
        fut = asyncio.get_running_loop().create_future()
        self._unsettled[action.table_id] += 1
        # settled once the commit has succeeded or failed (the callback runs a moment later,
        # which only errs on the side of keeping the table)
        fut.add_done_callback(functools.partial(self._settle, action.table_id))
        self._pending.append((action, fut))
        self._wake.set()
        return fut

    async def _writer(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                if self.store.inline_writes:
                    self.store.append_actions([a for a, _ in batch])
                else:
                    await self.call(self.store.append_actions, [a for a, _ in batch])
                for _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
            except Exception as e:  # noqa: BLE001 - find the bad one, commit the others
                if len(batch) == 1:
                    if not batch[0][1].done():
                        batch[0][1].set_exception(e)
                    continue
                for a, fut in batch:
                    try:
                        await self.call(self.store.append_actions, [a])
                        if not fut.done():
                            fut.set_result(None)
                    except Exception as e1:  # noqa: BLE001
                        if not fut.done():
                            fut.set_exception(e1)


class LiveTable:
    def __init__(self, mgr: "Manager", row: TableRow) -> None:
        self.mgr = mgr
        self.id = row.id
        self.game = get_game(row.game)
        if row.rules_version != self.game.rules_version:
            raise RecordError(f"table {row.id} was played with rules version "
                              f"{row.rules_version} of {row.game}; installed is "
                              f"{self.game.rules_version}")
        self.num_players = row.num_players
        self.seed = row.seed
        self.options = self.game.parse_options(row.options)
        self.options_json = row.options
        self.seats: list[SeatRow] = row.seats
        self.status = row.status
        self.result: dict | None = row.result
        self.created = row.created
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bots = {s.seat: make_bot(s.bot, self.game, s.seat, bot_seed(self.seed, s.seat))
                     for s in self.seats if s.kind == "bot"}
        self.bot_task: asyncio.Task | None = None
        self.bot_seq = -1
        # eviction: when the table last did something (time.monotonic()), and whether the
        # manager has let go of this object (a request still holding it must get it afresh)
        self.last_active = time.monotonic()
        self.evicted = False
        # filled by rebuild()
        self.state = None
        self.seq = 0
        self.actions: list[dict] = []
        self.hist: list[tuple[int, bool]] = []  # (seat, barrier) per action
        self.logs: list[list[tuple[int, dict]]] = []  # per seat, then the spectator
        self._legal: list[int] | None = None
        self._legal_set: frozenset = frozenset()

    # -- rebuilding from the record -----------------------------------------------------

    def rebuild(self, rows: list[ActionRow]) -> None:
        game = self.game
        state = game.new_state(self.num_players, self.seed, self.options, record_events=True)
        logs: list[list[tuple[int, dict]]] = [[] for _ in range(self.num_players + 1)]
        self._collect(0, state.events, logs)
        actions, hist = [], []
        for i, r in enumerate(rows):
            try:
                a = game.action_from_json(state, r.action)
                state.apply(a)
            except IllegalAction as e:
                raise RecordError(f"table {self.id}: action {i} ({r.action}) cannot be "
                                  f"replayed: {e}") from None
            self._collect(i + 1, state.events, logs)
            actions.append(r.action)
            hist.append((r.seat, r.barrier))
        self.state = state
        self.seq = len(rows)
        self.actions = actions
        self.hist = hist
        self.logs = logs
        self._legal = None

    def _collect(self, seq: int, events: list[dict], logs) -> None:
        n = self.num_players
        for e in events:
            to = e.get("to")
            if to is None:
                for lst in logs:
                    lst.append((seq, e))
                continue
            if isinstance(to, int):  # not the contract (a list), but clear enough: one seat
                to = (to,)
            elif not isinstance(to, (list, tuple)):
                continue  # unreadable recipients: nobody sees it rather than everybody
            for p in to:
                if type(p) is int and 0 <= p < n:
                    logs[p].append((seq, e))

    # -- views ----------------------------------------------------------------------------

    def legal(self) -> list[int]:
        if self._legal is None:
            self._legal = self.state.legal_actions() if self.status == "running" else []
            self._legal_set = frozenset(self._legal)
        return self._legal

    def can_undo(self, seat: int | None) -> bool:
        return (seat is not None and self.status == "running" and bool(self.hist)
                and self.hist[-1] == (seat, False))

    def players(self) -> list[dict]:
        online = {c.seat for c in self.conns}
        return [{"seat": s.seat, "name": s.name, "bot": s.bot if s.kind == "bot" else None,
                 "kind": s.kind, "connected": s.kind == "bot" or s.seat in online}
                for s in self.seats]

    def info(self) -> dict:
        """What anyone may know about the table (the seed only once the game is over)."""
        d = table_info(self.game, self.id, self.status, self.num_players, self.seats,
                       self.options_json, self.created, self.seq, self.result)
        d["players"] = self.players()
        if self.status == "finished":
            d["seed"] = self.seed
        return d

    def _log_text(self, event: dict, lang: str) -> str:
        try:
            return self.game.event_text(event, lang)
        except Exception:  # noqa: BLE001 - a log line must never break a table
            log.exception("event_text failed for %s", event.get("type"))
            return str(event.get("type", "?"))

    def _cached_text(self, event: dict, lang: str, texts: dict | None) -> str:
        if texts is None:
            return self._log_text(event, lang)
        key = (id(event), lang)
        t = texts.get(key)
        if t is None:
            t = texts[key] = self._log_text(event, lang)
        return t

    def payload(self, seat: int | None, lang: str, full: bool,
                texts: dict | None = None) -> dict:
        st = self.state
        obs = st.observation(seat)
        cur = obs["current_player"]  # the envelope (docs/developing.md)
        legal = []
        if seat is not None and seat == cur and self.status == "running":
            to_json, describe = self.game.action_to_json, st.describe
            legal = [{"id": a, "action": to_json(st, a), "label": describe(a, lang)}
                     for a in self.legal()]
        entries = self.logs[self.num_players if seat is None else seat]
        if not full:
            k = len(entries)
            while k > 0 and entries[k - 1][0] == self.seq:
                k -= 1
            entries = entries[k:]
        msg = {
            "type": "state" if full else "update",
            "seq": self.seq,
            "status": self.status,
            "current": cur,
            "legal": legal,
            "can_undo": self.can_undo(seat),
            "result": self.result,
            "observation": obs,
            "log": [{"seq": s, "text": self._cached_text(e, lang, texts)} for s, e in entries],
        }
        if full:
            msg["seat"] = seat
            msg["lang"] = lang
            msg["table"] = self.info()
        return msg

    def broadcast(self, full: bool = False) -> None:
        """Send every connection its own view; one encoding per (seat, language)."""
        cache: dict[tuple, str] = {}
        texts: dict = {}  # each log line is written once per language
        for c in list(self.conns):
            key = (c.seat, c.lang)
            text = cache.get(key)
            if text is None:
                text = cache[key] = dumps(self.payload(c.seat, c.lang, full, texts))
            c.send(text)

    def broadcast_players(self) -> None:
        text = dumps({"type": "players", "players": self.players()})
        for c in list(self.conns):
            c.send(text)

    # -- connections ----------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        h = hash_token(token)
        for s in self.seats:
            if s.kind == "human" and s.token_hash and hmac.compare_digest(s.token_hash, h):
                return s.seat
        return None

    def touch(self) -> None:
        self.last_active = time.monotonic()

    async def attach(self, conn: Conn) -> None:
        """Add a connection and send it the full state. Raises TableGone if the table was
        evicted meanwhile (the caller gets it again with `Manager.get`)."""
        async with self.lock:
            if self.evicted:
                raise TableGone()
            self.touch()
            self.conns.add(conn)
            conn.send(dumps(self.payload(conn.seat, conn.lang, True)))
        self.broadcast_players()

    async def set_lang(self, conn: Conn, lang: str) -> None:
        async with self.lock:
            conn.lang = lang
            conn.send(dumps(self.payload(conn.seat, conn.lang, True)))

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        self.touch()
        self.broadcast_players()
        if not self.conns and self.status == "finished":
            self.mgr.evict(self)

    # -- decisions ------------------------------------------------------------------------

    async def act(self, seat: int | None, seq: Any, action_id: Any = None,
                  action_json: Any = None) -> None:
        async with self.lock:
            if self.evicted:
                raise TableGone()
            self._check_turn(seat, seq)
            game, st = self.game, self.state
            legal_set = self._legal_set if self._legal is not None else None
            if legal_set is None:
                self.legal()
                legal_set = self._legal_set
            if action_json is None:
                if type(action_id) is not int or action_id not in legal_set:
                    raise ActionError("illegal", f"{action_id!r} is not one of your legal "
                                      "choices now")
                a = action_id
            else:
                try:
                    a = game.action_from_json(st, action_json)
                except IllegalAction as e:
                    raise ActionError("illegal", str(e)) from None
                except Exception:  # noqa: BLE001 - malformed input must not break anything
                    raise ActionError("bad_action", "the action is malformed") from None
                if type(a) is not int or a not in legal_set:
                    raise ActionError("illegal", "that action is not legal now")
            canonical = game.action_to_json(st, a)
            seed0 = st._seed
            try:
                st.apply(a)
            except IllegalAction as e:
                raise ActionError("illegal", str(e)) from None
            except Exception:  # noqa: BLE001 - a rules bug: rebuild the table from the record
                log.exception("table %s: apply(%s) failed", self.id, a)
                self.rebuild_from_memory()
                raise ActionError("internal", "the game could not apply this action", 500)
            events = st.events
            barrier = st._seed != seed0 or any(
                e.get("to") is not None or e.get("reveal") for e in events)
            terminal = st.is_terminal()
            status = "finished" if terminal else "running"
            result = st.result().to_json() if terminal else None
            row = NewAction(self.id, self.seq, seat, canonical, barrier, status, result,
                            time.time())
            fut = self.mgr.db.append(row)
            try:
                await asyncio.shield(fut)
            except asyncio.CancelledError:
                # the commit goes on without us: reload the table from the database later
                self.mgr.schedule_reload(self.id)
                raise
            except Exception:  # noqa: BLE001
                log.exception("table %s: could not store action %s", self.id, self.seq)
                self.rebuild_from_memory()
                raise ActionError("storage", "the action could not be stored; try again", 500)
            self.seq += 1
            self.actions.append(canonical)
            self.hist.append((seat, barrier))
            self._legal = None
            self.status = status
            self.result = result
            try:
                self._collect(self.seq, events, self.logs)
                self.broadcast()
            except Exception:  # noqa: BLE001 - the action is stored; tell everyone afresh
                log.exception("table %s: broadcasting action %s failed", self.id, self.seq)
                self.mgr.schedule_reload(self.id)
            self._schedule_bot()
            self.touch()
            if status == "finished" and not self.conns:
                self.mgr.evict(self)

    def _check_turn(self, seat: int | None, seq: Any) -> None:
        if seat is None:
            raise ActionError("forbidden", "spectators cannot act; open your seat's link", 403)
        if self.status == "open":
            raise ActionError("not_started", "the game starts when every seat is taken")
        if self.status != "running":
            raise ActionError("finished", "the game is over")
        if type(seq) is not int:
            raise ActionError("bad_message", "seq must be an integer")
        if seq != self.seq:
            raise ActionError("stale", f"stale seq {seq}: the table is at {self.seq}", 409)
        if self.state.current_player() != seat:
            raise ActionError("not_your_turn", "it is not your turn")

    def rebuild_from_memory(self) -> None:
        self.rebuild([ActionRow(i, s, a, b) for i, ((s, b), a)
                      in enumerate(zip(self.hist, self.actions))])

    async def undo(self, seat: int | None, seq: Any) -> None:
        async with self.lock:
            if self.evicted:
                raise TableGone()
            if seat is None:
                raise ActionError("forbidden", "spectators cannot undo", 403)
            if self.status != "running":
                raise ActionError("finished", "the game is not running")
            if type(seq) is not int:
                raise ActionError("bad_message", "seq must be an integer")
            if seq != self.seq:
                raise ActionError("stale", f"stale seq {seq}: the table is at {self.seq}", 409)
            if not self.can_undo(seat):
                raise ActionError("no_undo", "you cannot take back a decision now: someone "
                                  "else has decided since, or it drew, rolled or revealed "
                                  "something")
            keep = self.seq - 1
            await self.mgr.db.call_for(self.id, self.mgr.db.store.truncate_actions, self.id,
                                       keep, "running")
            rows = [ActionRow(i, s, a, b) for i, ((s, b), a)
                    in enumerate(zip(self.hist[:keep], self.actions[:keep]))]
            self.rebuild(rows)
            self.broadcast(full=True)
            self._schedule_bot()
            self.touch()

    async def claim(self, name: str, token: str | None, seat: Any) -> dict:
        """A person takes a free human seat (by its invitation token, or any free one).
        Raises TableGone if the table was evicted meanwhile."""
        name = clean_name(name)
        async with self.lock:
            if self.evicted:
                raise TableGone()
            if token is not None:
                if not isinstance(token, str) or len(token) > 200:
                    raise ActionError("bad_token", "bad seat token", 403)
                s_idx = self.seat_for_token(token)
                if s_idx is None:
                    raise ActionError("bad_token", "this seat link is not valid (someone "
                                      "else may have taken the seat)", 403)
                srow = self.seats[s_idx]
                if srow.name is not None:
                    return {"seat": s_idx, "token": token, "name": srow.name}
                new_hash, expect = srow.token_hash, srow.token_hash
            else:
                free = [s for s in self.seats if s.kind == "human" and s.name is None]
                if seat is not None:
                    if type(seat) is not int:
                        raise ActionError("bad_seat", "seat must be an integer")
                    free = [s for s in free if s.seat == seat]
                if not free:
                    raise ActionError("no_seat", "there is no free seat", 409)
                srow = free[0]
                token = new_token()
                new_hash, expect = hash_token(token), None
            all_named = all(s.name is not None or s.kind == "bot" or s is srow
                            for s in self.seats)
            new_status = "running" if all_named and self.status == "open" else None
            ok = await self.mgr.db.call_for(self.id, self.mgr.db.store.claim_seat, self.id,
                                            srow.seat, name, new_hash, expect, new_status)
            if not ok:
                raise ActionError("no_seat", "the seat was taken meanwhile", 409)
            replaced = srow.token_hash != new_hash
            srow.name, srow.token_hash = name, new_hash
            if replaced:  # the invitation's holder no longer has this seat
                for c in [c for c in self.conns if c.seat == srow.seat]:
                    c.send(dumps({"type": "error", "code": "bad_token",
                                  "message": "someone else has taken this seat"}))
                    self.conns.discard(c)
                    c.close()
            if new_status:
                self.status = new_status
                self._legal = None
            self.broadcast(full=True)
            self._schedule_bot()
            self.touch()
            return {"seat": srow.seat, "token": token, "name": name}

    # -- bots -----------------------------------------------------------------------------

    def _schedule_bot(self) -> None:
        if self.status != "running":
            return
        cur = self.state.current_player()
        if cur < 0 or cur not in self.bots:
            return
        t = self.bot_task
        if t is not None and not t.done() and t is not asyncio.current_task() \
                and self.bot_seq == self.seq:
            return
        self.bot_seq = self.seq
        self.bot_task = asyncio.create_task(self._bot_move(cur, self.seq))

    async def _bot_move(self, seat: int, seq: int) -> None:
        try:
            await self._bot_move_inner(seat, seq)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - never lose a bot's turn silently
            log.exception("table %s: the bot of seat %s failed", self.id, seat)
        finally:
            self.touch()

    async def _bot_move_inner(self, seat: int, seq: int) -> None:
        if self.mgr.bot_delay > 0:
            await asyncio.sleep(self.mgr.bot_delay)
        if self.seq != seq or self.status != "running":
            return
        loop = asyncio.get_running_loop()
        if self.mgr.bot_processes:
            # a worker process rebuilds the position from the record: no GIL shared with
            # the tables, and nothing but the record crosses over
            call = functools.partial(
                think_in_worker, self.game.id, self.num_players, self.seed, self.options_json,
                list(self.actions), self.seats[seat].bot, seat, bot_seed(self.seed, seat))
        else:
            st = self.state.clone()
            st.record_events = False
            call = functools.partial(self.bots[seat].act, st)
        try:
            a = await asyncio.wait_for(loop.run_in_executor(self.mgr.bot_pool, call),
                                       self.mgr.bot_budget)
        except Exception as e:  # noqa: BLE001 - a slow or broken bot: play a random move
            if not isinstance(e, asyncio.TimeoutError):
                log.exception("table %s: bot %s failed", self.id, self.seats[seat].bot)
            if self.seq != seq:
                return
            a = random.choice(self.legal())
        if self.seq != seq:
            return
        try:
            await self.act(seat, seq, action_id=a)
        except ActionError as e:
            if e.code not in ("stale", "finished") and not isinstance(e, TableGone):
                log.warning("table %s: bot move refused: %s", self.id, e.message)


_worker_bots: dict = {}


def think_in_worker(game_id: str, num_players: int, seed: int, options: dict,
                    actions: list[dict], spec: str, seat: int, seed_of_bot: int) -> int:
    """A bot's decision in a worker process: replay the record, then ask the bot.

    Each worker keeps the bot of a (table, seat) between calls (a bot may carry memory
    from move to move), at most a few hundred of them."""
    game = get_game(game_id)
    state = game.new_state(num_players, seed, options, record_events=False)
    for d in actions:
        state.apply(game.action_from_json(state, d))
    key = (game_id, seed, seat, spec)
    bot = _worker_bots.pop(key, None)
    if bot is None:
        bot = make_bot(spec, game, seat, seed_of_bot)
    _worker_bots[key] = bot
    while len(_worker_bots) > 256:
        del _worker_bots[next(iter(_worker_bots))]
    return bot.act(state)


def _watch_parent(parent: int) -> None:
    """In a bot worker: exit when the server process is gone (even after a SIGKILL)."""
    import os
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="railtable-parent-watch").start()


def _make_bot_pool(workers: int, processes: bool):
    if processes:
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor
        try:
            # "spawn": the server has threads, which a forked child must not inherit
            return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_watch_parent, initargs=(os.getpid(),))
        except (OSError, ValueError) as e:  # no processes here: fall back to threads
            log.warning("bots run in threads: no process pool (%s)", e)
    return ThreadPoolExecutor(workers, thread_name_prefix="railtable-bot")


def table_info(game, table_id: str, status: str, num_players: int, seats: list[SeatRow],
               options: dict, created: float, moves: int, result: dict | None) -> dict:
    return {
        "id": table_id,
        "game": game.id,
        "title": game.title,
        "status": status,
        "num_players": num_players,
        "options": options,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name,
                   "bot": s.bot if s.kind == "bot" else None,
                   "free": s.kind == "human" and s.name is None} for s in seats],
        "created": created,
        "moves": moves,
        "result": result,
    }


class Manager:
    """The live tables of one database.

    A table is in `tables` while it is used; `get` rebuilds a missing one from the database.
    A table that has been idle for `idle_seconds` (no connection, no bot move scheduled or
    running, its lock free, no write of it unsettled) leaves memory; a background task
    checks every min(60, idle_seconds / 2) seconds. `idle_seconds` 0 or None: never."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6, bot_budget: float = 10.0,
                 bot_workers: int = 2, bot_processes: bool = True,
                 idle_seconds: float | None = 600.0) -> None:
        self.db = Database(store)
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget
        self.bot_pool = _make_bot_pool(bot_workers, bot_processes)
        self.bot_processes = not isinstance(self.bot_pool, ThreadPoolExecutor)
        self.idle_seconds = idle_seconds if idle_seconds and idle_seconds > 0 else None
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task] = {}
        self._bg: set[asyncio.Task] = set()
        self._evictor: asyncio.Task | None = None

    async def start(self) -> None:
        self.db.start()
        # Only tables where a bot may be to move are rebuilt now, so all-bot games go on
        # after a restart; every other table is rebuilt when someone asks for it.
        for table_id in await self.db.call(self.db.store.bot_table_ids):
            try:
                await self.get(table_id)
            except Exception:  # noqa: BLE001 - one broken table must not stop the server
                log.exception("table %s could not be restored", table_id)
        if self.idle_seconds:
            self._evictor = asyncio.create_task(self._evict_loop())

    async def stop(self) -> None:
        if self._evictor is not None:
            self._evictor.cancel()
            try:
                await self._evictor
            except asyncio.CancelledError:
                pass
        for t in self.tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
            for c in list(t.conns):
                c.close()
        await self.db.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        processes = getattr(self.bot_pool, "_processes", None) or {}
        for proc in list(processes.values()):  # a bot still thinking is not waited for
            proc.terminate()

    async def get(self, table_id: str) -> LiveTable | None:
        t = self.tables.get(table_id)
        if t is not None:
            return t
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        try:
            return await asyncio.shield(task)
        except ActionError:
            raise
        except Exception as e:  # noqa: BLE001 - e.g. a record of other rules
            log.warning("table %s cannot be loaded: %s", table_id, e)
            raise ActionError("unavailable", f"this table cannot be loaded: {e}", 409) from None

    async def _load(self, table_id: str) -> LiveTable | None:
        row = await self.db.call(self.db.store.get_table, table_id)
        if row is None:
            return None
        rows = await self.db.call(self.db.store.actions, table_id)
        t = LiveTable(self, row)
        await asyncio.to_thread(t.rebuild, rows)
        self.tables[table_id] = t
        t._schedule_bot()
        return t

    def evict(self, t: LiveTable) -> None:
        """Let go of a table (in one step: no await). Whoever still holds the object gets
        TableGone from attach/claim/act/undo and fetches the table again with `get`."""
        t.evicted = True
        if self.tables.get(t.id) is t:
            del self.tables[t.id]

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
        async def reload() -> None:
            t = self.tables.pop(table_id, None)
            if t is not None:
                t.evicted = True
            conns = list(t.conns) if t else []
            for c in conns:
                c.close()
            await self.get(table_id)
        task = asyncio.create_task(reload())
        self._bg.add(task)
        task.add_done_callback(self._bg.discard)

    # -- creating tables ------------------------------------------------------------------

    async def create(self, body: dict) -> dict:
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
        try:
            options = game.parse_options(body.get("options") or None)
        except OptionsError as e:
            raise ActionError("bad_options", str(e)) from None
        seed = secrets.randbits(63)
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise ActionError("bad_seats", f"seat {i}: kind must be human or bot")
            if s["kind"] == "bot":
                spec = s.get("bot", "random")
                if not isinstance(spec, str) or len(spec) > MAX_BOT_SPEC:
                    raise ActionError("bad_bot", f"seat {i}: a bot spec is a short text")
                try:
                    make_bot(spec, game, i, 0)
                except SpecError as e:
                    raise ActionError("bad_bot", f"seat {i}: {e}") from None
                except Exception:  # noqa: BLE001 - a game whose bots do not load
                    log.exception("bot %r of %s could not be made", spec, game.id)
                    raise ActionError("bad_bot", f"seat {i}: bot {spec!r} is not available")
                seats.append(SeatRow(i, "bot", spec, None, None))
            else:
                name = s.get("name")
                name = clean_name(name) if name not in (None, "") else None
                token = new_token()
                tokens[i] = token
                seats.append(SeatRow(i, "human", None, name, hash_token(token)))
        try:
            game.new_state(n, seed, options, record_events=False)
        except OptionsError as e:
            raise ActionError("bad_options", str(e)) from None
        status = "open" if any(s.kind == "human" and s.name is None for s in seats) \
            else "running"
        now = time.time()
        table_id = secrets.token_urlsafe(6)
        row = TableRow(id=table_id, game=game.id, options=game.options_to_json(options),
                       seed=seed, num_players=n, status=status,
                       rules_version=game.rules_version, created=now, updated=now, moves=0,
                       result=None, seats=seats)
        await self.db.call(self.db.store.create_table, row)
        await self.get(table_id)
        return {
            "id": table_id,
            "status": status,
            "seats": [{"seat": i, "kind": s.kind, "name": s.name, "token": tokens.get(i),
                       "url": f"/table/{table_id}#token={tokens[i]}" if i in tokens else None}
                      for i, s in enumerate(seats)],
        }

    # -- lists and replays ----------------------------------------------------------------

    async def list_tables(self, statuses: list[str], limit: int = 50) -> list[dict]:
        rows = await self.db.call(self.db.store.list_tables, statuses, limit)
        out = []
        for r in rows:
            try:
                game = get_game(r.game)
            except UnknownGame:
                continue
            out.append(table_info(game, r.id, r.status, r.num_players, r.seats, r.options,
                                  r.created, r.moves, r.result))
        return out

    async def replay(self, table_id: str, upto: int | None, lang: str) -> dict | None:
        """The position after `upto` actions as a spectator sees it, with its log."""
        row = await self.db.call(self.db.store.get_table, table_id)
        if row is None:
            return None
        rows = await self.db.call(self.db.store.actions, table_id)
        game = get_game(row.game)
        if row.rules_version != game.rules_version:
            raise ActionError("rules_version", "the table was played with other rules", 409)
        total = len(rows)
        k = total if upto is None else max(0, min(int(upto), total))

        def text(e: dict) -> str:
            try:
                return game.event_text(e, lang)
            except Exception:  # noqa: BLE001
                return str(e.get("type", "?"))

        def build() -> dict:
            st = game.new_state(row.num_players, row.seed, row.options, record_events=True)
            lines = [{"seq": 0, "text": text(e)} for e in st.visible_events(None)]
            for i, r in enumerate(rows[:k]):
                st.apply(game.action_from_json(st, r.action))
                lines += [{"seq": i + 1, "text": text(e)} for e in st.visible_events(None)]
            obs = st.observation(None)
            return {"seq": k, "total": total, "observation": obs,
                    "current": obs["current_player"], "log": lines, "result": obs["result"]}

        out = await asyncio.to_thread(build)
        out["table"] = table_info(game, row.id, row.status, row.num_players, row.seats,
                                  row.options, row.created, row.moves, row.result)
        return out
