"""Storage of tables, seats and actions (SQLAlchemy 2 Core): the store of record.

Every call here is synchronous and runs on a worker's database thread, so SQLite never sees
two writers and the event loop never waits on the disk. Any SQLAlchemy URL works; SQLite
files are opened in WAL mode with synchronous=NORMAL.

Several workers may share one database (PostgreSQL). Each change of a table (an action, an
undo, a claimed seat) bumps the table's `version` with a compare-and-set in the same
transaction, and actions are unique on (table, seq): a worker whose copy of a table is
behind gets `StaleWrite` and nothing is stored.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import (JSON, BigInteger, bindparam, Boolean, Column, Float, ForeignKey, Index,
                        Integer,
                        MetaData, String, Table, UniqueConstraint, and_, case, create_engine,
                        delete, event, exists, false, func, insert, inspect, or_, select,
                        text, true, update)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("num_players", Integer, nullable=False),
    # open / running / finished, or ended otherwise: abandoned / cancelled / expired
    Column("status", String(16), nullable=False, index=True),
    Column("rules_version", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("moves", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),
    # +1 on every change of the table: the compare-and-set that keeps workers from forking it
    Column("version", Integer, nullable=False, default=0, server_default="0"),
    # the name players see and search in the lobby, and its casefolded form: SQLite's
    # lower() folds ASCII only, so the search compares this column (see list_tables)
    Column("name", String(64), nullable=False, default="", server_default=""),
    Column("name_key", String(64), nullable=False, default="", server_default="",
           index=True),
    # a private table is in no list; only its seats' holders may see it
    Column("private", Boolean, nullable=False, default=False, server_default=false()),
    # the lifecycle (railtable.server.lifecycle, revision 0002): the clock chosen at creation
    # ({"kind": "live" | "turn", "move": s, "reserve": s}; None: no clock), what a timeout
    # does ("bot" / "drop"), the creator's secret, and the turn being timed: whose, since
    # when, and when it runs out (every worker's sweep looks for deadlines passed)
    Column("clock", JSON, nullable=True),
    Column("timeout", String(8), nullable=True),
    Column("creator_hash", String(64), nullable=True),
    Column("deadline", Float, nullable=True, index=True),
    Column("turn_seat", Integer, nullable=True),
    Column("turn_start", Float, nullable=True),
    # counts for ratings (revision 0005, railtable.server.ratings): created rated, no bot
    # seat, no undo used since; tables from before ratings are unrated
    Column("rated", Boolean, nullable=False, default=False, server_default=false()),
    # revision 0006: spectators may write in the table's chat (a creation setting); the seat
    # to decide now (null: nobody, or not known yet for a table of an older database)
    Column("spectator_chat", Boolean, nullable=False, default=False,
           server_default=false()),
    Column("to_move", Integer, nullable=True),
    # why the table does not count for ratings (null: it does): "off" (created so), "bots"
    # (a bot seat), "undo" (a decision was taken back), "unknown" (older than revision 0006)
    Column("unrated", String(16), nullable=True),
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
    # sha256 hex of the seat's invitation key while the invitation is unused; an unnamed seat
    # with one is reserved for whoever holds the invitation (never taken from the lobby)
    Column("invite_hash", String(64), nullable=True),
    # a human seat: None (its player plays), or resigned / left / timeout / dropped, when a
    # bot (the `bot` column) plays it for them
    Column("state", String(16), nullable=True),
    Column("reserve", Float, nullable=True),  # seconds of the clock's reserve left
    # the account whose seat this is (revision 0004): found from any browser it signs in at
    Column("account_id", Integer, nullable=True, index=True),
    # whether the seat is among the winners (the standing's), set when the table finishes
    # (revision 0006); null before that
    Column("won", Boolean, nullable=True),
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


# what happened to a table besides its moves: resigned, timeout, back, cancelled, expired,
# abandoned (`moves`: how many actions had been played then)
events_t = Table(
    "table_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("moves", Integer, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("kind", String(16), nullable=False),
    Column("time", Float, nullable=False),
)

# facts about the whole site: "site" is a random id made with the database, which names
# the site's channel and keys in a Redis that several sites may share
meta_t = Table(
    "meta", metadata,
    Column("key", String(32), primary_key=True),
    Column("value", String(200), nullable=False),
)


# accounts (revision 0004, railtable.server.accounts): the name as typed, its casefolded form
# (unique), and the Argon2 hash of the password
accounts_t = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created", Float, nullable=False),
)

# signed-in browsers: the sha256 of the session id in the browser's cookie, never the id
sessions_t = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False, index=True),
)


# each account's rating in each game (revision 0005, railtable.server.ratings)
ratings_t = Table(
    "ratings", metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Column("ordinal", Float, nullable=False),  # mu - 3 sigma: the leaderboard's order
    Index("ix_ratings_game_ordinal", "game", "ordinal"),
)

# every rating after each rated table, for plots; one row per account and table, so a table
# never updates a rating twice
rating_history_t = Table(
    "rating_history", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False),
    Column("game", String(64), nullable=False),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("time", Float, nullable=False),
    UniqueConstraint("account_id", "table_id", name="uq_rating_history_account_table"),
    Index("ix_rating_history_account_game", "account_id", "game", "time"),
)


# each table's chat (revision 0006, railtable.server.chat): the author's seat (null: a
# spectator), account and public name as shown then, and the text
chat_t = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
           nullable=False),
    Column("seat", Integer, nullable=True),
    Column("account_id", Integer, nullable=True),
    Column("name", String(64), nullable=True),
    Column("text", String(500), nullable=False),
    Column("time", Float, nullable=False),
    Index("ix_chat_table_id", "table_id", "id"),
)

# a cooperative game's rating at each setup (revision 0006, railtable.server.ratings): the
# opponent a team plays against; `setup` is a hash of the options and the player count
opponents_t = Table(
    "opponents", metadata,
    Column("game", String(64), primary_key=True),
    Column("setup", String(64), primary_key=True),
    Column("players", Integer, nullable=False),
    Column("level", String(32), nullable=True),  # the named difficulty level, if it is one
    Column("options", JSON, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)


@dataclass
class Account:
    id: int
    name: str
    password_hash: str


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None
    invite_hash: str | None = None
    state: str | None = None
    reserve: float | None = None
    account_id: int | None = None  # the account the seat belongs to (None: a guest's)
    account: str | None = None  # that account's name (public: it names a profile)

    @property
    def open(self) -> bool:
        """A free seat that anyone may take from the lobby (not reserved for an
        invitation, not held by anyone)."""
        return (self.kind == "human" and self.name is None and self.invite_hash is None
                and self.token_hash is None)

    @property
    def by_bot(self) -> bool:
        """A bot plays this seat (a bot seat, or a human seat a bot has taken over)."""
        return self.kind == "bot" or (self.state is not None and self.bot is not None)


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
    version: int = 0
    name: str = ""
    private: bool = False
    clock: dict | None = None
    timeout: str | None = None
    creator_hash: str | None = None
    deadline: float | None = None
    turn_seat: int | None = None
    turn_start: float | None = None
    events: list[dict] = field(default_factory=list)
    rated: bool = False
    spectator_chat: bool = False
    to_move: int | None = None
    unrated: str | None = None


@dataclass
class Turn:
    """The timed turn of a table after a change: its mover, since when, until when, and the
    reserves that changed (seat -> seconds)."""
    seat: int | None = None
    start: float | None = None
    deadline: float | None = None
    reserves: dict[int, float] = field(default_factory=dict)


@dataclass
class ActionRow:
    seq: int
    seat: int
    action: dict
    barrier: bool


@dataclass
class NewAction:
    """One action to append, with the table's status after it. `version` is the table's
    version the action was decided on; the store refuses it if the table has moved on."""
    table_id: str
    seq: int
    seat: int
    action: dict
    barrier: bool
    status: str
    result: dict | None
    time: float
    version: int = 0
    turn: Turn | None = None
    # a finishing move: the outcome to rate (railtable.server.ratings.ranks), if rated
    rating: dict | None = None
    to_move: int | None = None  # the seat to decide after the action (None: nobody)
    winners: list[int] | None = None  # a finishing move: the standing's winners


class StaleWrite(Exception):
    """The table changed in the database since the writer's copy: nothing was written."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} changed meanwhile")
        self.table_id = table_id


MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection) -> "AlembicConfig":
    from alembic.config import Config as AlembicConfig
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def migrate(c) -> None:
    """Upgrade the database of connection `c` to the newest revision. A database of a
    Railtable from before Alembic (tables, no alembic_version) is first brought to what that
    Railtable's last start made of it (missing tables created, the `version` column added by
    hand as it did), stamped as revision 0001, then upgraded like any other."""
    from alembic import command
    names = set(inspect(c).get_table_names())
    if "tables" in names and "alembic_version" not in names:
        from railtable.server.migrations.schema_0001 import schema
        schema().create_all(c)
        if "version" not in {col["name"] for col in inspect(c).get_columns("tables")}:
            c.execute(text("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0"))
        command.stamp(alembic_config(c), "0001_initial")
    command.upgrade(alembic_config(c), "head")


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
        else:  # a server database: connections may die with a restart of the server
            kwargs["pool_pre_ping"] = True
            kwargs["pool_size"] = 2
        self.engine: Engine = create_engine(url, **kwargs)
        self.shared = self.engine.dialect.name != "sqlite"  # other workers may write too
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._create_schema()
        # SQLite commits of a WAL database take well under a millisecond: the server's
        # writer commits them on the event loop, sparing the thread hand-offs (and the GIL
        # convoy) that cost tens of milliseconds under load. Other databases use a thread.
        self.inline_writes = (self.engine.dialect.name == "sqlite" and not memory
                              and os.environ.get("RAILTABLE_DB_THREAD") != "1")
        self.memory = memory
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None

    def _create_schema(self) -> None:
        """Create the schema, or bring a database made by an older Railtable up to this one
        with Alembic (railtable/server/migrations). Workers starting together take turns (a
        PostgreSQL advisory lock)."""
        with self.engine.begin() as c:
            if self.engine.dialect.name == "postgresql":
                c.execute(text("SELECT pg_advisory_xact_lock(7231842)"))  # any fixed number
            migrate(c)
            site = c.execute(select(meta_t.c.value).where(meta_t.c.key == "site")).scalar()
            if site is None:
                site = secrets.token_hex(6)
                c.execute(insert(meta_t).values(key="site", value=site))
            self.site_id = site

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
                moves=0, result=None, name=row.name, name_key=name_key(row.name),
                private=row.private, clock=row.clock, timeout=row.timeout,
                creator_hash=row.creator_hash, deadline=row.deadline,
                turn_seat=row.turn_seat, turn_start=row.turn_start, rated=row.rated,
                spectator_chat=row.spectator_chat, to_move=row.to_move,
                unrated=row.unrated))
            c.execute(insert(seats_t), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token_hash": s.token_hash, "invite_hash": s.invite_hash,
                 "state": s.state, "reserve": s.reserve, "account_id": s.account_id}
                for s in row.seats])

    @staticmethod
    def _table(r) -> TableRow:
        return TableRow(id=r.id, game=r.game, options=r.options or {}, seed=int(r.seed),
                        num_players=r.num_players, status=r.status,
                        rules_version=r.rules_version, created=r.created, updated=r.updated,
                        moves=r.moves or 0, result=r.result, version=r.version or 0,
                        name=r.name or "", private=bool(r.private), clock=r.clock,
                        timeout=r.timeout, creator_hash=r.creator_hash, deadline=r.deadline,
                        turn_seat=r.turn_seat, turn_start=r.turn_start,
                        rated=bool(r.rated), spectator_chat=bool(r.spectator_chat),
                        to_move=r.to_move, unrated=r.unrated)

    def _seats(self, c, ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {i: [] for i in ids}
        if not ids:
            return out
        rows = c.execute(select(seats_t, accounts_t.c.name.label("account"))
                         .outerjoin(accounts_t, accounts_t.c.id == seats_t.c.account_id)
                         .where(seats_t.c.table_id.in_(ids))
                         .order_by(seats_t.c.table_id, seats_t.c.seat))
        for s in rows:
            out[s.table_id].append(SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash,
                                           s.invite_hash, s.state, s.reserve, s.account_id,
                                           s.account))
        return out

    @staticmethod
    def _events(c, table_id: str) -> list[dict]:
        return [{"kind": r.kind, "seat": r.seat, "moves": r.moves, "time": r.time}
                for r in c.execute(select(events_t).where(events_t.c.table_id == table_id)
                                   .order_by(events_t.c.id))]

    def _snapshot(self):
        """A connection whose reads all see one moment of the database."""
        c = self.engine.connect()
        if self.engine.dialect.name == "postgresql":
            c = c.execution_options(isolation_level="REPEATABLE READ")
        return c

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            t = self._table(r)
            t.seats = self._seats(c, [t.id])[t.id]
            t.events = self._events(c, t.id)
            return t

    def load(self, table_id: str, since: int = 0) -> tuple[TableRow, list[ActionRow]] | None:
        """A table and its actions from seq `since` on, read as of one moment."""
        with self._snapshot() as c, c.begin():
            r = c.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            t = self._table(r)
            t.seats = self._seats(c, [t.id])[t.id]
            t.events = self._events(c, t.id)
            return t, self._actions(c, table_id, since)

    def versions(self, ids: list[str]) -> dict[str, int]:
        """The current version of each of these tables (a missing table is left out)."""
        out: dict[str, int] = {}
        with self.engine.connect() as c:
            for k in range(0, len(ids), 500):
                for r in c.execute(select(tables_t.c.id, tables_t.c.version)
                                   .where(tables_t.c.id.in_(ids[k:k + 500]))):
                    out[r.id] = r.version or 0
        return out

    def list_tables(self, statuses: list[str], limit: int = 100, offset: int = 0, *,
                    games: list[str] | None = None, search: str = "",
                    mine: dict[str, int] | None = None
                    ) -> tuple[int, list[TableRow], set[str]]:
        """One page of the lobby: (how many tables match, the page, the ids of the asker's
        tables where it is their move). Private tables are left out unless they are in
        `mine` ({table id: seat} where the asker holds a seat, already checked); the
        asker's tables come first, those where it is their move before the others, then
        the most recently changed. `search`: a part of the table's name, any case."""
        t = tables_t
        cond = t.c.status.in_(statuses)
        seat_of = dict(mine or {})
        mine = list(seat_of)
        cond = and_(cond, or_(t.c.private == false(), t.c.id.in_(mine)) if mine
                    else t.c.private == false())
        if games:
            cond = and_(cond, t.c.game.in_(games))
        if search:
            pattern = "%" + search.casefold().replace("\\", "\\\\").replace("%", "\\%") \
                .replace("_", "\\_") + "%"
            cond = and_(cond, t.c.name_key.like(pattern, escape="\\"))
        order = [t.c.updated.desc(), t.c.id]
        with self.engine.connect() as c:
            moves = self._my_moves(c, seat_of) if mine else set()
            if mine:
                order.insert(0, t.c.id.in_(mine).desc())
            if moves:
                order.insert(0, t.c.id.in_(sorted(moves)).desc())
            total = c.execute(select(func.count()).select_from(t).where(cond)).scalar_one()
            rows = c.execute(select(t).where(cond).order_by(*order)
                             .limit(limit).offset(offset)).all()
            out = [self._table(r) for r in rows]
            seats = self._seats(c, [x.id for x in out])
            for x in out:
                x.seats = seats[x.id]
            return total, out, moves

    @staticmethod
    def _my_moves(c, mine: dict[str, int]) -> set[str]:
        """Those of these running tables ({table id: seat}) where that seat is to move and
        its player (not a bot) plays it."""
        s = seats_t.c
        rows = c.execute(select(tables_t.c.id, tables_t.c.to_move, s.kind, s.state, s.bot)
                         .join(seats_t, and_(s.table_id == tables_t.c.id,
                                             s.seat == tables_t.c.to_move))
                         .where(and_(tables_t.c.id.in_(list(mine)),
                                     tables_t.c.status == "running")))
        return {r.id for r in rows if r.to_move == mine[r.id] and r.kind == "human"
                and not (r.state is not None and r.bot is not None)}

    def seats_held(self, held: dict[str, str],
                   account_id: int | None = None) -> dict[str, int]:
        """{table id: seat} for each (table id, token hash) pair that names a seat; with
        `account_id` (a signed-in asker), not the seats of other accounts."""
        out: dict[str, int] = {}
        if not held:
            return out
        with self.engine.connect() as c:
            rows = c.execute(select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.token_hash,
                                    seats_t.c.account_id)
                             .where(seats_t.c.table_id.in_(list(held))))
            for r in rows:
                if account_id is not None and r.account_id not in (None, account_id):
                    continue
                if r.token_hash is not None and r.token_hash == held.get(r.table_id):
                    out[r.table_id] = r.seat
        return out

    def live_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(
                select(tables_t.c.id).where(tables_t.c.status.in_(["open", "running"])))]

    def bot_table_ids(self) -> list[str]:
        """The running tables with a bot seat (or a seat a bot took over): the only ones
        where a bot may be to move."""
        with self.engine.connect() as c:
            has_bot = exists().where(and_(seats_t.c.table_id == tables_t.c.id,
                                          seats_t.c.bot.is_not(None)))
            return [r.id for r in c.execute(
                select(tables_t.c.id).where(and_(tables_t.c.status == "running", has_bot)))]

    def actions(self, table_id: str) -> list[ActionRow]:
        with self.engine.connect() as c:
            return self._actions(c, table_id, 0)

    @staticmethod
    def _actions(c, table_id: str, since: int) -> list[ActionRow]:
        rows = c.execute(select(actions_t.c.seq, actions_t.c.seat, actions_t.c.action,
                                actions_t.c.barrier)
                         .where(and_(actions_t.c.table_id == table_id, actions_t.c.seq >= since))
                         .order_by(actions_t.c.seq))
        return [ActionRow(r.seq, r.seat, r.action, bool(r.barrier)) for r in rows]

    def due_tables(self, now: float, open_before: float | None) -> list[str]:
        """The running tables whose turn ran out by `now`, and the open tables created
        before `open_before` (which expire)."""
        cond = and_(tables_t.c.deadline <= now, tables_t.c.status == "running")
        if open_before is not None:
            cond = or_(cond, and_(tables_t.c.status == "open",
                                  tables_t.c.created < open_before))
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(tables_t.c.id).where(cond).limit(500))]

    def change_table(self, table_id: str, version: int, values: dict,
                     seats: dict[int, dict], events: list[dict]) -> None:
        """A change of a table other than a move (a resignation, a timeout, a seat taken
        back, a cancellation...): the table's `values`, its seats' and the events, in one
        transaction; StaleWrite if the table is no longer at `version`."""
        now = time.time()
        with self.engine.begin() as c:
            n = c.execute(update(tables_t).where(and_(
                tables_t.c.id == table_id, tables_t.c.version == version)).values(
                updated=now, version=version + 1, **values)).rowcount
            if n != 1:
                raise StaleWrite(table_id)
            for seat, v in seats.items():
                c.execute(update(seats_t).where(and_(seats_t.c.table_id == table_id,
                                                     seats_t.c.seat == seat)).values(**v))
            if events:
                c.execute(insert(events_t), [{"table_id": table_id, "time": now, **e}
                                             for e in events])

    def events(self, table_id: str) -> list[dict]:
        with self.engine.connect() as c:
            return self._events(c, table_id)

    @staticmethod
    def _turn_values(turn: "Turn | None") -> dict:
        if turn is None:
            return {}
        return {"turn_seat": turn.seat, "turn_start": turn.start, "deadline": turn.deadline}

    @staticmethod
    def _save_reserves(c, table_id: str, turn: "Turn | None") -> None:
        if turn is None or not turn.reserves:
            return
        c.execute(update(seats_t).where(and_(seats_t.c.table_id == _bind("tid"),
                                             seats_t.c.seat == _bind("s"))).values(
            reserve=_bind("r")), [{"tid": table_id, "s": k, "r": v}
                                  for k, v in turn.reserves.items()])

    def claim_seat(self, table_id: str, seat: int, name: str | None, token_hash: str,
                   expect_token: str | None, expect_invite: str | None,
                   new_status: str | None, unnamed: bool = True,
                   turn: "Turn | None" = None) -> bool:
        """Give a human seat a new token (its holder's secret), clear its invitation and,
        if `name`, name it. A compare-and-set: the seat's token and invitation hashes must
        still be `expect_token` and `expect_invite` (None: none), and with `unnamed` the
        seat must have no name yet. False if someone was quicker."""
        with self.engine.begin() as c:
            s = seats_t.c
            cond = and_(s.table_id == table_id, s.seat == seat, s.kind == "human",
                        s.token_hash.is_(None) if expect_token is None
                        else s.token_hash == expect_token,
                        s.invite_hash.is_(None) if expect_invite is None
                        else s.invite_hash == expect_invite)
            if unnamed:
                cond = and_(cond, s.name.is_(None))
            values: dict = {"token_hash": token_hash, "invite_hash": None}
            if name is not None:
                values["name"] = name
            if c.execute(update(seats_t).where(cond).values(**values)).rowcount != 1:
                return False
            values: dict = {"updated": time.time(), "version": tables_t.c.version + 1,
                            **self._turn_values(turn)}
            if new_status:
                values["status"] = new_status
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
            self._save_reserves(c, table_id, turn)
            return True

    # -- actions -------------------------------------------------------------------------

    def append_actions(self, batch: list[NewAction]) -> None:
        """Insert actions and update their tables in one transaction: all or nothing.

        Each table moves from the action's `version` to the next one (a compare-and-set
        that also locks the table's row until the commit); if any table has moved on, or
        its `seq` is taken, StaleWrite is raised and nothing is written."""
        with self.engine.begin() as c:
            n = c.execute(update(tables_t).where(and_(
                tables_t.c.id == _bind("tid"), tables_t.c.version == _bind("ver"))).values(
                status=_bind("st"), result=_bind("res", JSON), moves=_bind("mv"),
                updated=_bind("tm"), version=_bind("nv"), turn_seat=_bind("ts"),
                turn_start=_bind("t0"), deadline=_bind("dl"), to_move=_bind("mover")), [
                {"tid": a.table_id, "ver": a.version, "nv": a.version + 1, "st": a.status,
                 "res": a.result, "mv": a.seq + 1, "tm": a.time,
                 "ts": a.turn.seat if a.turn else None, "t0": a.turn.start if a.turn else None,
                 "dl": a.turn.deadline if a.turn else None, "mover": a.to_move}
                for a in batch]).rowcount
            if n != len(batch):
                raise StaleWrite(batch[0].table_id if len(batch) == 1 else "(one of a batch)")
            for a in batch:
                self._save_reserves(c, a.table_id, a.turn)
            try:
                c.execute(insert(actions_t), [
                    {"table_id": a.table_id, "seq": a.seq, "seat": a.seat, "action": a.action,
                     "barrier": a.barrier, "time": a.time} for a in batch])
            except IntegrityError:  # the seq was taken: the version check should have said so
                raise StaleWrite(batch[0].table_id) from None
            for a in batch:
                if a.status != "finished":
                    continue
                if a.winners is not None:
                    c.execute(update(seats_t).where(seats_t.c.table_id == a.table_id).values(
                        won=seats_t.c.seat.in_(a.winners) if a.winners else false()))
                if a.rating is not None:
                    self._rate(c, a.table_id, a.rating, a.time)

    # -- ratings (railtable.server.ratings) ------------------------------------------------

    @staticmethod
    def _rate(c, table_id: str, outcome: dict, at: float) -> bool:
        """Update the ratings of a finished table's accounts (and, in a cooperative game,
        of its setup), in the caller's transaction, if the table is rated: created rated,
        no undo (the column), no bot seat and every seat an account's, each account once.
        False: unrated. The rating rows are locked (made first if new, in the order of
        their keys), so tables of the same players finishing at once on two workers both
        count."""
        from railtable.server import ratings
        t = c.execute(select(tables_t.c.game, tables_t.c.rated)
                      .where(tables_t.c.id == table_id)).first()
        if t is None or not t.rated:
            return False
        seats = c.execute(select(seats_t.c.seat, seats_t.c.kind, seats_t.c.account_id)
                          .where(seats_t.c.table_id == table_id)
                          .order_by(seats_t.c.seat)).all()
        accounts = [s.account_id for s in seats]
        if (any(s.kind != "human" for s in seats) or None in accounts
                or len(set(accounts)) != len(accounts) or len(accounts) < 2):
            return False
        m, r = ratings.MODEL, ratings_t.c
        _insert_new(c, ratings_t, [
            {"account_id": a, "game": t.game, "mu": m.mu, "sigma": m.sigma, "games": 0,
             "ordinal": ratings.ordinal(m.mu, m.sigma), "updated": at}
            for a in sorted(accounts)])
        old = {x.account_id: x for x in c.execute(
            select(r.account_id, r.mu, r.sigma, r.games)
            .where(and_(r.game == t.game, r.account_id.in_(accounts)))
            .order_by(r.account_id).with_for_update())}
        setup, opponent = outcome.get("setup"), None
        o = opponents_t.c
        if setup is not None:
            _insert_new(c, opponents_t, [
                {"game": t.game, "setup": setup["key"], "players": setup["players"],
                 "level": setup["level"], "options": setup["options"], "mu": setup["mu"],
                 "sigma": m.sigma, "games": 0, "updated": at}])
            opponent = c.execute(select(o.mu, o.sigma, o.games).where(and_(
                o.game == t.game, o.setup == setup["key"])).with_for_update()).one()
        try:
            new, game_new = ratings.new_ratings(
                [(old[a].mu, old[a].sigma) for a in accounts], outcome,
                (opponent.mu, opponent.sigma) if opponent is not None else None)
        except Exception:  # noqa: BLE001 - a rating bug must never refuse a game's last move
            logging.getLogger("railtable.server").exception("rating table %s failed",
                                                            table_id)
            c.execute(delete(ratings_t).where(and_(r.game == t.game, r.games == 0,
                                                   r.account_id.in_(accounts))))
            return False
        # the history's unique (account, table) rows first: a second update fails here
        c.execute(insert(rating_history_t), [
            {"account_id": a, "game": t.game, "table_id": table_id, "mu": mu,
             "sigma": sigma, "time": at} for a, (mu, sigma) in zip(accounts, new)])
        for a, (mu, sigma) in zip(accounts, new):
            c.execute(update(ratings_t).where(and_(r.account_id == a, r.game == t.game))
                      .values(mu=mu, sigma=sigma, ordinal=ratings.ordinal(mu, sigma),
                              games=old[a].games + 1, updated=at))
        if opponent is not None:
            c.execute(update(opponents_t).where(and_(o.game == t.game,
                                                     o.setup == setup["key"]))
                      .values(mu=game_new[0], sigma=game_new[1], games=opponent.games + 1,
                              updated=at))
        return True

    def rate_table(self, table_id: str, outcome: dict, at: float) -> bool:
        """_rate in a transaction of its own (IntegrityError if the table was rated)."""
        with self.engine.begin() as c:
            return self._rate(c, table_id, outcome, at)

    def leaderboard(self, game: str, limit: int, offset: int) -> tuple[int, list[dict]]:
        """(how many accounts have a rating in `game`, a page of them by ordinal)."""
        r = ratings_t.c
        cond = and_(r.game == game, r.games > 0)
        with self.engine.connect() as c:
            total = c.execute(select(func.count()).select_from(ratings_t)
                              .where(cond)).scalar_one()
            rows = c.execute(select(r.mu, r.sigma, r.ordinal, r.games, accounts_t.c.name)
                             .join(accounts_t, accounts_t.c.id == r.account_id)
                             .where(cond)
                             .order_by(r.ordinal.desc(), r.games.desc(), accounts_t.c.name)
                             .limit(limit).offset(offset)).all()
        return total, [{"rank": offset + i + 1, "name": x.name, "ordinal": x.ordinal,
                        "mu": x.mu, "sigma": x.sigma, "games": x.games}
                       for i, x in enumerate(rows)]

    def opponents(self, game: str, most: int) -> list[dict]:
        """A cooperative game's setups that teams have played, the most played first."""
        o = opponents_t.c
        with self.engine.connect() as c:
            return [{"level": x.level, "players": x.players, "options": x.options,
                     "mu": x.mu, "sigma": x.sigma, "games": x.games}
                    for x in c.execute(select(opponents_t).where(o.game == game)
                                       .order_by(o.games.desc(), o.players, o.setup)
                                       .limit(most))]

    def account_ratings(self, account_id: int) -> list[dict]:
        with self.engine.connect() as c:
            return self._account_ratings(c, account_id)

    @staticmethod
    def _account_ratings(c, account_id: int) -> list[dict]:
        r = ratings_t.c
        return [{"game": x.game, "ordinal": x.ordinal, "mu": x.mu, "sigma": x.sigma,
                 "games": x.games}
                for x in c.execute(select(ratings_t).where(and_(
                    r.account_id == account_id, r.games > 0)).order_by(r.game))]

    # -- profiles (GET /api/players/{name}) ------------------------------------------------

    def player(self, key: str, viewer: int | None, recent: int, offset: int,
               points: int) -> dict | None:
        """An account's public profile by its casefolded name: its finished tables played
        and won per game, its ratings, the last `points` ratings of each game (oldest
        first), and a page of its tables (`recent` from `offset`, the latest first; the
        private ones only to the account itself). None: no such account."""
        with self._snapshot() as c, c.begin():
            acct = c.execute(select(accounts_t.c.id, accounts_t.c.name, accounts_t.c.created)
                             .where(accounts_t.c.name_key == key)).first()
            if acct is None:
                return None
            s, t, h = seats_t.c, tables_t.c, rating_history_t.c
            mine = s.account_id == acct.id
            played = {r.game: {"game": r.game, "played": r.played, "won": int(r.won or 0)}
                      for r in c.execute(
                          select(t.game, func.count().label("played"),
                                 func.sum(case((s.won == true(), 1), else_=0)).label("won"))
                          .select_from(seats_t.join(tables_t, t.id == s.table_id))
                          .where(and_(mine, t.status == "finished")).group_by(t.game))}
            rated = self._account_ratings(c, acct.id)
            history = {}
            for x in rated:
                rows = c.execute(select(h.table_id, h.mu, h.sigma, h.time).where(and_(
                    h.account_id == acct.id, h.game == x["game"]))
                    .order_by(h.time.desc(), h.id.desc()).limit(points)).all()
                history[x["game"]] = {
                    "complete": len(rows) == x["games"],
                    "points": [{"table": r.table_id, "mu": r.mu, "sigma": r.sigma,
                                "time": r.time} for r in reversed(rows)]}
            cond = and_(mine, t.status.in_(["running", "finished", "abandoned"]))
            if viewer != acct.id:
                cond = and_(cond, t.private == false())
            total = c.execute(select(func.count()).select_from(
                seats_t.join(tables_t, t.id == s.table_id)).where(cond)).scalar_one()
            rows = c.execute(
                select(tables_t, s.seat.label("my_seat"), s.won.label("my_won"),
                       h.mu.label("after_mu"), h.sigma.label("after_sigma"))
                .select_from(seats_t.join(tables_t, t.id == s.table_id)
                             .outerjoin(rating_history_t, and_(h.table_id == t.id,
                                                               h.account_id == acct.id)))
                .where(cond).order_by(t.updated.desc(), t.id)
                .limit(recent).offset(offset)).all()
            seats = self._seats(c, [r.id for r in rows])
        tables = []
        for r in rows:
            tables.append({"row": self._table(r), "seats": seats[r.id], "seat": r.my_seat,
                           "won": r.my_won, "rating": None if r.after_mu is None else
                           {"mu": r.after_mu, "sigma": r.after_sigma}})
        return {"name": acct.name, "created": acct.created,
                "games": [{**played.get(x, {"game": x, "played": 0, "won": 0})}
                          for x in sorted(set(played) | {y["game"] for y in rated})],
                "ratings": rated, "history": history, "total": total, "tables": tables}

    # -- chat (railtable.server.chat) ----------------------------------------------------

    def add_chat(self, table_id: str, seat: int | None, account_id: int | None,
                 name: str | None, text_: str, at: float) -> int:
        """Store a chat message; its id."""
        with self.engine.begin() as c:
            return c.execute(insert(chat_t).values(
                table_id=table_id, seat=seat, account_id=account_id, name=name, text=text_,
                time=at)).inserted_primary_key[0]

    def recent_chat(self, table_id: str, most: int) -> list[dict]:
        """A table's last `most` chat messages, oldest first."""
        ch = chat_t.c
        with self.engine.connect() as c:
            rows = c.execute(select(ch.id, ch.seat, ch.name, ch.text, ch.time)
                             .where(ch.table_id == table_id)
                             .order_by(ch.id.desc()).limit(most)).all()
        return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "time": r.time}
                for r in reversed(rows)]

    def truncate_actions(self, table_id: str, keep: int, status: str, version: int,
                         turn: "Turn | None" = None, to_move: int | None = None) -> None:
        """Delete the actions from seq `keep` on (an undo), in one transaction; StaleWrite
        if the table is no longer at `version`."""
        with self.engine.begin() as c:
            n = c.execute(update(tables_t).where(and_(
                tables_t.c.id == table_id, tables_t.c.version == version)).values(
                moves=keep, status=status, result=None, updated=time.time(),
                version=version + 1, rated=False, to_move=to_move,
                unrated=case((tables_t.c.rated == true(), "undo"), else_=tables_t.c.unrated),
                **self._turn_values(turn))).rowcount
            if n != 1:
                raise StaleWrite(table_id)
            self._save_reserves(c, table_id, turn)
            c.execute(delete(actions_t).where(and_(actions_t.c.table_id == table_id,
                                                   actions_t.c.seq >= keep)))

    # -- accounts (railtable.server.accounts) ---------------------------------------------

    def create_account(self, name: str, key: str, password_hash: str) -> int | None:
        """The new account's id, or None if the name (its casefolded `key`) is taken."""
        try:
            with self.engine.begin() as c:
                return c.execute(insert(accounts_t).values(
                    name=name, name_key=key, password_hash=password_hash,
                    created=time.time())).inserted_primary_key[0]
        except IntegrityError:
            return None

    def account_by_key(self, key: str) -> Account | None:
        with self.engine.connect() as c:
            r = c.execute(select(accounts_t).where(accounts_t.c.name_key == key)).first()
            return Account(r.id, r.name, r.password_hash) if r else None

    def set_password(self, account_id: int, password_hash: str,
                     keep_session: str | None = None, end_sessions: bool = True) -> None:
        """A new password hash; with `end_sessions`, every session of the account but
        `keep_session` ends."""
        with self.engine.begin() as c:
            c.execute(update(accounts_t).where(accounts_t.c.id == account_id)
                      .values(password_hash=password_hash))
            if not end_sessions:
                return
            cond = sessions_t.c.account_id == account_id
            if keep_session is not None:
                cond = and_(cond, sessions_t.c.id_hash != keep_session)
            c.execute(delete(sessions_t).where(cond))

    def create_session(self, id_hash: str, account_id: int, expires: float) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(delete(sessions_t).where(sessions_t.c.expires < now))  # the expired
            c.execute(insert(sessions_t).values(id_hash=id_hash, account_id=account_id,
                                                created=now, expires=expires))

    def session_account(self, id_hash: str) -> Account | None:
        """The account of an unexpired session."""
        with self.engine.connect() as c:
            r = c.execute(select(accounts_t).join(
                sessions_t, sessions_t.c.account_id == accounts_t.c.id).where(and_(
                    sessions_t.c.id_hash == id_hash,
                    sessions_t.c.expires > time.time()))).first()
            return Account(r.id, r.name, r.password_hash) if r else None

    def end_session(self, id_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(sessions_t).where(sessions_t.c.id_hash == id_hash))

    def bind_seats(self, account_id: int, seats: dict[str, int]) -> None:
        """Bind these seats ({table id: seat}) to the account, unless another account's."""
        if not seats:
            return
        with self.engine.begin() as c:
            c.execute(update(seats_t).where(and_(
                seats_t.c.table_id == _bind("tid"), seats_t.c.seat == _bind("s"),
                seats_t.c.kind == "human", seats_t.c.account_id.is_(None))).values(
                account_id=account_id), [{"tid": t, "s": s} for t, s in seats.items()])

    def rebind_seat(self, table_id: str, seat: int, account_id: int | None) -> None:
        """A seat given to a new holder (a new token): its account is the new holder's."""
        with self.engine.begin() as c:
            c.execute(update(seats_t).where(and_(seats_t.c.table_id == table_id,
                                                 seats_t.c.seat == seat))
                      .values(account_id=account_id))

    def seat_account_names(self, table_id: str) -> dict[int, tuple[int, str]]:
        """{seat: (account id, account name)} of a table's seats bound to accounts."""
        with self.engine.connect() as c:
            return {r.seat: (r.account_id, r.name) for r in c.execute(
                select(seats_t.c.seat, seats_t.c.account_id, accounts_t.c.name)
                .join(accounts_t, accounts_t.c.id == seats_t.c.account_id)
                .where(seats_t.c.table_id == table_id))}

    def seat_accounts(self, table_id: str) -> dict[int, int]:
        """{seat: account id} of a table's seats bound to accounts."""
        with self.engine.connect() as c:
            return {r.seat: r.account_id for r in c.execute(
                select(seats_t.c.seat, seats_t.c.account_id).where(and_(
                    seats_t.c.table_id == table_id, seats_t.c.account_id.is_not(None))))}

    def account_seats(self, account_id: int, most: int = 1000) -> dict[str, int]:
        """{table id: seat} of the account's seats (one a table), the latest tables first."""
        with self.engine.connect() as c:
            rows = c.execute(select(seats_t.c.table_id, seats_t.c.seat)
                             .join(tables_t, tables_t.c.id == seats_t.c.table_id)
                             .where(seats_t.c.account_id == account_id)
                             .order_by(tables_t.c.updated.desc(), seats_t.c.seat)
                             .limit(most))
            out: dict[str, int] = {}
            for r in rows:
                out.setdefault(r.table_id, r.seat)
            return out

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as c:
            return c.execute(select(func.count()).select_from(actions_t)
                             .where(actions_t.c.table_id == table_id)).scalar_one()


def name_key(name: str) -> str:
    """The form of a table name that the lobby's search compares."""
    return name.casefold()[:64]


def _insert_new(c, table: Table, rows: list[dict]) -> None:
    """Insert the rows whose key is not taken yet, leaving the others as they are (on
    PostgreSQL, waiting for another transaction inserting the same key to end)."""
    name = c.dialect.name
    if name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as insert_new
    elif name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as insert_new
    else:  # pragma: no cover - the server supports SQLite and PostgreSQL
        raise NotImplementedError(f"no insert-if-new for {name}")
    c.execute(insert_new(table).on_conflict_do_nothing(), rows)


def _bind(name: str, type_=None):
    return bindparam(name, type_=type_)
