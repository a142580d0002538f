"""Players (issue #24): table chat, who is to move, who won, and the rating of a cooperative
game's setup.

- `chat`: the messages of each table (the author's seat and public name, the text).
- `tables.spectator_chat`: whether spectators may write in the chat (a creation setting).
- `tables.unrated`: why a table does not count for ratings ("off", "bots", "undo"); tables
  of an older database that do not count: "bots" if they have a bot seat, else "unknown".
- `tables.to_move`: the seat to decide now (null: nobody), so the lobby lists first the
  tables where it is the asker's move. Tables of an older database learn it at their next
  move.
- `seats.won`: set when the table finishes (the standing's winners), for profiles. Finished
  tables of an older database get it here, from their stored result and seat states.
- `opponents`: in a cooperative game the team plays against the game; each setup (the
  options and the number of players) has a rating of its own (railtable.server.ratings).

Plain ALTERs only: a batch would rebuild `tables` on SQLite, and dropping the old table
cascades to its seats, actions and events.

Revision ID: 0006_players
Revises: 0005_ratings
"""

import json
from types import SimpleNamespace

import sqlalchemy as sa
from alembic import op

revision = "0006_players"
down_revision = "0005_ratings"
branch_labels = None
depends_on = None

FORFEITS = ("resigned", "dropped", "left")  # as railtable.server.lifecycle.FORFEITS


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("time", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])
    op.add_column("tables", sa.Column("spectator_chat", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.add_column("tables", sa.Column("to_move", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("unrated", sa.String(16), nullable=True))
    tables = sa.table("tables", sa.column("id"), sa.column("rated", sa.Boolean),
                      sa.column("unrated"))
    seats = sa.table("seats", sa.column("table_id"), sa.column("kind"))
    bots = sa.exists().where(sa.and_(seats.c.table_id == tables.c.id, seats.c.kind == "bot"))
    op.execute(sa.update(tables).where(sa.and_(tables.c.rated == sa.false(), bots))
               .values(unrated="bots"))
    op.execute(sa.update(tables).where(sa.and_(tables.c.rated == sa.false(),
                                               tables.c.unrated.is_(None)))
               .values(unrated="unknown"))
    op.add_column("seats", sa.Column("won", sa.Boolean, nullable=True))
    op.create_table(
        "opponents",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("setup", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    backfill_won()


def backfill_won() -> None:
    """Who won each finished table with an account's seat (only those show on profiles;
    accounts came with revision 0004): the game's winners without the forfeited seats, as
    railtable.server.lifecycle.standing ranks them."""
    bind = op.get_bind()
    tables = sa.table("tables", sa.column("id"), sa.column("game"), sa.column("status"),
                      sa.column("result", sa.JSON))
    seats = sa.table("seats", sa.column("table_id"), sa.column("seat"), sa.column("state"),
                     sa.column("account_id"), sa.column("won"))
    with_account = sa.select(seats.c.table_id).where(seats.c.account_id.is_not(None))
    rows = bind.execute(sa.select(tables.c.id, tables.c.game, tables.c.result).where(
        sa.and_(tables.c.status == "finished", tables.c.id.in_(with_account)))).all()
    for table_id, game, result in rows:
        if isinstance(result, str):
            result = json.loads(result)
        states = {r.seat: r.state for r in bind.execute(
            sa.select(seats.c.seat, seats.c.state).where(seats.c.table_id == table_id))}
        for seat, won in winners_of(game, result, states).items():
            bind.execute(sa.update(seats).where(sa.and_(
                seats.c.table_id == table_id, seats.c.seat == seat)).values(won=won))


def winners_of(game: str, result: dict | None, states: dict[int, str | None]) -> dict:
    """{seat: won} of a finished table, by the server's own standing when the game is
    installed, else by the same rule on the result alone."""
    if not result or "winners" not in result:
        return {}
    seats = [SimpleNamespace(seat=s, state=states[s]) for s in sorted(states)]
    try:
        from railtable.engine.registry import get_game
        from railtable.server.lifecycle import standing
        winners = standing(result, seats, get_game(game).cooperative)["winners"]
    except Exception:  # noqa: BLE001 - a game not installed here: the game's own winners
        winners = [w for w in result["winners"] if states.get(w) not in FORFEITS]
    return {s: s in winners for s in states}


def downgrade() -> None:
    op.drop_table("opponents")
    op.drop_column("seats", "won")
    op.drop_column("tables", "unrated")
    op.drop_column("tables", "to_move")
    op.drop_column("tables", "spectator_chat")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
