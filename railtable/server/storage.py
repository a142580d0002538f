"""Storage of tables, seats and actions (SQLAlchemy 2 Core).

Every call here is synchronous and runs on the server's single database thread, so SQLite
never sees two writers and the event loop never waits on the disk. Any SQLAlchemy URL
works; SQLite files are opened in WAL mode with synchronous=NORMAL.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field

from sqlalchemy import (JSON, BigInteger, bindparam, Boolean, Column, Float, ForeignKey, Integer,
                        MetaData, String, Table, UniqueConstraint, and_, create_engine, delete,
                        event, exists, func, insert, select, update)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import StaticPool

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # open / running / finished
    Column("rules_version", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("moves", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human / bot
    Column("bot", String(200), nullable=True),  # the bot spec of a bot seat
    Column("name", String(64), nullable=True),  # None: a free human seat
    Column("token_hash", String(64), nullable=True),  # sha256 hex of the seat's secret token
)

actions_t = Table(
    "actions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),  # 0, 1, 2...: the action's place in the game
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),  # the game's JSON form of the action
    Column("barrier", Boolean, nullable=False),  # True: undo may not go back past this action
    Column("time", Float, nullable=False),
    UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict
    seed: int
    num_players: int
    status: str
    rules_version: str
    created: float
    updated: float
    moves: int
    result: dict | None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class ActionRow:
    seq: int
    seat: int
    action: dict
    barrier: bool


@dataclass
class NewAction:
    """One action to append, with the table's status after it."""
    table_id: str
    seq: int
    seat: int
    action: dict
    barrier: bool
    status: str
    result: dict | None
    time: float


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    # checkpoints (the only fsyncs of WAL mode with synchronous=NORMAL) run in a background
    # thread, never inside a commit that players are waiting for
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


class Store:
    def __init__(self, url: str) -> None:
        kwargs: dict = {}
        parsed = make_url(url)
        memory = parsed.get_backend_name() == "sqlite" and parsed.database in (None, "",
                                                                               ":memory:")
        if parsed.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False}
            if memory:  # one database shared by every thread
                kwargs["poolclass"] = StaticPool
        self.engine: Engine = create_engine(url, **kwargs)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        # SQLite commits of a WAL database take well under a millisecond: the server's
        # writer commits them on the event loop, sparing the thread hand-offs (and the GIL
        # convoy) that cost tens of milliseconds under load. Other databases use a thread.
        self.inline_writes = (self.engine.dialect.name == "sqlite" and not memory
                              and os.environ.get("RAILTABLE_DB_THREAD") != "1")
        self.memory = memory
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None

    def start_checkpointer(self, every: float = 1.0) -> None:
        if self.engine.dialect.name != "sqlite" or self.memory or self._checkpointer is not None:
            return

        def loop() -> None:
            while not self._stop.wait(every):
                try:
                    with self.engine.connect() as c:
                        c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                except Exception:  # noqa: BLE001 - try again next time
                    pass

        self._checkpointer = threading.Thread(target=loop, name="railtable-checkpoint",
                                              daemon=True)
        self._checkpointer.start()

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5)
        if self.engine.dialect.name == "sqlite":
            try:
                with self.engine.connect() as c:
                    c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            except Exception:  # noqa: BLE001
                pass
        self.engine.dispose()

    # -- tables --------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as c:
            c.execute(insert(tables_t).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed,
                num_players=row.num_players, status=row.status,
                rules_version=row.rules_version, created=row.created, updated=row.updated,
                moves=0, result=None))
            c.execute(insert(seats_t), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token_hash": s.token_hash} for s in row.seats])

    @staticmethod
    def _table(r) -> TableRow:
        return TableRow(id=r.id, game=r.game, options=r.options or {}, seed=int(r.seed),
                        num_players=r.num_players, status=r.status,
                        rules_version=r.rules_version, created=r.created, updated=r.updated,
                        moves=r.moves or 0, result=r.result)

    def _seats(self, c, ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {i: [] for i in ids}
        if not ids:
            return out
        rows = c.execute(select(seats_t).where(seats_t.c.table_id.in_(ids))
                         .order_by(seats_t.c.table_id, seats_t.c.seat))
        for s in rows:
            out[s.table_id].append(SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash))
        return out

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            t = self._table(r)
            t.seats = self._seats(c, [t.id])[t.id]
            return t

    def list_tables(self, statuses: list[str], limit: int = 100) -> list[TableRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(tables_t).where(tables_t.c.status.in_(statuses))
                             .order_by(tables_t.c.updated.desc()).limit(limit)).all()
            out = [self._table(r) for r in rows]
            seats = self._seats(c, [t.id for t in out])
            for t in out:
                t.seats = seats[t.id]
            return out

    def live_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(
                select(tables_t.c.id).where(tables_t.c.status.in_(["open", "running"])))]

    def bot_table_ids(self) -> list[str]:
        """The running tables with a bot seat: the only ones where a bot may be to move."""
        with self.engine.connect() as c:
            has_bot = exists().where(and_(seats_t.c.table_id == tables_t.c.id,
                                          seats_t.c.kind == "bot"))
            return [r.id for r in c.execute(
                select(tables_t.c.id).where(and_(tables_t.c.status == "running", has_bot)))]

    def actions(self, table_id: str) -> list[ActionRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(actions_t.c.seq, actions_t.c.seat, actions_t.c.action,
                                    actions_t.c.barrier)
                             .where(actions_t.c.table_id == table_id)
                             .order_by(actions_t.c.seq))
            return [ActionRow(r.seq, r.seat, r.action, bool(r.barrier)) for r in rows]

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                   expect_hash: str | None, new_status: str | None) -> bool:
        """Give a free human seat a name (and a token). False if someone was quicker."""
        with self.engine.begin() as c:
            cond = and_(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                        seats_t.c.kind == "human", seats_t.c.name.is_(None))
            if expect_hash is not None:
                cond = and_(cond, seats_t.c.token_hash == expect_hash)
            n = c.execute(update(seats_t).where(cond)
                          .values(name=name, token_hash=token_hash)).rowcount
            if n != 1:
                return False
            values: dict = {"updated": time.time()}
            if new_status:
                values["status"] = new_status
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
            return True

    # -- actions -------------------------------------------------------------------------

    def append_actions(self, batch: list[NewAction]) -> None:
        """Insert actions and update their tables in one transaction."""
        with self.engine.begin() as c:
            c.execute(insert(actions_t), [
                {"table_id": a.table_id, "seq": a.seq, "seat": a.seat, "action": a.action,
                 "barrier": a.barrier, "time": a.time} for a in batch])
            last: dict[str, NewAction] = {}
            for a in batch:
                last[a.table_id] = a
            c.execute(update(tables_t).where(tables_t.c.id == _bind("tid")).values(
                status=_bind("st"), result=_bind("res", JSON), moves=_bind("mv"),
                updated=_bind("tm")), [
                {"tid": a.table_id, "st": a.status, "res": a.result, "mv": a.seq + 1,
                 "tm": a.time} for a in last.values()])

    def truncate_actions(self, table_id: str, keep: int, status: str) -> None:
        """Delete the actions from seq `keep` on (an undo), in one transaction."""
        with self.engine.begin() as c:
            c.execute(delete(actions_t).where(and_(actions_t.c.table_id == table_id,
                                                   actions_t.c.seq >= keep)))
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(
                moves=keep, status=status, result=None, updated=time.time()))

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as c:
            return c.execute(select(func.count()).select_from(actions_t)
                             .where(actions_t.c.table_id == table_id)).scalar_one()


def _bind(name: str, type_=None):
    return bindparam(name, type_=type_)
