"""A live table: the game in memory, its views, and the requests that change it.

The record is the source of truth: a table in memory is the engine's replay of its stored
record. A request is validated and applied under the table's lock, committed (the store
refuses it if another worker changed the table first) and only then sent to this worker's
connections and announced to the other workers. News from another worker is read back from
the database (`sync`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from railtable.engine.game import IllegalAction
from railtable.engine.record import Record, RecordError, replay
from railtable.engine.registry import get_game
from railtable.language import table_names
from railtable.server import chat, clock, deltas, ratings
from railtable.server.connections import Conn
from railtable.server.lifecycle import ENDED, standing
from railtable.server.protocol import (ActionError, StorageDown, TableGone, clean_name, dumps,
                                       hash_token, new_token, stale)
from railtable.server.storage import ActionRow, NewAction, SeatRow, StaleWrite, TableRow

if TYPE_CHECKING:
    from railtable.server.manager import Manager

log = logging.getLogger("railtable.server")
PRESENCE_SECONDS = 0.25  # comings and goings are announced at most this often


def table_info(game, table_id: str, status: str, num_players: int, seats: list[SeatRow],
               options: dict, created: float, moves: int, result: dict | None,
               name: str = "", private: bool = False, clock_: dict | None = None,
               timeout: str | None = None, rated: bool = False,
               spectator_chat: bool = False, unrated: str | None = None) -> dict:
    """What anyone who may see the table may know of it. A seat is `free` when anyone may
    take it (from the lobby or the table page), `invited` when it waits for the holder of
    its invitation (or for that holder's name); `account` names the account it belongs to
    (its profile), if any."""
    return {
        "id": table_id,
        "game": game.id,
        "title": game.title,
        "name": name,
        "private": private,
        "cooperative": game.cooperative,
        "status": status,
        "num_players": num_players,
        "options": options,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name,
                   "bot": s.bot if s.by_bot else None, "state": s.state,
                   "free": s.open, "account": s.account,
                   "invited": s.kind == "human" and s.name is None and not s.open}
                  for s in seats],
        "created": created,
        "moves": moves,
        "result": result,
        "standing": standing(result, seats, game.cooperative),
        "clock": clock_,
        "timeout": timeout if clock_ else None,
        # counts for ratings if it finishes with every seat an account's (ratings.py)
        "rated": rated,
        # why not: "off" (created so), "bots", "undo" (a decision taken back), "unknown"
        "unrated": None if rated else (unrated or "unknown"),
        "spectator_chat": spectator_chat,  # spectators may write in the chat (chat.py)
    }


def seat_holding(seats: list[SeatRow], token: str | None) -> int | None:
    """The human seat whose token this is, if any (compared in constant time)."""
    if not token:
        return None
    h = hash_token(token)
    for s in seats:
        if s.kind == "human" and s.token_hash and hmac.compare_digest(s.token_hash, h):
            return s.seat
    return None


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
        self.created = row.created
        self.conns: set[Conn] = set()
        self._presence: asyncio.Task | None = None  # the coming announcement of who is here
        self.lock = asyncio.Lock()
        # the bot runner's: this table's bot objects (thread mode) and its pending move
        self.bots: dict = {}
        self.bot_task: asyncio.Task | None = None
        self.bot_seq = -1
        # eviction: when the table last did something (time.monotonic()), and whether the
        # manager has let go of this object (a request still holding it must get it afresh)
        self.last_active = time.monotonic()
        self.evicted = False
        self._set_row(row)
        # filled by rebuild()
        self.state = None
        self.seq = 0
        self.actions: list[dict] = []
        self.hist: list[tuple[int, bool]] = []  # (seat, barrier) per action
        self.logs: list[list[tuple[int, dict]]] = []  # per seat, then the spectator
        self._legal: list[int] | None = None
        self._legal_set: frozenset = frozenset()
        self.chat_log: deque = deque(maxlen=chat.HISTORY)  # the last messages (chat.py)
        # patches (railtable.server.deltas): the version of the views last sent, and each
        # seat's latest view (a connection that attaches before the next move shares it)
        self.view_version = 0
        self.latest_views: dict = {}

    def _set_row(self, row: TableRow) -> None:
        self.name = row.name
        self.private = row.private
        self.rated = row.rated
        self.spectator_chat = row.spectator_chat
        self.unrated = row.unrated
        self.seats: list[SeatRow] = row.seats
        self.status = row.status
        self.result: dict | None = row.result
        self.version = row.version
        self.clock = row.clock
        self.timeout = row.timeout
        self.creator_hash = row.creator_hash
        self.turn_seat, self.turn_start, self.deadline = (row.turn_seat, row.turn_start,
                                                          row.deadline)
        self.events: list[dict] = row.events

    # -- rebuilding from the record -----------------------------------------------------

    def record(self, actions: list[dict]) -> Record:
        return Record(game=self.game.id, num_players=self.num_players, seed=self.seed,
                      options=self.options_json, actions=actions,
                      rules_version=self.game.rules_version)

    def replayed(self, rows: list[ActionRow]) -> tuple:
        """The position after these actions and every seat's log, without touching the
        table (so it may run in a thread while the table goes on being read)."""
        logs: list[list[tuple[int, dict]]] = [[] for _ in range(self.num_players + 1)]
        try:
            state = replay(self.record([r.action for r in rows]), record_events=True,
                           on_start=lambda st: self._collect(0, st.events, logs),
                           on_step=lambda i, _a, st: self._collect(i + 1, st.events, logs))
        except RecordError as e:
            raise RecordError(f"table {self.id}: {e}") from None
        return state, logs

    async def rebuild_in_thread(self, rows: list[ActionRow], row: TableRow | None = None
                                ) -> None:
        """`rebuild` with the replay in a thread; the table changes in one step on the
        event loop, so nobody sees half of it."""
        state, logs = await asyncio.to_thread(self.replayed, rows)
        self.install(rows, state, logs)
        if row is not None:
            self._set_row(row)

    def rebuild(self, rows: list[ActionRow]) -> None:
        self.install(rows, *self.replayed(rows))

    def install(self, rows: list[ActionRow], state, logs) -> None:
        self.state = state
        self.seq = len(rows)
        self.actions = [r.action for r in rows]
        self.hist = [(r.seat, r.barrier) for r in rows]
        self.logs = logs
        self._legal = None

    def rebuild_from_memory(self) -> None:
        """Back to the last committed position (after a move that was applied in memory
        but not stored)."""
        self.rebuild([ActionRow(i, s, a, b) for i, ((s, b), a)
                      in enumerate(zip(self.hist, self.actions))])

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

    # -- news from other workers ----------------------------------------------------------

    async def sync(self, version: int | None = None) -> None:
        """Catch up with the database if the table changed there (another worker's move,
        undo or claimed seat), and show this worker's connections what changed."""
        async with self.lock:
            if self.evicted or (version is not None and version <= self.version):
                return
            await self._sync()

    async def _sync(self) -> None:
        """Under the lock: read the table as of now and follow it. Only actions appended
        since our copy are applied one by one (each is one update for the players);
        anything else (an undo, a claimed seat) rebuilds the table."""
        got = await self.mgr.db.call(self.mgr.db.store.load, self.id, self.seq)
        if got is None or got[0].version == self.version:
            return
        row, rows = got
        appended = row.moves - self.seq
        if appended > 0 and row.version - self.version == appended and len(rows) == appended:
            for r in rows:
                self._advance(r)
                self.broadcast()
            self._set_row(row)
            self._legal = None
        else:
            full = await self.mgr.db.call(self.mgr.db.store.load, self.id, 0)
            if full is None:
                return
            row, rows = full
            await self.rebuild_in_thread(rows, row)
            self.broadcast(full=True)
        self.mgr.bots.schedule(self)
        self.touch()

    def _advance(self, r: ActionRow) -> None:
        """Apply one stored action that another worker accepted."""
        st = self.state
        try:
            st.apply(self.game.action_from_json(st, r.action))
        except IllegalAction as e:
            raise RecordError(f"table {self.id}: stored action {r.seq} cannot be applied: "
                              f"{e}") from None
        self.seq += 1
        self.actions.append(r.action)
        self.hist.append((r.seat, r.barrier))
        self._legal = None
        terminal = st.is_terminal()
        self.status = "finished" if terminal else "running"
        self.result = st.result().to_json() if terminal else None
        self._collect(self.seq, st.events, self.logs)

    # -- views ----------------------------------------------------------------------------

    def legal(self) -> list[int]:
        if self._legal is None:
            self._legal = self.state.legal_actions() if self.status == "running" else []
            self._legal_set = frozenset(self._legal)
        return self._legal

    def can_undo(self, seat: int | None) -> bool:
        return (seat is not None and self.status == "running" and bool(self.hist)
                and self.hist[-1] == (seat, False) and not self.seats[seat].by_bot)

    def players(self) -> list[dict]:
        online = {c.seat for c in self.conns}
        return [{"seat": s.seat, "name": s.name, "bot": s.bot if s.by_bot else None,
                 "kind": s.kind, "state": s.state, "account": s.account,
                 "connected": s.by_bot or s.seat in online,
                 "invited": s.kind == "human" and s.name is None and not s.open}
                for s in self.seats]

    def clock_view(self) -> dict | None:
        """The running clock: whose turn is timed, until when (with the server's time, so
        a page can count down on its own clock), and every seat's seconds left."""
        if self.clock is None:
            return None
        at = clock.now()
        return {"seat": self.turn_seat, "deadline": self.deadline, "now": at,
                "remaining": clock.remaining(self.clock, self.seats, self.turn_seat,
                                             self.deadline, at)}

    def apply_turn(self, turn) -> None:
        self.turn_seat, self.turn_start, self.deadline = turn.seat, turn.start, turn.deadline
        for k, r in turn.reserves.items():
            self.seats[k].reserve = r

    def next_turn(self, cur: int | None, at: float):
        return clock.next_turn(self.clock, self.seats, self.turn_seat, self.turn_start,
                               self.deadline, cur if cur is None or cur >= 0 else None, at)

    def info(self) -> dict:
        """What anyone may know about the table (the seed only once the game is over)."""
        d = table_info(self.game, self.id, self.status, self.num_players, self.seats,
                       self.options_json, self.created, self.seq, self.result,
                       self.name, self.private, self.clock, self.timeout, self.rated,
                       self.spectator_chat, self.unrated)
        d["players"] = self.players()
        d["spectators"] = self.spectators()
        d["events"] = self.events
        if self.status in ENDED:
            d["seed"] = self.seed
        return d

    def _log_text(self, event: dict, lang: str) -> str:
        try:
            # the seats' names as they are now; a bot's seat as "Bot 2 (heuristic)"
            return self.game.event_text(event, lang, table_names(self.seats, lang))
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

    def position(self, seat: int | None) -> dict:
        """What `seat` (None: a spectator) sees of the table now, but for its legal choices
        and its log: the same in both languages."""
        st = self.state
        cur = st.current_player()
        return {
            "status": self.status,
            "current": cur if cur >= 0 else None,
            "can_undo": self.can_undo(seat),
            "result": self.result,
            # the ranking, with resigned and dropped seats last (the result is the game's)
            "standing": standing(self.result, self.seats, self.game.cooperative),
            "clock": self.clock_view(),
            "observation": st.observation(seat),
        }

    def choices(self, seat: int | None, lang: str) -> list[dict]:
        """The legal choices of `seat` with their labels: none unless it is the seat's
        turn and a person plays it."""
        st = self.state
        if (seat is None or seat != st.current_player() or self.status != "running"
                or self.seats[seat].by_bot):
            return []
        to_json, describe = self.game.action_to_json, st.describe
        names = table_names(self.seats, lang)  # a label that names a player says who
        return [{"id": a, "action": to_json(st, a), "label": describe(a, lang, names)}
                for a in self.legal()]

    def log_lines(self, seat: int | None, lang: str, full: bool,
                  texts: dict | None = None) -> list[dict]:
        """The log `seat` may read: all of it, or (not `full`) the last action's lines."""
        entries = self.logs[self.num_players if seat is None else seat]
        if not full:
            k = len(entries)
            while k > 0 and entries[k - 1][0] == self.seq:
                k -= 1
            entries = entries[k:]
        # each line with its event, which the view reads to show the last move
        return [{"seq": s, "text": self._cached_text(e, lang, texts), "event": e}
                for s, e in entries]

    def payload(self, seat: int | None, lang: str, full: bool,
                texts: dict | None = None, position: dict | None = None,
                legal: list[dict] | None = None) -> dict:
        """A full `state` message, or (not `full`) an `update` (docs/server.md); `position`
        and `legal`, when given, are this seat's `position` and `choices`."""
        pos = self.position(seat) if position is None else position
        msg = {
            "type": "state" if full else "update",
            "seq": self.seq,
            "status": pos["status"],
            "current": pos["current"],
            "legal": self.choices(seat, lang) if legal is None else legal,
            "can_undo": pos["can_undo"],
            "result": pos["result"],
            "standing": pos["standing"],
            "clock": pos["clock"],
            "observation": pos["observation"],
            "log": self.log_lines(seat, lang, full, texts),
        }
        if full:
            msg["seat"] = seat
            msg["lang"] = lang
            msg["table"] = self.info()
        return msg

    def broadcast(self, full: bool = False) -> None:
        """Send every connection of this worker what changed for it (docs/server.md): a
        patch, an update or (`full`) a full state. Each seat's view is built once, each
        message encoded once for the connections it is the same for."""
        out = deltas.Round(self, full)
        for c in list(self.conns):
            c.send(out.message(c))

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def broadcast_players(self) -> None:
        text = dumps({"type": "players", "players": self.players(),
                      "spectators": self.spectators()})
        for c in list(self.conns):
            c.send(text)

    def presence_changed(self) -> None:
        """Someone came or went: everyone hears of it once PRESENCE_SECONDS have passed, with
        whatever else changed meanwhile. A thousand spectators arriving together cost one
        message each, not one each to everyone already there (a million)."""
        if self._presence is None or self._presence.done():
            self._presence = asyncio.get_running_loop().create_task(self._announce())

    async def _announce(self) -> None:
        await asyncio.sleep(PRESENCE_SECONDS)
        if not self.evicted:
            self.broadcast_players()

    def stop_presence(self) -> None:
        if self._presence is not None:
            self._presence.cancel()

    # -- connections ----------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        return seat_holding(self.seats, token)

    def seat_for_invite(self, key: str) -> int | None:
        h = hash_token(key)
        for s in self.seats:
            if s.kind == "human" and s.invite_hash and hmac.compare_digest(s.invite_hash, h):
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
            conn.send(deltas.first(self, conn))
            if self.chat_log:  # the chat's last messages (a message of its own: chat.py)
                conn.send(chat.history(self))
        self.presence_changed()

    async def set_lang(self, conn: Conn, lang: str) -> None:
        async with self.lock:
            conn.lang = lang
            conn.send(deltas.first(self, conn))

    async def resync(self, conn: Conn) -> None:
        """The connection's client lost track (a patch for a version it does not hold, or
        one it could not apply): a full state again."""
        async with self.lock:
            conn.send(deltas.first(self, conn))

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        self.touch()
        self.presence_changed()
        if not self.conns and self.status in ENDED:
            self.mgr.evict(self)

    # -- decisions ------------------------------------------------------------------------

    async def act(self, seat: int | None, seq: Any, action_id: Any = None,
                  action_json: Any = None, bot: bool = False) -> None:
        """A decision of `seat`: its player's, or with `bot` its bot's (a bot seat, or a
        human seat a bot has taken over)."""
        async with self.lock:
            if self.evicted:
                raise TableGone()
            self._check_turn(seat, seq, bot)
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
            seed0 = st.chance_seed
            try:
                st.apply(a)
            except IllegalAction as e:
                raise ActionError("illegal", str(e)) from None
            except Exception:  # noqa: BLE001 - a rules bug: rebuild the table from the record
                log.exception("table %s: apply(%s) failed", self.id, a)
                self.rebuild_from_memory()
                raise ActionError("internal", "the game could not apply this action", 500)
            events = st.events
            # undo may not go back past randomness or anything revealed to some seats
            barrier = st.chance_seed != seed0 or any(
                e.get("to") is not None or e.get("reveal") for e in events)
            terminal = st.is_terminal()
            status = "finished" if terminal else "running"
            result = st.result().to_json() if terminal else None
            at = clock.now()
            turn = self.next_turn(None if terminal else st.current_player(), at)
            mover = st.current_player()
            row = NewAction(self.id, self.seq, seat, canonical, barrier, status, result,
                            at, self.version, turn, to_move=mover if mover >= 0 else None)
            if terminal:
                row.winners = standing(result, self.seats, game.cooperative)["winners"]
                if self.rated:
                    row.rating = ratings.ranks(result, self.seats, game.cooperative)
                    if game.cooperative:  # the team against the game at this setup
                        row.rating["setup"] = ratings.setup(game, self.options_json,
                                                            self.num_players)
            fut = self.mgr.db.append(row)
            try:
                await asyncio.shield(fut)
            except asyncio.CancelledError:
                # the commit goes on without us: reload the table from the database later
                self.mgr.schedule_reload(self.id)
                raise
            except StaleWrite:  # another worker changed the table first: follow it
                self.rebuild_from_memory()
                await self._sync()
                raise stale(self.seq) from None
            except StorageDown:
                self.rebuild_from_memory()
                self.mgr.check_soon(self.id)  # the commit may have happened after all
                raise StorageDown("the move") from None
            except Exception:  # noqa: BLE001
                log.exception("table %s: could not store action %s", self.id, self.seq)
                self.rebuild_from_memory()
                self.mgr.check_soon(self.id)
                raise ActionError("storage", "the action could not be stored; try again",
                                  503) from None
            self.seq += 1
            self.version += 1
            self.actions.append(canonical)
            self.hist.append((seat, barrier))
            self._legal = None
            self.status = status
            self.result = result
            self.apply_turn(turn)
            self.mgr.broker.publish(self.id, self.version)
            try:
                self._collect(self.seq, events, self.logs)
                self.broadcast()
            except Exception:  # noqa: BLE001 - the action is stored; tell everyone afresh
                log.exception("table %s: broadcasting action %s failed", self.id, self.seq)
                self.mgr.schedule_reload(self.id)
            self.mgr.bots.schedule(self)
            self.touch()
            if status == "finished":
                self.mgr.bots.finished(self)
                if not self.conns:
                    self.mgr.evict(self)

    def _check_turn(self, seat: int | None, seq: Any, bot: bool = False) -> None:
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
        if bot != self.seats[seat].by_bot:
            if bot:  # its player took the seat back while the bot thought
                raise ActionError("seat_back", "the seat's player plays it again", 409)
            raise ActionError("bot_seat", "a bot plays your seat now" + (
                "; take it back first" if self.seats[seat].state == "timeout" else ""), 409)
        if (self.deadline is not None and seat == self.turn_seat
                and clock.now() > self.deadline):
            self.mgr.due_soon(self.id)
            raise ActionError("time_out", "your time for this move has run out", 409)

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
            if self.seats[seat].by_bot:
                raise ActionError("bot_seat", "a bot plays your seat now", 409)
            keep = self.seq - 1
            turn = self.next_turn(seat, clock.now())  # the decision taken back was seat's
            try:
                await self.mgr.db.call_for(self.id, self.mgr.db.store.truncate_actions,
                                           self.id, keep, "running", self.version, turn,
                                           seat)
            except StaleWrite:
                await self._sync()
                raise stale(self.seq) from None
            rows = [ActionRow(i, s, a, b) for i, ((s, b), a)
                    in enumerate(zip(self.hist[:keep], self.actions[:keep]))]
            self.rebuild(rows)
            self.version += 1
            if self.rated:  # the store's truncate_actions did the same
                self.rated, self.unrated = False, "undo"
            self.apply_turn(turn)
            self.mgr.broker.publish(self.id, self.version)
            self.broadcast(full=True)
            self.mgr.bots.schedule(self)
            self.touch()

    async def claim(self, name: Any, token: str | None, seat: Any) -> dict:
        """A person names their seat: the seat their token holds, or a free seat anyone may
        take (`seat`: which one). A token that is a seat's unused invitation key accepts
        the invitation (see `accept`). Raises TableGone if the table was evicted meanwhile."""
        name = clean_name(name)
        async with self.lock:
            if self.evicted:
                raise TableGone()
            if self.mgr.broker.shared:  # seats may have been taken on another worker
                await self._sync()
            if self.status in ENDED:
                raise ActionError("finished", f"the table has ended ({self.status})", 409)
            if token is not None:
                if not isinstance(token, str) or len(token) > 200:
                    raise ActionError("bad_token", "bad seat token", 403)
                s_idx = self.seat_for_token(token)
                if s_idx is None:
                    if self.seat_for_invite(token) is not None:
                        return await self._accept(token, name, None)
                    raise ActionError("bad_token", "this seat link is not valid (someone "
                                      "else may have taken the seat)", 403)
                srow = self.seats[s_idx]
                if srow.name is not None:
                    return {"seat": s_idx, "token": token, "name": srow.name}
                new_hash = srow.token_hash
                await self._take(srow, name, new_hash, srow.token_hash, None, True)
            else:
                free = [s for s in self.seats if s.open]
                if seat is not None:
                    if type(seat) is not int:
                        raise ActionError("bad_seat", "seat must be an integer")
                    free = [s for s in free if s.seat == seat]
                if not free:
                    raise ActionError("no_seat", "there is no free seat (the others wait "
                                      "for their invitations)", 409)
                srow = free[0]
                token = new_token()
                await self._take(srow, name, hash_token(token), None, None, True)
            return {"seat": srow.seat, "token": token, "name": name}

    async def accept(self, key: Any, name: Any = None, held: str | None = None) -> dict:
        """Exchange a seat's invitation key for the seat: a fresh token (the holder's
        secret, which nobody else has seen), and the key stops working. `name` names the
        seat too if it has none; `held`: the token this browser already holds here, if any
        (one browser holds one seat of a table). Raises TableGone if the table was evicted
        meanwhile."""
        if not isinstance(key, str) or not 0 < len(key) <= 200:
            raise ActionError("bad_invitation", "an invitation key is a short text", 400)
        if name is not None:
            name = clean_name(name)
        async with self.lock:
            if self.evicted:
                raise TableGone()
            if self.mgr.broker.shared:
                await self._sync()
            if self.status in ENDED:
                raise ActionError("finished", f"the table has ended ({self.status})", 409)
            return await self._accept(key, name, held)

    async def _accept(self, key: str, name: str | None, held: str | None) -> dict:
        s_idx = self.seat_for_invite(key)
        if s_idx is None and (t_idx := self.seat_for_token(key)) is not None:
            # a seat's own token (an old #token= link, a CLI user's): kept as it is
            return {"seat": t_idx, "token": key, "name": self.seats[t_idx].name}
        if s_idx is None:
            raise ActionError("bad_invitation", "this invitation link is not valid: it has "
                              "been used already, or it is mistyped", 404)
        if held is not None and (h := self.seat_for_token(held)) is not None and h != s_idx:
            raise ActionError("seat_held", f"this browser already holds seat {h + 1} of this "
                              "table; send the link to the player it is for", 409)
        srow = self.seats[s_idx]
        if srow.name is not None:
            name = None  # a named seat keeps its name
        token = new_token()
        await self._take(srow, name, hash_token(token), srow.token_hash, srow.invite_hash,
                         False)
        return {"seat": s_idx, "token": token, "name": srow.name}

    async def _take(self, srow: SeatRow, name: str | None, new_hash: str,
                    expect_token: str | None, expect_invite: str | None,
                    unnamed: bool) -> None:
        """Under the lock: store the seat's new holder (and name), then tell everyone."""
        all_named = all(s.name is not None or s.kind == "bot"
                        or (s is srow and name is not None) for s in self.seats)
        new_status = "running" if all_named and self.status == "open" else None
        # the game starts: so does the first turn's clock
        turn = self.next_turn(self.state.current_player(), clock.now()) if new_status \
            else None
        ok = await self.mgr.db.call_for(self.id, self.mgr.db.store.claim_seat, self.id,
                                        srow.seat, name, new_hash, expect_token,
                                        expect_invite, new_status, unnamed, turn)
        if not ok:
            raise ActionError("no_seat", "the seat was taken meanwhile", 409)
        replaced = srow.token_hash is not None and srow.token_hash != new_hash
        if name is not None:
            srow.name = name
        srow.token_hash, srow.invite_hash = new_hash, None
        self.version += 1
        self.mgr.broker.publish(self.id, self.version)
        if replaced:  # whoever held the seat's old token no longer has this seat
            for c in [c for c in self.conns if c.seat == srow.seat]:
                c.send(dumps({"type": "error", "code": "bad_token",
                              "message": "someone else has taken this seat"}))
                self.conns.discard(c)
                c.close()
        if new_status:
            self.status = new_status
            self._legal = None
            self.apply_turn(turn)
        self.broadcast(full=True)
        self.mgr.bots.schedule(self)
        self.touch()
